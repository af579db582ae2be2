// The key vault: encrypted at rest, mode 0600, and refused rather than stored in plain text.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../../../electron/core/service/errors';
import { openRecovery } from '../../../../../electron/core/library/recovery';
import {
  type Encryptor,
  createFileVault,
  createLocalKeyEncryptor,
  hasKeychain,
} from '../../../../../electron/core/features/settings/vault';

const KEY = 'sim-secret-key-0123456789abcdef';
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-vault-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const posix = process.platform !== 'win32';

describe('file vault with the local-key encryptor', () => {
  it('stores the key encrypted, in a 0600 file, and reads it back', async () => {
    const vaultFile = join(dir, 'key.bin');
    const vault = createFileVault(vaultFile, createLocalKeyEncryptor(join(dir, 'local.key')));
    expect(vault.available).toBe(true);
    expect(await vault.read()).toBeNull();

    await vault.write(KEY);
    const onDisk = await readFile(vaultFile);
    expect(onDisk.toString('latin1')).not.toContain(KEY);
    expect(onDisk.toString('latin1')).not.toContain(Buffer.from(KEY).toString('base64'));
    expect(onDisk.toString('latin1')).not.toContain('0123456789');
    if (posix) {
      expect((await stat(vaultFile)).mode & 0o777).toBe(0o600);
      expect((await stat(join(dir, 'local.key'))).mode & 0o777).toBe(0o600);
    }
    expect(await vault.read()).toBe(KEY);

    // A second encryptor on the same key file (the next start) decrypts it too.
    const again = createFileVault(vaultFile, createLocalKeyEncryptor(join(dir, 'local.key')));
    expect(await again.read()).toBe(KEY);

    await vault.clear();
    expect(await vault.read()).toBeNull();
  });

  it('seals the same key differently each time (random IV)', () => {
    const enc = createLocalKeyEncryptor(join(dir, 'local.key'));
    expect(enc.encryptString(KEY).equals(enc.encryptString(KEY))).toBe(false);
  });

  it('sets aside a sealed key it cannot decrypt, never writing over it, and says to enter it again', async () => {
    const vaultFile = join(dir, 'key.bin');
    await createFileVault(vaultFile, createLocalKeyEncryptor(join(dir, 'a.key'))).write(KEY);
    const sealed = await readFile(vaultFile);
    const recovery = openRecovery(dir);
    const other = createFileVault(vaultFile, createLocalKeyEncryptor(join(dir, 'b.key')), {
      recovery,
    });
    expect(await other.read()).toBeNull();
    const [item] = recovery.items();
    expect(item).toMatchObject({ file: 'key.bin' });
    expect(item!.reason).toMatch(/saved key could not be read.*entered again/);
    expect(item!.reason).not.toContain(KEY);
    expect((await readFile(join(dir, item!.movedTo!))).equals(sealed)).toBe(true);
    expect(existsSync(vaultFile)).toBe(false);

    // The key entered again is a new file; the one set aside stays as it was.
    await other.write('another-key');
    expect(await other.read()).toBe('another-key');
    expect((await readFile(join(dir, item!.movedTo!))).equals(sealed)).toBe(true);
  });

  it('sets aside a truncated local key instead of replacing it, and the key sealed with it', async () => {
    const vaultFile = join(dir, 'key.bin');
    const keyFile = join(dir, 'local.key');
    await createFileVault(vaultFile, createLocalKeyEncryptor(keyFile)).write(KEY);
    const whole = await readFile(keyFile);
    await writeFile(keyFile, whole.subarray(0, 20));
    const recovery = openRecovery(dir);
    const vault = createFileVault(vaultFile, createLocalKeyEncryptor(keyFile, { recovery }), {
      recovery,
    });
    expect(await vault.read()).toBeNull();
    const files = recovery.items().map((item) => item.file);
    expect(files).toEqual(['local.key', 'key.bin']);
    const [localKey] = recovery.items();
    expect(localKey!.reason).toMatch(/damaged .*saved key could not be read/);
    expect((await readFile(join(dir, localKey!.movedTo!))).equals(whole.subarray(0, 20))).toBe(
      true,
    );
    // A new local key protects the next key; the old one was not written over.
    expect((await readFile(keyFile)).length).toBe(32);
  });
});

describe('file vault without encryption', () => {
  const plainOnly: Encryptor = {
    isEncryptionAvailable: () => false,
    encryptString: (s) => Buffer.from(s),
    decryptString: (b) => b.toString(),
  };

  it('refuses to store the key, saying why, and writes nothing', async () => {
    const vaultFile = join(dir, 'key.bin');
    const vault = createFileVault(vaultFile, plainOnly);
    expect(vault.available).toBe(false);
    const failure = await vault.write(KEY).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ServiceError);
    const { error } = failure as ServiceError;
    expect(error.code).toBe('encryption_unavailable');
    expect(error.message).toMatch(/not available/);
    expect(error.message).toMatch(/plain text/);
    expect(existsSync(vaultFile)).toBe(false);
  });
});

describe('hasKeychain', () => {
  const sealing = (backend?: () => string): Encryptor => ({
    isEncryptionAvailable: () => true,
    encryptString: (s) => Buffer.from(s),
    decryptString: (b) => b.toString(),
    ...(backend === undefined ? {} : { getSelectedStorageBackend: backend }),
  });

  it.each(['gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6'])(
    'counts the named Linux keyring %s',
    (backend) => {
      expect(hasKeychain(sealing(() => backend))).toBe(true);
    },
  );

  it.each(['basic_text', 'unknown', 'gnome_keyring_future', '', 'GNOME_LIBSECRET'])(
    'counts no other Linux backend (%j), so the person chooses in words',
    async (backend) => {
      const encryptor = sealing(() => backend);
      expect(hasKeychain(encryptor)).toBe(false);
      const vault = createFileVault(join(dir, 'key.bin'), encryptor);
      expect(vault.available).toBe(false);
      const failure = await vault.write(KEY).catch((e: unknown) => e);
      expect((failure as ServiceError).error.details).toMatchObject({ reason: 'no_keychain' });
      expect(existsSync(join(dir, 'key.bin'))).toBe(false);
      await vault.write(KEY, { withoutKeychain: true });
      expect(await vault.read()).toBe(KEY);
    },
  );

  it('counts macOS and Windows, where the backend is not asked or throws, as keychains', () => {
    expect(hasKeychain(sealing())).toBe(true);
    expect(
      hasKeychain(
        sealing(() => {
          throw new Error('getSelectedStorageBackend is only available on Linux');
        }),
      ),
    ).toBe(true);
  });

  it('counts nothing when encryption is not available', () => {
    expect(hasKeychain({ ...sealing(() => 'kwallet6'), isEncryptionAvailable: () => false })).toBe(
      false,
    );
  });
});
