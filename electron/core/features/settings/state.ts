// The settings and the API key as core holds them in memory: read once at start, written through on each change.
import type { SettingsStore, StoredSettings } from './store';
import type { Vault } from './vault';

export interface SettingsState {
  current(): StoredSettings;
  /** Held in memory so each request can read it; it never leaves core. */
  apiKey(): string | null;
  /** Both a base URL and a key are set, so the service can be asked. */
  canCall(): boolean;
  /** Writes the settings and reads them back as the store keeps them. */
  save(next: StoredSettings): void;
  /** Keeps `key` in the vault (throws if the vault cannot) and in memory. */
  storeKey(key: string): Promise<void>;
  /** Keeps `key` in the vault if it can, else for this session only. */
  useKey(key: string): Promise<void>;
  clearKey(): Promise<void>;
}

export async function openSettingsState(
  store: SettingsStore,
  vault: Vault,
): Promise<SettingsState> {
  let settings = store.read();
  let apiKey: string | null = null;
  try {
    apiKey = await vault.read();
  } catch {
    // An unreadable key counts as no key: the user is asked for it again in Settings.
    apiKey = null;
  }
  return {
    current: () => settings,
    apiKey: () => apiKey,
    canCall: () => settings.baseUrl !== '' && apiKey !== null,
    save(next) {
      store.write(next);
      settings = store.read();
    },
    async storeKey(key) {
      await vault.write(key);
      apiKey = key;
    },
    async useKey(key) {
      try {
        await vault.write(key);
      } catch {
        // Only for a key that is no secret (the demo's): without encryption it lives in memory.
      }
      apiKey = key;
    },
    async clearKey() {
      await vault.clear();
      apiKey = null;
    },
  };
}
