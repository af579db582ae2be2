// Settings kept by electron-store (atomic JSON in the user data folder) behind core's SettingsStore.
import Store from 'electron-store';
import {
  defaultSettings,
  sanitizeSettings,
  type SettingsStore,
  type StoredSettings,
} from '../core/features/settings/store';

export function createElectronSettingsStore(): SettingsStore {
  const store = new Store<StoredSettings>({
    name: 'settings',
    defaults: defaultSettings,
    // A hand-broken settings file must not stop the app from starting.
    clearInvalidConfig: true,
  });
  return {
    read: () => sanitizeSettings(store.store),
    write: (next) => {
      store.store = sanitizeSettings(next);
    },
  };
}
