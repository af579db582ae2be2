// Russian strings of app.*: the window itself: its title and the screen shown without a bridge; typed against the English ones.
import type { appEn } from './app.en';

export const appRu: { readonly [K in keyof typeof appEn]: string } = {
  'app.title': 'Atelier',
  'app.titleDemo': 'Atelier · Демо',
  'app.noBridge.title': 'Atelier не может связаться с ядром',
  'app.noBridge.body':
    'Это окно открыто без моста Atelier, поэтому оно не может работать с приложением. Запустите Atelier из установщика или командой «npm run web» и откройте адрес, который она выведет.',
  'app.loading': 'Загрузка…',
};
