// Russian strings of nav.*: the section navigation; typed against the English ones.
import type { navEn } from './nav.en';

export const navRu: { readonly [K in keyof typeof navEn]: string } = {
  'nav.label': 'Разделы',
  'nav.chat': 'Чат',
  'nav.images': 'Изображения',
  'nav.audio': 'Аудио',
  'nav.video': 'Видео',
  'nav.documents': 'Документы',
  'nav.settings': 'Настройки',
};
