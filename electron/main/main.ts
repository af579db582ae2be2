// Electron entry: wires the secure window, the app:// protocol, IPC and core together.
import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { app, BrowserWindow, Menu, safeStorage, session } from 'electron';
import { createCore, type Core } from '../core/app';
import { createFileVault } from '../core/features/settings/vault';
import { openRecovery } from '../core/library/recovery';
import { registerAppScheme, serveRenderer } from './app-protocol';
import { createElectronHost } from './host';
import { registerInvokeHandlers } from './ipc';
import { menuTemplate } from './menu';
import { isPermissionAllowed } from './policy';
import { createElectronSettingsStore } from './settings-store';
import { createAppWindow, type AppWindow } from './window';

// One folder name on every platform and in dev and packaged builds alike.
app.setPath('userData', join(app.getPath('appData'), 'Atelier'));
app.enableSandbox();
registerAppScheme();

let current: AppWindow | null = null;
let core: Core | null = null;

function lockDownSession(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, permission, grant, details) => {
    grant(
      isPermissionAllowed({
        permission,
        requestingUrl: details.requestingUrl,
        mediaTypes: 'mediaTypes' in details ? details.mediaTypes : undefined,
      }),
    );
  });
  ses.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    isPermissionAllowed({
      permission,
      requestingUrl: details.requestingUrl ?? requestingOrigin,
      mediaTypes: details.mediaType ? [details.mediaType] : undefined,
    }),
  );
}

function openWindow(): void {
  current = createAppWindow(join(__dirname, 'preload.cjs'));
  const opened = current;
  opened.window.on('closed', () => {
    if (current === opened) current = null;
  });
}

async function startApp(): Promise<void> {
  await app.whenReady();
  serveRenderer(join(__dirname, '..', 'renderer'), async (id, variant) =>
    core ? core.resolveMedia(id, variant) : null,
  );
  lockDownSession();
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate({ dev: !app.isPackaged, mac: process.platform === 'darwin' }),
    ),
  );

  const dataDir = app.getPath('userData');
  // Conversations, media and the key are the person's alone: new files 0600, folders 0700.
  process.umask(0o077);
  await chmod(dataDir, 0o700).catch(() => undefined);
  // One record of what was set aside at start, whichever store found it, for the person to hear.
  const recovery = openRecovery(dataDir);
  core = await createCore({
    dataDir,
    recovery,
    vault: createFileVault(join(dataDir, 'key.bin'), safeStorage, { recovery }),
    settingsStore: createElectronSettingsStore(dataDir, recovery),
    emit: (event, payload) => current?.outbox.post(event, payload),
    host: createElectronHost(() =>
      current && !current.window.isDestroyed() ? current.window : null,
    ),
  });
  registerInvokeHandlers(
    core,
    () => new Set(current && !current.window.isDestroyed() ? [current.window.webContents.id] : []),
  );
  openWindow();

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!current) return;
    if (current.window.isMinimized()) current.window.restore();
    current.window.focus();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  let disposed = false;
  app.on('will-quit', (event) => {
    if (disposed || !core) return;
    // Core saves partial answers and job state; give it the chance before the process ends.
    event.preventDefault();
    disposed = true;
    void core.dispose().finally(() => app.quit());
  });
  startApp().catch((error: unknown) => {
    console.error('Atelier could not start:', error);
    app.exit(1);
  });
}
