// Restoring a backup archive into the library: every entry's path and size checked, bytes staged on disk, then added without overwriting.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as yauzl from 'yauzl';
import type { DocumentRecord } from '../../../../shared/documents';
import {
  BACKUP_FORMAT,
  TRANSFER_LIMITS,
  type SkipReason,
  type TransferReport,
  type TransferStep,
} from '../../../../shared/transfer';
import { idShape } from '../../library/ids';
import { FILE_MODE, makeFolder } from '../../library/data-folder';
import { isDiskFull } from '../../library/save-failure';
import { ServiceError, serviceError } from '../../service/errors';
import { MANIFEST_ENTRY } from './backup';
import { checkedConversation } from './conversation-check';
import {
  createPlacer,
  documentSchema,
  emptyReport,
  fileMetaSchema,
  mediaMetaSchema,
  type FileMeta,
  type MediaMeta,
  type PlacingDeps,
} from './placing';
import { parseUntrustedJson } from './untrusted-json';

/**
 * The entries a backup holds, named by ids of their kind's shape (ids.ts); anything else is
 * skipped as unknown. The names only pair an item's facts with its bytes: uploads and media get
 * new ids when placed, and a conversation or document keeps its own only when it is storable and
 * free (their stores' adopt).
 */
const ENTRY = {
  conversation: new RegExp(`^conversations/(${idShape('conversation')})\\.json$`),
  mediaMeta: new RegExp(`^media/(${idShape('media')})\\.json$`),
  mediaBytes: new RegExp(`^media/(${idShape('media')})\\.[a-z0-9]{1,5}$`),
  document: new RegExp(`^documents/(${idShape('document')})\\.json$`),
  fileMeta: new RegExp(`^files/(${idShape('file')})\\.json$`),
  fileBytes: new RegExp(`^files/(${idShape('file')})\\.bin$`),
} as const;

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/**
 * Why an entry name is unsafe to follow (null when it is safe): absolute, a drive or UNC path,
 * backslashes, `..` or empty segments, control characters.
 */
export function unsafeEntryName(name: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters in a path are the danger
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'control characters';
  if (name.includes('\\')) return 'a backslash';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'an absolute path';
  const segments = name.replace(/\/$/, '').split('/');
  if (segments.some((s) => s === '..' || s === '.' || s === '')) return 'a relative step (..)';
  return null;
}

/** Whether the entry's Unix mode (in the high bits of its external attributes) says symbolic link. */
export function isSymlinkEntry(entry: Pick<yauzl.Entry, 'externalFileAttributes'>): boolean {
  return ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;
}

/** Counts bytes through a stream and fails past `limit` (a header that lies about the size). */
function capped(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) done(new Error(`an entry unpacks to more than ${limit} bytes`));
      else done(null, chunk);
    },
  });
}

export interface RestoreOptions {
  /** A folder of its own for staged bytes; removed at the end. */
  stagingDir: string;
  onProgress: (step: TransferStep, done: number, total: number) => void;
}

interface Staged {
  mediaMeta: Map<string, MediaMeta>;
  mediaBytes: Map<string, string>;
  fileMeta: Map<string, FileMeta>;
  fileBytes: Map<string, string>;
  documents: DocumentRecord[];
  conversations: unknown[];
  manifest: boolean;
}

async function readJsonEntry(stream: Readable, size: number, name: string): Promise<unknown> {
  const parts: Buffer[] = [];
  await pipeline(stream, capped(size), async function* (source) {
    for await (const chunk of source) parts.push(chunk as Buffer);
    yield* [];
  });
  return parseUntrustedJson(Buffer.concat(parts).toString('utf8'), name);
}

/** Reads the archive entry by entry into `staged`, skipping (and reporting) what it will not take. */
async function stageArchive(
  archivePath: string,
  options: RestoreOptions,
  report: TransferReport,
): Promise<Staged> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(archivePath, {
      lazyEntries: true,
      autoClose: true,
      decodeStrings: false,
      validateEntrySizes: true,
    });
  } catch (e) {
    throw serviceError(
      'invalid_input',
      `This file is not a zip archive (${e instanceof Error ? e.message : String(e)}).`,
    );
  }
  const staged: Staged = {
    mediaMeta: new Map(),
    mediaBytes: new Map(),
    fileMeta: new Map(),
    fileBytes: new Map(),
    documents: [],
    conversations: [],
    manifest: false,
  };
  try {
    if (zip.entryCount > TRANSFER_LIMITS.archiveEntries) {
      throw serviceError(
        'invalid_input',
        `The archive lists ${zip.entryCount} entries; a backup may hold at most ${TRANSFER_LIMITS.archiveEntries}.`,
      );
    }
    const skip = (what: string, reason: SkipReason) =>
      report.skipped.push({ what: what.slice(0, 200), reason });
    let unpacked = 0;
    let seen = 0;
    let stagedCount = 0;
    options.onProgress('reading', 0, zip.entryCount);
    for await (const entry of zip.eachEntry()) {
      seen += 1;
      options.onProgress('reading', seen, zip.entryCount);
      const name = (entry.fileName as unknown as Buffer).toString('utf8');
      if (name.endsWith('/') && entry.uncompressedSize === 0) continue;
      if (unsafeEntryName(name) !== null || isSymlinkEntry(entry)) {
        skip(name, 'unsafe-path');
        continue;
      }
      const size = entry.uncompressedSize;
      const tooBig =
        size > TRANSFER_LIMITS.archiveEntryBytes ||
        (size > 1024 * 1024 &&
          size / Math.max(1, entry.compressedSize) > TRANSFER_LIMITS.archiveRatio);
      if (tooBig) {
        skip(name, 'too-large');
        continue;
      }
      unpacked += size;
      if (unpacked > TRANSFER_LIMITS.archiveTotalBytes) {
        throw serviceError(
          'invalid_input',
          `The archive unpacks to more than ${TRANSFER_LIMITS.archiveTotalBytes} bytes; the app refuses it.`,
        );
      }
      const isJson = name.endsWith('.json');
      if (isJson && size > TRANSFER_LIMITS.archiveJsonBytes) {
        skip(name, 'too-large');
        continue;
      }
      const kind = (Object.keys(ENTRY) as (keyof typeof ENTRY)[]).find((k) => ENTRY[k].test(name));
      if (name !== MANIFEST_ENTRY && kind === undefined) {
        skip(name, 'unknown-entry');
        continue;
      }
      const id = kind ? (ENTRY[kind].exec(name)?.[1] ?? '') : '';
      let stream: Readable;
      try {
        stream = await zip.openReadStreamPromise(entry);
      } catch {
        skip(name, 'malformed');
        continue;
      }
      try {
        if (kind === 'mediaBytes' || kind === 'fileBytes') {
          stagedCount += 1;
          const target = join(options.stagingDir, `${stagedCount}.bin`);
          await pipeline(stream, capped(size), createWriteStream(target, { mode: FILE_MODE }));
          (kind === 'mediaBytes' ? staged.mediaBytes : staged.fileBytes).set(id, target);
          continue;
        }
        const value = await readJsonEntry(stream, size, name);
        if (name === MANIFEST_ENTRY) {
          const format = (value as { format?: unknown } | null)?.format;
          staged.manifest = format === BACKUP_FORMAT;
        } else if (kind === 'conversation') {
          staged.conversations.push(value);
        } else if (kind === 'mediaMeta') {
          const meta = mediaMetaSchema.safeParse(value);
          if (meta.success && meta.data.id === id) staged.mediaMeta.set(id, meta.data);
          else skip(name, 'malformed');
        } else if (kind === 'fileMeta') {
          const meta = fileMetaSchema.safeParse(value);
          if (meta.success && meta.data.fileId === id) staged.fileMeta.set(id, meta.data);
          else skip(name, 'malformed');
        } else if (kind === 'document') {
          const record = documentSchema.safeParse(value);
          if (record.success && record.data.id === id) {
            staged.documents.push(record.data as unknown as DocumentRecord);
          } else skip(name, 'malformed');
        }
      } catch (e) {
        stream.destroy();
        // The disk refusing the staged bytes (full) is not the entry's fault: it ends the restore.
        if (isDiskError(e)) throw e;
        const message = e instanceof Error ? e.message : '';
        skip(name, /more than|too/i.test(message) ? 'too-large' : 'malformed');
      }
    }
  } catch (e) {
    throw stagingFailure(e);
  } finally {
    zip.close();
  }
  return staged;
}

/** An error of the file system (it names its system call), as opposed to one about the archive's content. */
function isDiskError(e: unknown): boolean {
  return typeof (e as NodeJS.ErrnoException | null)?.syscall === 'string';
}

/**
 * What reading the archive threw, in words: its own refusals as they are, the disk's as a storage
 * error, anything else (yauzl finding the archive's structure broken) as a damaged archive.
 * Nothing has been placed yet when staging fails.
 */
function stagingFailure(e: unknown): ServiceError {
  if (e instanceof ServiceError) return e;
  const message = e instanceof Error ? e.message : String(e);
  if (isDiskFull(e)) {
    return serviceError(
      'storage',
      'The backup could not be restored: the disk is full. Nothing was restored and nothing saved before was lost; free some space and try again.',
      null,
      { reason: 'disk_full' },
    );
  }
  if (isDiskError(e)) {
    return serviceError(
      'storage',
      `The backup could not be unpacked on this disk (${message}); nothing was restored.`,
    );
  }
  return serviceError(
    'invalid_input',
    `This archive is damaged (${message}); nothing was restored.`,
  );
}

/**
 * Restores the archive at `archivePath` into the library: uploads, media and documents first,
 * then conversations pointing at them as they are now called. Never overwrites: an identical item
 * is skipped, an id taken by something different gets a new one.
 */
export async function restoreBackup(
  archivePath: string,
  deps: PlacingDeps,
  options: RestoreOptions,
): Promise<TransferReport> {
  const report = emptyReport('backup');
  await makeFolder(options.stagingDir).catch((e: unknown) => {
    throw stagingFailure(e);
  });
  try {
    const staged = await stageArchive(archivePath, options, report);
    if (!staged.manifest) {
      throw serviceError(
        'invalid_input',
        'This zip is not an Atelier backup (it has no Atelier manifest); nothing was restored.',
      );
    }
    const placer = createPlacer(deps, report);
    let done = 0;
    options.onProgress('files', 0, staged.fileMeta.size);
    for (const [id, meta] of staged.fileMeta) {
      const path = staged.fileBytes.get(id);
      if (path) await placer.placeFile(meta, { path });
      else report.skipped.push({ what: meta.name, reason: 'missing-file' });
      options.onProgress('files', ++done, staged.fileMeta.size);
    }
    done = 0;
    options.onProgress('media', 0, staged.mediaMeta.size);
    for (const [id, meta] of staged.mediaMeta) {
      const path = staged.mediaBytes.get(id);
      if (path) await placer.placeMedia(meta, { path });
      else report.skipped.push({ what: meta.title || id, reason: 'missing-file' });
      options.onProgress('media', ++done, staged.mediaMeta.size);
    }
    done = 0;
    options.onProgress('documents', 0, staged.documents.length);
    for (const record of staged.documents) {
      await placer.placeDocument(record);
      options.onProgress('documents', ++done, staged.documents.length);
    }
    done = 0;
    const total = Math.min(staged.conversations.length, TRANSFER_LIMITS.conversations);
    options.onProgress('conversations', 0, total);
    for (const raw of staged.conversations.slice(0, total)) {
      const conversation = checkedConversation(raw);
      if (conversation) await placer.placeConversation(conversation);
      else report.skipped.push({ what: titleOf(raw), reason: 'malformed' });
      options.onProgress('conversations', ++done, total);
    }
    return report;
  } finally {
    await rm(options.stagingDir, { recursive: true, force: true });
  }
}

function titleOf(raw: unknown): string {
  const title = (raw as { title?: unknown } | null)?.title;
  return typeof title === 'string' && title ? title.slice(0, 120) : 'a conversation';
}

/** A fresh staging folder name under `dir`. */
export function stagingFolder(dir: string): string {
  return join(dir, `restore-${randomBytes(6).toString('hex')}`);
}
