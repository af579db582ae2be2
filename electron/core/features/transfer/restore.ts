// Restoring a backup archive into the library: every entry's path and size checked, every entry staged on disk, then read one at a time and added without overwriting.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
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
  type PlacingDeps,
} from './placing';
import { type CarriedPrompts, restorePrompts } from './prompts-entry';
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
  prompts: /^prompts\.json$/,
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

/** An entry unpacked into the staging folder, read when its turn to be placed comes. */
interface StagedEntry {
  name: string;
  path: string;
}

/**
 * What an archive holds, by id or in order, all of it on disk: only one entry's JSON is ever in
 * memory, so many large entries cannot add up (48 conversations of 100 MB once took core to 4.5 GB
 * and out of memory).
 */
interface Staged {
  mediaMeta: Map<string, StagedEntry>;
  mediaBytes: Map<string, string>;
  fileMeta: Map<string, StagedEntry>;
  fileBytes: Map<string, string>;
  documents: StagedEntry[];
  conversations: StagedEntry[];
  prompts: StagedEntry | null;
  manifest: boolean;
}

type EntryKind = keyof typeof ENTRY;

function kindOf(name: string): EntryKind | undefined {
  return (Object.keys(ENTRY) as EntryKind[]).find((k) => ENTRY[k].test(name));
}

function entryName(entry: yauzl.Entry): string {
  return (entry.fileName as unknown as Buffer).toString('utf8');
}

/** A folder entry, which holds nothing to restore. */
function isFolderEntry(entry: yauzl.Entry, name: string): boolean {
  return name.endsWith('/') && entry.uncompressedSize === 0;
}

/** Why an entry is not taken, from its name and the sizes its header declares (null: taken). */
function refusalOf(entry: yauzl.Entry, name: string): SkipReason | null {
  if (unsafeEntryName(name) !== null || isSymlinkEntry(entry)) return 'unsafe-path';
  const size = entry.uncompressedSize;
  const tooBig =
    size > TRANSFER_LIMITS.archiveEntryBytes ||
    (size > 1024 * 1024 &&
      size / Math.max(1, entry.compressedSize) > TRANSFER_LIMITS.archiveRatio) ||
    (name.endsWith('.json') && size > TRANSFER_LIMITS.archiveJsonBytes);
  if (tooBig) return 'too-large';
  if (name !== MANIFEST_ENTRY && kindOf(name) === undefined) return 'unknown-entry';
  return null;
}

async function openArchive(archivePath: string): Promise<yauzl.ZipFile> {
  try {
    return await yauzl.openPromise(archivePath, {
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
}

/**
 * Refuses, before anything is unpacked, an archive whose entries are too many, or whose entries
 * it would take add up to more than the limits, all of them or their JSON (from the sizes the
 * central directory declares, which yauzl holds each entry's bytes to).
 */
async function checkDeclaredTotals(archivePath: string): Promise<void> {
  const zip = await openArchive(archivePath);
  try {
    if (zip.entryCount > TRANSFER_LIMITS.archiveEntries) {
      throw serviceError(
        'invalid_input',
        `The archive lists ${zip.entryCount} entries; a backup may hold at most ${TRANSFER_LIMITS.archiveEntries}.`,
      );
    }
    let unpacked = 0;
    let json = 0;
    for await (const entry of zip.eachEntry()) {
      const name = entryName(entry);
      if (isFolderEntry(entry, name) || refusalOf(entry, name) !== null) continue;
      unpacked += entry.uncompressedSize;
      if (name.endsWith('.json')) json += entry.uncompressedSize;
      if (unpacked > TRANSFER_LIMITS.archiveTotalBytes) {
        throw serviceError(
          'invalid_input',
          `The archive unpacks to more than ${TRANSFER_LIMITS.archiveTotalBytes} bytes; the app refuses it.`,
        );
      }
      if (json > TRANSFER_LIMITS.archiveJsonTotalBytes) {
        throw serviceError(
          'invalid_input',
          `The conversations and other records in this archive come to more than ${gigabytes(TRANSFER_LIMITS.archiveJsonTotalBytes)} GB; a backup may hold at most that, so nothing was restored.`,
          null,
          { reason: 'too_large', limit: TRANSFER_LIMITS.archiveJsonTotalBytes },
        );
      }
    }
  } catch (e) {
    throw stagingFailure(e);
  } finally {
    zip.close();
  }
}

function gigabytes(bytes: number): number {
  return Math.round(bytes / 1024 ** 3);
}

/** The manifest, the one entry read straight into memory. */
async function readJsonEntry(stream: Readable, size: number, name: string): Promise<unknown> {
  const parts: Buffer[] = [];
  await pipeline(stream, capped(size), async function* (source) {
    for await (const chunk of source) parts.push(chunk as Buffer);
    yield* [];
  });
  return parseUntrustedJson(Buffer.concat(parts).toString('utf8'), name);
}

/** Unpacks the archive entry by entry into the staging folder, skipping (and reporting) what it will not take. */
async function stageArchive(
  archivePath: string,
  options: RestoreOptions,
  report: TransferReport,
): Promise<Staged> {
  const zip = await openArchive(archivePath);
  const staged: Staged = {
    mediaMeta: new Map(),
    mediaBytes: new Map(),
    fileMeta: new Map(),
    fileBytes: new Map(),
    documents: [],
    conversations: [],
    prompts: null,
    manifest: false,
  };
  try {
    const skip = (what: string, reason: SkipReason) =>
      report.skipped.push({ what: what.slice(0, 200), reason });
    let seen = 0;
    let stagedCount = 0;
    options.onProgress('reading', 0, zip.entryCount);
    for await (const entry of zip.eachEntry()) {
      seen += 1;
      options.onProgress('reading', seen, zip.entryCount);
      const name = entryName(entry);
      if (isFolderEntry(entry, name)) continue;
      const refusal = refusalOf(entry, name);
      if (refusal !== null) {
        skip(name, refusal);
        continue;
      }
      const size = entry.uncompressedSize;
      const kind = kindOf(name);
      const id = kind ? (ENTRY[kind].exec(name)?.[1] ?? '') : '';
      let stream: Readable;
      try {
        stream = await zip.openReadStreamPromise(entry);
      } catch {
        skip(name, 'malformed');
        continue;
      }
      try {
        if (kind === undefined) {
          const format = ((await readJsonEntry(stream, size, name)) as { format?: unknown } | null)
            ?.format;
          staged.manifest = format === BACKUP_FORMAT;
          continue;
        }
        stagedCount += 1;
        const bytes = kind === 'mediaBytes' || kind === 'fileBytes';
        const target = join(options.stagingDir, `${stagedCount}.${bytes ? 'bin' : 'json'}`);
        await pipeline(stream, capped(size), createWriteStream(target, { mode: FILE_MODE }));
        const json = { name, path: target };
        if (kind === 'mediaBytes') staged.mediaBytes.set(id, target);
        else if (kind === 'fileBytes') staged.fileBytes.set(id, target);
        else if (kind === 'mediaMeta') staged.mediaMeta.set(id, json);
        else if (kind === 'fileMeta') staged.fileMeta.set(id, json);
        else if (kind === 'document') staged.documents.push(json);
        else if (kind === 'prompts') staged.prompts = json;
        else staged.conversations.push(json);
      } catch (e) {
        stream.destroy();
        // The disk refusing the staged bytes (full) is not the entry's fault: it ends the restore.
        if (isDiskError(e)) throw e;
        skip(name, skipReasonOf(e));
      }
    }
  } catch (e) {
    throw stagingFailure(e);
  } finally {
    zip.close();
  }
  return staged;
}

/** Why an entry that could not be read or parsed is skipped. */
function skipReasonOf(e: unknown): SkipReason {
  const message = e instanceof Error ? e.message : '';
  return /more than|too/i.test(message) ? 'too-large' : 'malformed';
}

/**
 * One staged JSON entry, parsed as untrusted; undefined (which no JSON parses to), and the entry
 * reported skipped, when it is not JSON the app reads. Only this entry is in memory meanwhile.
 */
async function readStaged(staged: StagedEntry, report: TransferReport): Promise<unknown> {
  const text = await readFile(staged.path, 'utf8');
  try {
    return parseUntrustedJson(text, staged.name);
  } catch (e) {
    report.skipped.push({ what: staged.name.slice(0, 200), reason: skipReasonOf(e) });
    return undefined;
  }
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
  deps: PlacingDeps & { prompts?: CarriedPrompts },
  options: RestoreOptions,
): Promise<TransferReport> {
  const report = emptyReport('backup');
  await makeFolder(options.stagingDir).catch((e: unknown) => {
    throw stagingFailure(e);
  });
  try {
    await checkDeclaredTotals(archivePath);
    const staged = await stageArchive(archivePath, options, report);
    if (!staged.manifest) {
      throw serviceError(
        'invalid_input',
        'This zip is not an Atelier backup (it has no Atelier manifest); nothing was restored.',
      );
    }
    const placer = createPlacer(deps, report);
    const malformed = (what: string) => report.skipped.push({ what, reason: 'malformed' });
    let done = 0;
    options.onProgress('files', 0, staged.fileMeta.size);
    for (const [id, entry] of staged.fileMeta) {
      const raw = await readStaged(entry, report);
      if (raw !== undefined) {
        const meta = fileMetaSchema.safeParse(raw);
        const path = staged.fileBytes.get(id);
        if (!meta.success || meta.data.fileId !== id) malformed(entry.name);
        else if (path) await placer.placeFile(meta.data, { path });
        else report.skipped.push({ what: meta.data.name, reason: 'missing-file' });
      }
      options.onProgress('files', ++done, staged.fileMeta.size);
    }
    done = 0;
    options.onProgress('media', 0, staged.mediaMeta.size);
    for (const [id, entry] of staged.mediaMeta) {
      const raw = await readStaged(entry, report);
      if (raw !== undefined) {
        const meta = mediaMetaSchema.safeParse(raw);
        const path = staged.mediaBytes.get(id);
        if (!meta.success || meta.data.id !== id) malformed(entry.name);
        else if (path) await placer.placeMedia(meta.data, { path });
        else report.skipped.push({ what: meta.data.title || id, reason: 'missing-file' });
      }
      options.onProgress('media', ++done, staged.mediaMeta.size);
    }
    done = 0;
    options.onProgress('documents', 0, staged.documents.length);
    for (const entry of staged.documents) {
      const raw = await readStaged(entry, report);
      if (raw !== undefined) {
        const record = documentSchema.safeParse(raw);
        if (record.success && record.data.id === ENTRY.document.exec(entry.name)?.[1]) {
          await placer.placeDocument(record.data as unknown as DocumentRecord);
        } else malformed(entry.name);
      }
      options.onProgress('documents', ++done, staged.documents.length);
    }
    if (staged.prompts && deps.prompts)
      await restorePrompts(deps.prompts, await readStaged(staged.prompts, report), report);
    done = 0;
    const total = Math.min(staged.conversations.length, TRANSFER_LIMITS.conversations);
    options.onProgress('conversations', 0, total);
    for (const entry of staged.conversations.slice(0, total)) {
      const raw = await readStaged(entry, report);
      if (raw !== undefined) {
        const conversation = checkedConversation(raw);
        if (conversation) await placer.placeConversation(conversation);
        else report.skipped.push({ what: titleOf(raw), reason: 'malformed' });
      }
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
