// The service key at rest: encrypted with the OS keychain (or a local key on the web host), file mode 0600.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic, writeFileAtomicSync } from '../../library/atomic-write';
import { makeFolderSync } from '../../library/data-folder';
import { openRecovery, type Recovery } from '../../library/recovery';
import { saveFailed } from '../../library/save-failure';
import { serviceError, type ServiceError } from '../../service/errors';

/** The shape of Electron's safeStorage, so core never imports 'electron'. */
export interface Encryptor {
  isEncryptionAvailable(): boolean;
  encryptString(s: string): Buffer;
  decryptString(b: Buffer): string;
  /**
   * Electron's safeStorage on Linux: which keyring it uses ('basic_text' is a fixed password,
   * 'unknown' is what it says before the app is ready). Absent on macOS and Windows.
   */
  getSelectedStorageBackend?(): string;
}

/** The Linux backends that are a keyring; Electron's docs list these and 'basic_text', 'unknown'. */
const LINUX_KEYCHAINS: ReadonlySet<string> = new Set([
  'gnome_libsecret',
  'kwallet',
  'kwallet5',
  'kwallet6',
]);

/**
 * Whether an encryptor is a real keychain: on Linux only a named keyring counts, so a fallback
 * Electron adds later is never taken for one; elsewhere the platform keychain.
 */
export function hasKeychain(encryptor: Encryptor): boolean {
  if (!encryptor.isEncryptionAvailable()) return false;
  if (encryptor.getSelectedStorageBackend === undefined) return true;
  let backend: string;
  try {
    backend = encryptor.getSelectedStorageBackend();
  } catch {
    // Not on Linux, or an older Electron: the platform keychain.
    return true;
  }
  return LINUX_KEYCHAINS.has(backend);
}

export interface Vault {
  /** False when no keychain protects the key (then it is not stored unless the person says so). */
  readonly available: boolean;
  read(): Promise<string | null>;
  /**
   * Seals and stores the key. Without a keychain it refuses, unless `withoutKeychain` says the
   * person chose to keep it protected only by the file's permissions (and the fixed password).
   */
  write(key: string, options?: { withoutKeychain?: boolean }): Promise<void>;
  clear(): Promise<void>;
}

const SECRET_MODE = 0o600;

function encryptionUnavailable(): ServiceError {
  return serviceError(
    'encryption_unavailable',
    'The key was not saved: the operating system keychain (encryption) is not available, ' +
      'so the key would be stored in plain text.',
  );
}

function noKeychain(): ServiceError {
  return serviceError(
    'encryption_unavailable',
    'No keychain (secret service) was found on this system, so the key could only be stored ' +
      'with a fixed password. It is kept for this session only.',
    null,
    { reason: 'no_keychain' },
  );
}

function isMissing(e: unknown): boolean {
  return (e as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

export interface VaultFileOptions {
  /**
   * Where a sealed key (or local key) that cannot be used goes: never replaced or deleted, since a
   * person or a tool may still open it. The host's one for the data folder; default: a new one.
   */
  recovery?: Recovery;
}

export function createFileVault(
  file: string,
  encryptor: Encryptor,
  options: VaultFileOptions = {},
): Vault {
  const recovery = options.recovery ?? openRecovery(dirname(file));
  return {
    get available() {
      return hasKeychain(encryptor);
    },

    async read() {
      let sealed: Buffer;
      try {
        sealed = await readFile(file);
      } catch (e) {
        if (isMissing(e)) return null;
        throw serviceError('storage', `The saved key could not be read (${(e as Error).message}).`);
      }
      // A keychain that is not there now may be there at the next start: the file stays.
      if (!encryptor.isEncryptionAvailable()) throw encryptionUnavailable();
      try {
        return encryptor.decryptString(sealed);
      } catch {
        // Never echo the decryption error: it could carry bytes of the secret. Set aside, not
        // left for the next key to be written over: it is the only copy of the saved key.
        await recovery.setAside(
          file,
          'The saved key could not be read (it could not be decrypted), so it must be entered again in Settings.',
        );
        return null;
      }
    },

    async write(key: string, options = {}) {
      if (!encryptor.isEncryptionAvailable()) throw encryptionUnavailable();
      if (!hasKeychain(encryptor) && options.withoutKeychain !== true) throw noKeychain();
      try {
        makeFolderSync(dirname(file));
        await writeFileAtomic(file, encryptor.encryptString(key), { mode: SECRET_MODE });
      } catch (e) {
        throw saveFailed('The key', e);
      }
    },

    async clear() {
      await rm(file, { force: true });
    },
  };
}

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Leading byte of every sealed value, so the format can change later. */
const FORMAT_V1 = 1;

/**
 * AES-256-GCM with a random key kept in a 0600 file: the web host's stand-in for safeStorage.
 * It keeps the key out of plain sight in the data folder; it is not a keychain.
 */
export function createLocalKeyEncryptor(
  keyFile: string,
  options: VaultFileOptions = {},
): Encryptor {
  let secret: Buffer | null = null;

  function loadSecret(): Buffer {
    if (secret) return secret;
    try {
      const existing = readFileSync(keyFile);
      if (existing.length === KEY_BYTES) {
        secret = existing;
        return secret;
      }
      // Never replaced in place: what it sealed can only ever be opened with it.
      const aside = (options.recovery ?? openRecovery(dirname(keyFile))).setAsideSync(
        keyFile,
        `The local key that protects the saved key is damaged (${existing.length} bytes, not ${KEY_BYTES}), so the saved key could not be read and must be entered again in Settings.`,
      );
      if (aside.movedTo === null) throw new Error('the damaged local key could not be set aside');
    } catch (e) {
      if (!isMissing(e)) throw e;
    }
    const fresh = randomBytes(KEY_BYTES);
    makeFolderSync(dirname(keyFile));
    writeFileAtomicSync(keyFile, fresh, { mode: SECRET_MODE });
    secret = fresh;
    return secret;
  }

  return {
    isEncryptionAvailable() {
      try {
        loadSecret();
        return true;
      } catch {
        return false;
      }
    },

    encryptString(s: string) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', loadSecret(), iv);
      const body = Buffer.concat([cipher.update(s, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([FORMAT_V1]), iv, cipher.getAuthTag(), body]);
    },

    decryptString(b: Buffer) {
      if (b.length < 1 + IV_BYTES + TAG_BYTES || b[0] !== FORMAT_V1) {
        throw new Error('not a sealed value of this format');
      }
      const iv = b.subarray(1, 1 + IV_BYTES);
      const tag = b.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', loadSecret(), iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([
        decipher.update(b.subarray(1 + IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
