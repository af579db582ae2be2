// The settings and the API key as core holds them in memory: read once at start, written through on each change.
import type { SettingsStore, StoredSettings } from './store';
import type { Vault } from './vault';

/**
 * The service host a key belongs to: scheme and host name of the base URL it was entered for.
 * The document puts the debug and legacy addresses on "the same host on other ports", so the
 * port is not part of it; any other host never gets the key.
 */
export function serviceHostOf(baseUrl: string): string | null {
  try {
    const url = new URL(baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return `${url.protocol}//${url.hostname}`;
  } catch {
    return null;
  }
}

/** What the vault holds: the key and the host it was entered for. */
interface BoundKey {
  key: string;
  host: string;
}

function sealedForm(bound: BoundKey): string {
  return JSON.stringify({ v: 2, key: bound.key, host: bound.host });
}

/** The vault's text: the bound form, or a key saved before keys were bound (host unknown). */
function readSealed(text: string): { key: string; host: string | null } {
  try {
    const parsed = JSON.parse(text) as { v?: unknown; key?: unknown; host?: unknown };
    if (
      parsed &&
      parsed.v === 2 &&
      typeof parsed.key === 'string' &&
      typeof parsed.host === 'string'
    )
      return { key: parsed.key, host: parsed.host };
  } catch {
    // A plain key: the format before keys were bound to a host.
  }
  return { key: text, host: null };
}

export interface SettingsState {
  current(): StoredSettings;
  /**
   * The key to send, held in memory so each request can read it; it never leaves core. Null when
   * no key is stored for the current base URL's host: a key entered for another host is kept but
   * never sent here.
   */
  apiKey(): string | null;
  /** The host the stored key belongs to when that is not the current base URL's host. */
  keyElsewhere(): string | null;
  /** Both a base URL and a key for it are set, so the service can be asked. */
  canCall(): boolean;
  /** Writes the settings and reads them back as the store keeps them. */
  save(next: StoredSettings): void;
  /**
   * Keeps `key` in the vault for the current base URL's host. Without a keychain the key is kept
   * in memory for this session only ('session'), unless `withoutKeychain` says the person chose
   * to store it anyway.
   */
  storeKey(key: string, options?: { withoutKeychain?: boolean }): Promise<'saved' | 'session'>;
  /** Where the key in use lives: the vault, this session only, or nowhere (no key). */
  keyStorage(): 'saved' | 'session' | null;
  /** The system has a keychain to protect a stored key. */
  keychain(): boolean;
  /**
   * A key for this session only, used while the base URL is exactly `baseUrl` (the demo's key):
   * the vault, and the person's own key in it, are not touched.
   */
  useSessionKey(key: string, baseUrl: string): void;
  clearSessionKey(): void;
  clearKey(): Promise<void>;
}

export async function openSettingsState(
  store: SettingsStore,
  vault: Vault,
): Promise<SettingsState> {
  let settings = store.read();
  let stored: { key: string; host: string } | null = null;
  let session: { key: string; baseUrl: string } | null = null;
  /** A key entered without a keychain to keep it: this session only. */
  let unsaved: BoundKey | null = null;
  try {
    const text = await vault.read();
    if (text !== null) {
      const sealed = readSealed(text);
      // A key saved before binding belongs to the address it was used with.
      const host = sealed.host ?? serviceHostOf(settings.baseUrl);
      if (host !== null) {
        stored = { key: sealed.key, host };
        if (sealed.host === null) await vault.write(sealedForm(stored)).catch(() => undefined);
      }
    }
  } catch {
    // An unreadable key counts as no key: the user is asked for it again in Settings.
    stored = null;
  }

  const currentHost = (): string | null => serviceHostOf(settings.baseUrl);

  function apiKey(): string | null {
    const host = currentHost();
    if (host === null) return null;
    if (session && session.baseUrl === settings.baseUrl) return session.key;
    if (unsaved && unsaved.host === host) return unsaved.key;
    if (stored && stored.host === host) return stored.key;
    return null;
  }

  return {
    current: () => settings,
    apiKey,
    keyElsewhere: () => (stored && stored.host !== currentHost() ? stored.host : null),
    canCall: () => settings.baseUrl !== '' && apiKey() !== null,
    save(next) {
      store.write(next);
      settings = store.read();
    },
    async storeKey(key, options = {}) {
      const host = currentHost();
      if (host === null) throw new Error('a key needs a base URL to belong to');
      const bound = { key, host };
      if (!vault.available && options.withoutKeychain !== true) {
        unsaved = bound;
        return 'session';
      }
      await vault.write(sealedForm(bound), options);
      stored = bound;
      unsaved = null;
      return 'saved';
    },
    keychain: () => vault.available,
    keyStorage() {
      const host = currentHost();
      if (session && session.baseUrl === settings.baseUrl) return 'session';
      if (unsaved && unsaved.host === host) return 'session';
      if (stored && stored.host === host) return 'saved';
      return null;
    },
    useSessionKey(key, baseUrl) {
      session = { key, baseUrl };
    },
    clearSessionKey() {
      session = null;
    },
    async clearKey() {
      await vault.clear();
      stored = null;
      unsaved = null;
    },
  };
}
