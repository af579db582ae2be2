// Creates the one app window and keeps it inside the app: no navigation, no popups, no webviews.
import { BrowserWindow, shell } from 'electron';
import { createEventOutbox, type EventOutbox } from './outbox';
import { APP_ORIGIN, isSafeExternalUrl, mainWindowOptions } from './policy';

function openInBrowser(url: string): void {
  if (isSafeExternalUrl(url)) void shell.openExternal(url, { activate: true });
}

export interface AppWindow {
  window: BrowserWindow;
  /** Core's events for this window, held while its page loads. */
  outbox: EventOutbox;
}

export function createAppWindow(preloadPath: string): AppWindow {
  const window = new BrowserWindow(mainWindowOptions(preloadPath));
  const contents = window.webContents;
  const outbox = createEventOutbox((event, payload) => {
    if (!contents.isDestroyed()) contents.send(event, payload);
  });

  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    openInBrowser(url);
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openInBrowser(url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.on('did-start-loading', () => outbox.close());
  contents.on('did-finish-load', () => outbox.open());
  contents.on('render-process-gone', (_event, details) => {
    console.error(`Atelier's page stopped (${details.reason}); reloading.`);
    if (details.reason !== 'clean-exit') contents.reload();
  });
  window.once('ready-to-show', () => window.show());

  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return { window, outbox };
}
