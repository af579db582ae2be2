// Settings kept by electron-store (atomic JSON in the user data folder) behind core's SettingsStore.
import { join } from 'node:path';
import Store from 'electron-store';
import { FILE_MODE } from '../core/library/data-folder';
import type { Recovery } from '../core/library/recovery';
import { saveFailed } from '../core/library/save-failure';
import {
  defaultSettings,
  readSettingsFile,
  sanitizeSettings,
  type SettingsStore,
  type StoredSettings,
} from '../core/features/settings/store';

/** electron-store's file, `settings.json` in `dataDir` (the user data folder). */
export function createElectronSettingsStore(dataDir: string, recovery: Recovery): SettingsStore {
  // Checked first as the web host's store checks it: a file that cannot be used is set aside to
  // recovered/ and the person told, rather than cleared by electron-store.
  const checked = readSettingsFile(join(dataDir, 'settings.json'), recovery);
  const store = new Store<StoredSettings>({
    name: 'settings',
    cwd: dataDir,
    defaults: defaultSettings,
    // Anything the check let through that electron-store still refuses must not stop the start.
    clearInvalidConfig: true,
    // The person's alone whatever the umask, as every file core writes (library/data-folder.ts).
    configFileMode: FILE_MODE,
  });
  const write = (next: StoredSettings): void => {
    try {
      store.store = sanitizeSettings(next);
    } catch (e) {
      throw saveFailed('The settings', e);
    }
  };
  // What was kept of a file set aside is saved anew, so the next start has it too.
  if (checked?.setAside) {
    try {
      write(checked.settings);
    } catch {
      // A full disk: the file set aside still has them.
    }
  }
  return { read: () => sanitizeSettings(store.store), write };
}
