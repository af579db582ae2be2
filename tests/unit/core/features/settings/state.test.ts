// The key belongs to the service host it was entered for; the demo's key never reaches the vault.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openSettingsState,
  serviceHostOf,
} from '../../../../../electron/core/features/settings/state';
import {
  createJsonSettingsStore,
  defaultSettings,
} from '../../../../../electron/core/features/settings/store';
import {
  createFileVault,
  createLocalKeyEncryptor,
  type Vault,
} from '../../../../../electron/core/features/settings/vault';

let dir: string;
let vault: Vault;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-state-'));
  vault = createFileVault(join(dir, 'key.bin'), createLocalKeyEncryptor(join(dir, 'local.key')));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const store = () => createJsonSettingsStore(join(dir, 'settings.json'));

describe('the key and its service host', () => {
  it('is sent only while the base URL is on the host it was entered for', async () => {
    const state = await openSettingsState(store(), vault);
    state.save({ ...defaultSettings, baseUrl: 'https://api.example.com/v1' });
    await state.storeKey('key-for-example');
    expect(state.apiKey()).toBe('key-for-example');

    state.save({ ...state.current(), baseUrl: 'https://evil.example.net/v1' });
    expect(state.apiKey()).toBeNull();
    expect(state.canCall()).toBe(false);
    expect(state.keyElsewhere()).toBe('https://api.example.com');

    // The legacy address is the same host on another port: the key belongs there too.
    state.save({ ...state.current(), baseUrl: 'https://api.example.com:6070/v1' });
    expect(state.apiKey()).toBe('key-for-example');

    // Kept across a restart, still bound.
    state.save({ ...state.current(), baseUrl: 'https://evil.example.net/v1' });
    const again = await openSettingsState(store(), vault);
    expect(again.apiKey()).toBeNull();
    expect(again.keyElsewhere()).toBe('https://api.example.com');
  });

  it('binds a key saved before binding existed to the address it was used with', async () => {
    await vault.write('old-plain-key');
    store().write({ ...defaultSettings, baseUrl: 'https://api.example.com/v1' });
    const state = await openSettingsState(store(), vault);
    expect(state.apiKey()).toBe('old-plain-key');
    expect(JSON.parse((await vault.read()) ?? '{}')).toMatchObject({
      key: 'old-plain-key',
      host: 'https://api.example.com',
    });
  });

  it('keeps a session key (the demo’s) in memory for one address, the vault untouched', async () => {
    const state = await openSettingsState(store(), vault);
    state.save({ ...defaultSettings, baseUrl: 'http://127.0.0.1:7070/v1' });
    await state.storeKey('my-own-key');
    const before = await vault.read();
    state.save({ ...state.current(), baseUrl: 'http://127.0.0.1:40123/v1' });
    state.useSessionKey('sim-demo', 'http://127.0.0.1:40123/v1');
    expect(state.apiKey()).toBe('sim-demo');
    expect(await vault.read()).toBe(before);
    // Back on the person's own address (same host, another port): their key, not the demo's.
    state.save({ ...state.current(), baseUrl: 'http://127.0.0.1:7070/v1' });
    expect(state.apiKey()).toBe('my-own-key');
  });

  it('names hosts by scheme and host name only', () => {
    expect(serviceHostOf('https://api.example.com:8443/v1')).toBe('https://api.example.com');
    expect(serviceHostOf('http://127.0.0.1:7070/v1')).toBe('http://127.0.0.1');
    expect(serviceHostOf('')).toBeNull();
    expect(serviceHostOf('ftp://x/v1')).toBeNull();
  });
});

describe('a system without a keychain (safeStorage on basic_text)', () => {
  const basicText = (dirPath: string) => {
    const inner = createLocalKeyEncryptor(join(dirPath, 'local.key'));
    return { ...inner, getSelectedStorageBackend: () => 'basic_text' };
  };

  it('is not taken for encryption: the key works this session and is not saved', async () => {
    const weak = createFileVault(join(dir, 'weak.bin'), basicText(dir));
    expect(weak.available).toBe(false);
    const state = await openSettingsState(store(), weak);
    state.save({ ...defaultSettings, baseUrl: 'https://api.example.com/v1' });
    expect(await state.storeKey('session-key')).toBe('session');
    expect(state.apiKey()).toBe('session-key');
    expect(state.keyStorage()).toBe('session');
    expect(await weak.read()).toBeNull();
    const restarted = await openSettingsState(store(), weak);
    expect(restarted.apiKey()).toBeNull();
  });

  it('stores the key only when the person chooses to', async () => {
    const weak = createFileVault(join(dir, 'weak.bin'), basicText(dir));
    await expect(weak.write('x')).rejects.toMatchObject({
      error: { code: 'encryption_unavailable', details: { reason: 'no_keychain' } },
    });
    const state = await openSettingsState(store(), weak);
    state.save({ ...defaultSettings, baseUrl: 'https://api.example.com/v1' });
    expect(await state.storeKey('chosen-key', { withoutKeychain: true })).toBe('saved');
    const restarted = await openSettingsState(store(), weak);
    expect(restarted.apiKey()).toBe('chosen-key');
  });
});
