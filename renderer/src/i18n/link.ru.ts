// Russian strings of link.*: the confirm before a link leaves the app, and pictures from other sites.
import type { linkEn } from './link.en';

export const linkRu: { readonly [K in keyof typeof linkEn]: string } = {
  'link.confirmTitle': 'Открыть ссылку?',
  'link.confirmWeb': 'Она откроется вне Atelier, в браузере. Проверьте, куда она ведёт:',
  'link.confirmMail': 'Откроется новое письмо в почтовой программе. Проверьте адрес:',
  'link.address': 'Полный адрес',
  'link.open': 'Открыть ссылку',
  'link.alwaysOpen': 'Всегда открывать ссылки на {host}',
  'link.remoteImage':
    'Картинка на {host} не загружена: Atelier ничего не загружает с других сайтов. Нажмите, чтобы открыть её в браузере.',
} as const;
