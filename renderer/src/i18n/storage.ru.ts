// Russian strings of storage.*: files of the data folder set aside at start, and how to get one back.
import type { storageEn } from './storage.en';

export const storageRu: { readonly [K in keyof typeof storageEn]: string } = {
  'storage.recoveredTitle':
    'Atelier отложил в сторону {files} своих данных — использовать не удалось. Всё остальное загружено.',
  'storage.recoveredWhich': 'Какие файлы и почему',
  'storage.recoveredStayed': 'Переместить его не удалось, он остался на месте.',
  'storage.recoveredWhere': 'Ничего не удалено: файлы лежат в этой папке:',
  'storage.recoveredHowBack':
    'Чтобы вернуть файл: закройте Atelier, переместите файл туда, где он был (это написано в файле {note} рядом с ним), и снова запустите Atelier.',
  'storage.recoveredLabel': 'Отложенные файлы',
  'storage.dismiss': 'Скрыть',
};
