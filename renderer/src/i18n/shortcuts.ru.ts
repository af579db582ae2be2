// Russian strings of shortcuts.*: the keyboard shortcut hint; typed against the English ones.
import type { shortcutsEn } from './shortcuts.en';

export const shortcutsRu: { readonly [K in keyof typeof shortcutsEn]: string } = {
  'shortcuts.hint': 'Ctrl+N новый чат · Ctrl+K поиск · Esc стоп · Ctrl+, настройки',
};
