// What every endpoint of the simulator works with: the shared state and one incoming call.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Account, AccountBook } from './accounts';
import type { ErrorStyle } from './http';
import { picturePng } from './media/png';

/** How much GET /models tells: the documented least (id, name, pricing, context_length) or more. */
export type ModelsProfile = 'minimal' | 'rich';

/** Which status a validation rejection (no funds, no subscription, unknown key) gets. */
export type ValidationStatus = 'alternate' | 400 | 429;

export interface SimSettings {
  chunkDelayMs: number;
  minVideoPollMs: number;
  minDebugPollMs: number;
  rateLimit: boolean;
  modelsProfile: ModelsProfile;
  errorLanguage: 'en' | 'ru';
  validationStatus: ValidationStatus;
}

export interface StoredFile {
  contentType: string;
  bytes: Buffer;
}

/**
 * A picture always served at {host_root}/files/sample-picture.png (64 x 48 PNG): the address a
 * test sends a picture by. The simulator fetches no other address (it is offline).
 */
export const SAMPLE_PICTURE_NAME = 'sample-picture.png';

let samplePicture: StoredFile | null = null;

/** Files the simulator serves under {host_root}/files/ (image URLs, music URLs, videos). */
export class FileStore {
  private readonly files = new Map<string, StoredFile>();
  private hostRoot = '';

  constructor(private readonly capacity = 300) {}

  setHostRoot(hostRoot: string): void {
    this.hostRoot = hostRoot;
  }

  /** Stores bytes and gives their public URL; the oldest files go when the store is full. */
  publish(name: string, file: StoredFile): string {
    this.files.delete(name);
    this.files.set(name, file);
    if (this.files.size > this.capacity) {
      const oldest = this.files.keys().next().value;
      if (oldest !== undefined) this.files.delete(oldest);
    }
    return `${this.hostRoot}/files/${name}`;
  }

  get(name: string): StoredFile | undefined {
    const file = this.files.get(name);
    if (file || name !== SAMPLE_PICTURE_NAME) return file;
    samplePicture ??= { contentType: 'image/png', bytes: picturePng('sample picture', 64, 48) };
    return samplePicture;
  }

  /** A file of this store named by its public URL, if the URL is one of ours. */
  fromUrl(url: string): StoredFile | undefined {
    const prefix = `${this.hostRoot}/files/`;
    return url.startsWith(prefix) ? this.get(url.slice(prefix.length)) : undefined;
  }

  clear(): void {
    this.files.clear();
  }
}

export interface SimState {
  settings: SimSettings;
  accounts: AccountBook;
  files: FileStore;
  /** A fresh id, deterministic within one run (restarts at reset). */
  nextId(prefix: string): string;
  now(): number;
}

export interface Call {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** Path below the API prefix (/v1), e.g. /chat/completions. */
  path: string;
  body: Buffer;
  /** The caller's account, when the route authenticates. */
  account: Account | null;
  state: SimState;
  /** True once the client went away (Stop, abort): streams end early. */
  closed(): boolean;
}

/** How a route finds the key: Bearer header, `Key` header (video status), in the path, or none. */
export type AuthForm = 'bearer' | 'key' | 'optional' | 'none' | ((url: URL) => string | null);

export interface Route {
  method: 'GET' | 'POST';
  /** Under /v1 when api is true, else from the host root. */
  path: string | RegExp;
  api: boolean;
  auth: AuthForm;
  errorStyle: ErrorStyle;
  run(call: Call): Promise<void> | void;
}

export function requireAccount(call: Call): Account {
  if (!call.account) throw new Error(`route ${call.path} needs an account`);
  return call.account;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
