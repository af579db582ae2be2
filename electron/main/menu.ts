// The application menu: standard edit roles everywhere; reload and developer tools only in development.
import type { MenuItemConstructorOptions } from 'electron';

export function menuTemplate(opts: { dev: boolean; mac: boolean }): MenuItemConstructorOptions[] {
  const template: MenuItemConstructorOptions[] = [];
  if (opts.mac) template.push({ role: 'appMenu' });
  template.push({ role: 'fileMenu' });
  template.push({
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'pasteAndMatchStyle' },
      { role: 'delete' },
      { type: 'separator' },
      { role: 'selectAll' },
    ],
  });
  const view: MenuItemConstructorOptions[] = opts.dev
    ? [
        { role: 'reload' },
        { role: 'forceReload' },
        { role: 'toggleDevTools' },
        { type: 'separator' },
      ]
    : [];
  view.push(
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  );
  template.push({ label: 'View', submenu: view });
  template.push({ role: 'windowMenu' });
  return template;
}
