// Creates the one app window and keeps it inside the app: no navigation, no popups, no webviews.
import { BrowserWindow } from 'electron';
import { createEventOutbox, type EventOutbox } from './outbox';
import { APP_ORIGIN, isSafeExternalUrl, mainWindowOptions } from './policy';

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

  // Every way a page leaves for an address (a navigation, a new window, a middle-click) asks the
  // person the way a clicked link does: the page's own confirmation shows the whole address.
  const askAboutLink = (url: string): void => {
    if (isSafeExternalUrl(url)) outbox.post('shell.openRequested', { url });
  };
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    askAboutLink(url);
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    askAboutLink(url);
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
