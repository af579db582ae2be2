// Uploads from the renderer, assembled chunk by chunk on disk and hashed on the way; finished files kept by id.
import { createHash, type Hash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { open, readdir, readFile, rename, rm, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { StoredFile } from '../../../shared/types';
import { MAX_UPLOAD_BYTES, UPLOAD_CHUNK_BYTES } from '../../../shared/upload-limits';
import { isAtomicTempFile, writeFileAtomic } from './atomic-write';
import { FILE_MODE, makeFolder } from './data-folder';
import { isStorableId, newId } from './ids';
import { serviceError } from '../service/errors';
import { openRecovery, type Recovery } from './recovery';
import { saveFailed } from './save-failure';
import { sniffMime } from './sniff';
import { youngGarbageMeter } from './young-garbage';

export interface FileStore {
  begin(input: { name: string; mime: string; size: number }): { uploadId: string };
  /** `offset` must equal the bytes received so far; answers the new total. */
  chunk(input: {
    uploadId: string;
    offset: number;
    bytes: Uint8Array;
  }): Promise<{ received: number }>;
  finish(uploadId: string): Promise<StoredFile>;
  cancel(uploadId: string): Promise<{ cancelled: boolean }>;
  /** A finished file's facts; ServiceError 'not_found' when there is none. */
  info(fileId: string): Promise<StoredFile>;
  read(fileId: string): Promise<Buffer>;
  /** Where a finished file's bytes are; ServiceError 'invalid_input' for a malformed id. */
  pathOf(fileId: string): string;
  remove(fileId: string): Promise<void>;
  /** Every finished file's facts (one whose record cannot be read is left out): an import finds a file it has by these. */
  list(): Promise<StoredFile[]>;
  /** Cancels the uploads still open. */
  dispose(): Promise<void>;
}

export interface FileStoreOptions {
  /** An upload untouched this long is taken as abandoned (the page went away). */
  idleMs?: number;
  maxOpenUploads?: number;
  now?: () => number;
  /** Where damaged records go; by default `recovered/` of the data folder the store sits in. */
  recovery?: Pick<Recovery, 'setAside'>;
}

interface Upload {
  id: string;
  name: string;
  mime: string;
  size: number;
  received: number;
  hash: Hash;
  /** The first bytes, kept for sniffing when the upload finishes. */
  head: Buffer[];
  headLength: number;
  file: string;
  handle: Promise<FileHandle>;
  /** Writes run in offset order; each chunk waits for the one before. */
  writing: Promise<void>;
  touchedAt: number;
}

/** Enough of the start for every signature sniffMime knows (ZIP entry names included). */
const SNIFF_HEAD_BYTES = 64 * 1024;
/** A ZIP lists its entries at the end; the Word part's name is found there. */
const SNIFF_TAIL_BYTES = 64 * 1024;

const storedFileSchema = z.object({
  fileId: z.string().refine((id) => isStorableId('file', id)),
  name: z.string(),
  mime: z.string(),
  sniffedMime: z.string().nullable(),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/** A finished file's record read and checked: its facts, or why they cannot be used. */
async function readRecord(file: string, fileId: string): Promise<StoredFile | string> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    return `it could not be read as JSON (${(e as Error).message})`;
  }
  const parsed = storedFileSchema.safeParse(value);
  if (!parsed.success) return 'it is not the record of an uploaded file';
  if (parsed.data.fileId !== fileId) return 'it describes another file';
  return parsed.data;
}

/** The chunk's bytes as a Buffer over the same memory (no copy). */
function bufferOf(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export async function createFileStore(
  dir: string,
  options: FileStoreOptions = {},
): Promise<FileStore> {
  const idleMs = options.idleMs ?? 15 * 60_000;
  const maxOpenUploads = options.maxOpenUploads ?? 16;
  const now = options.now ?? Date.now;
  /** Written chunks are garbage at once; collected every few megabytes rather than at 64. */
  const spent = youngGarbageMeter();
  const uploads = new Map<string, Upload>();
  const recovery = options.recovery ?? openRecovery(dirname(dir));
  /** Records set aside at start, by file id: where each went, for `info` to say. */
  const setAside = new Map<string, string>();

  const binPath = (fileId: string): string => join(dir, `${fileId}.bin`);
  const metaPath = (fileId: string): string => join(dir, `${fileId}.json`);

  await makeFolder(dir);
  for (const name of await readdir(dir)) {
    // Upload sessions live in memory only: any partial file on disk belongs to a previous run.
    if (name.endsWith('.part') || isAtomicTempFile(name)) {
      await rm(join(dir, name), { force: true });
      continue;
    }
    const fileId = name.endsWith('.json') ? name.slice(0, -5) : '';
    if (!isStorableId('file', fileId)) continue;
    const read = await readRecord(metaPath(fileId), fileId);
    if (typeof read !== 'string') continue;
    // The bytes stay where they are: a message that holds the file still reads them.
    const aside = await recovery.setAside(
      metaPath(fileId),
      `The record of an uploaded file (its name and type) was damaged: ${read}. The file's bytes were kept, as files/${fileId}.bin.`,
    );
    setAside.set(fileId, aside.movedTo ?? `files/${name}`);
  }

  function checkFileId(fileId: string): void {
    if (!isStorableId('file', fileId))
      throw serviceError('invalid_input', 'This is not a file id.');
  }

  function uploadOf(uploadId: string): Upload {
    const upload = isStorableId('upload', uploadId) ? uploads.get(uploadId) : undefined;
    if (!upload) {
      throw serviceError(
        'not_found',
        'This upload is unknown: it finished, was cancelled or expired.',
      );
    }
    upload.touchedAt = now();
    return upload;
  }

  async function discard(upload: Upload): Promise<void> {
    uploads.delete(upload.id);
    await upload.writing.catch(() => undefined);
    const handle = await upload.handle.catch(() => null);
    await handle?.close().catch(() => undefined);
    await rm(upload.file, { force: true });
  }

  async function dropAbandoned(): Promise<void> {
    const cutoff = now() - idleMs;
    const stale = [...uploads.values()].filter((upload) => upload.touchedAt < cutoff);
    await Promise.all(stale.map(discard));
  }

  async function sniffUpload(upload: Upload, handle: FileHandle): Promise<string | null> {
    const head = Buffer.concat(upload.head, upload.headLength);
    const sniffed = sniffMime(head);
    if (sniffed !== 'application/zip' || upload.size <= head.length) return sniffed;
    const tailLength = Math.min(SNIFF_TAIL_BYTES, upload.size - head.length);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, upload.size - tailLength);
    return sniffMime(Buffer.concat([head, tail]));
  }

  return {
    begin({ name, mime, size }) {
      void dropAbandoned();
      if (size > MAX_UPLOAD_BYTES) {
        throw serviceError(
          'invalid_input',
          `The file is ${size} bytes; the app takes at most ${MAX_UPLOAD_BYTES}.`,
          null,
          { size, limit: MAX_UPLOAD_BYTES },
        );
      }
      if (uploads.size >= maxOpenUploads) {
        throw serviceError('invalid_input', 'Too many uploads at once: wait for one to finish.');
      }
      const id = newId('upload');
      const file = join(dir, `${id}.part`);
      const handle = open(file, 'wx+', FILE_MODE);
      // A failed open is reported by the first chunk or finish; this keeps it from going unhandled.
      handle.catch(() => undefined);
      uploads.set(id, {
        id,
        name,
        mime,
        size,
        received: 0,
        hash: createHash('sha256'),
        head: [],
        headLength: 0,
        file,
        handle,
        writing: handle.then(() => undefined),
        touchedAt: now(),
      });
      return { uploadId: id };
    },

    async chunk({ uploadId, offset, bytes: given }) {
      const upload = uploadOf(uploadId);
      if (!(given instanceof Uint8Array))
        throw serviceError('invalid_input', 'The chunk carries no bytes.');
      const bytes = bufferOf(given);
      if (bytes.length === 0) throw serviceError('invalid_input', 'The chunk is empty.');
      if (bytes.length > UPLOAD_CHUNK_BYTES) {
        throw serviceError('invalid_input', `A chunk carries at most ${UPLOAD_CHUNK_BYTES} bytes.`);
      }
      if (offset !== upload.received) {
        throw serviceError(
          'invalid_input',
          `The chunk starts at byte ${offset}, but ${upload.received} bytes have arrived so far.`,
          null,
          { offset, received: upload.received },
        );
      }
      if (upload.received + bytes.length > upload.size) {
        throw serviceError(
          'invalid_input',
          `The upload was declared as ${upload.size} bytes; this chunk would make it ${upload.received + bytes.length}.`,
          null,
          { size: upload.size, received: upload.received + bytes.length },
        );
      }
      // Reserved before the write awaits, so a second chunk sent early is checked against this one.
      upload.received += bytes.length;
      upload.hash.update(bytes);
      if (upload.headLength < SNIFF_HEAD_BYTES) {
        const part = bytes.subarray(0, SNIFF_HEAD_BYTES - upload.headLength);
        upload.head.push(Buffer.from(part));
        upload.headLength += part.length;
      }
      const written = upload.writing.then(async () => {
        const handle = await upload.handle;
        let done = 0;
        while (done < bytes.length) {
          const { bytesWritten } = await handle.write(
            bytes,
            done,
            bytes.length - done,
            offset + done,
          );
          done += bytesWritten;
        }
      });
      upload.writing = written;
      try {
        await written;
      } catch (e) {
        await discard(upload);
        throw saveFailed(`The file “${upload.name}”`, e);
      }
      spent(bytes.length);
      return { received: upload.received };
    },

    async finish(uploadId) {
      const upload = uploadOf(uploadId);
      if (upload.received !== upload.size) {
        throw serviceError(
          'invalid_input',
          `The upload is incomplete: ${upload.received} of ${upload.size} bytes arrived.`,
          null,
          { received: upload.received, size: upload.size },
        );
      }
      uploads.delete(upload.id);
      const fileId = newId('file');
      try {
        await upload.writing;
        const handle = await upload.handle;
        let sniffedMime: string | null;
        try {
          sniffedMime = await sniffUpload(upload, handle);
          await handle.sync();
        } finally {
          await handle.close();
        }
        const stored: StoredFile = {
          fileId,
          name: upload.name,
          mime: upload.mime,
          sniffedMime,
          size: upload.size,
          sha256: upload.hash.digest('hex'),
        };
        await rename(upload.file, binPath(fileId));
        await writeFileAtomic(metaPath(fileId), JSON.stringify(stored));
        return stored;
      } catch (e) {
        await rm(upload.file, { force: true });
        await rm(binPath(fileId), { force: true });
        throw saveFailed(`The file “${upload.name}”`, e);
      }
    },

    async cancel(uploadId) {
      const upload = isStorableId('upload', uploadId) ? uploads.get(uploadId) : undefined;
      if (!upload) return { cancelled: false };
      await discard(upload);
      return { cancelled: true };
    },

    async info(fileId) {
      checkFileId(fileId);
      const aside = setAside.get(fileId);
      if (aside !== undefined) {
        throw serviceError(
          'storage',
          `The record of this uploaded file was damaged, so Atelier set it aside (${aside}); without it the file's name and type are unknown: add the file again.`,
        );
      }
      const read = await readRecord(metaPath(fileId), fileId);
      if (typeof read !== 'string') return read;
      if (!existsSync(metaPath(fileId))) {
        throw serviceError(
          'not_found',
          existsSync(binPath(fileId))
            ? 'The record of this uploaded file is missing, so its name and type are unknown: add the file again.'
            : 'The uploaded file is gone: add it again.',
        );
      }
      throw serviceError('storage', 'The uploaded file’s record is damaged: add it again.');
    },

    async read(fileId) {
      checkFileId(fileId);
      try {
        return await readFile(binPath(fileId));
      } catch {
        throw serviceError('not_found', 'The uploaded file is gone: add it again.');
      }
    },

    pathOf(fileId) {
      checkFileId(fileId);
      return binPath(fileId);
    },

    async remove(fileId) {
      checkFileId(fileId);
      await rm(metaPath(fileId), { force: true });
      await rm(binPath(fileId), { force: true });
    },

    async list() {
      const ids = (await readdir(dir))
        .filter((name) => name.endsWith('.json'))
        .map((name) => name.slice(0, -'.json'.length))
        .filter((id) => isStorableId('file', id));
      const files: StoredFile[] = [];
      for (const id of ids) {
        const read = await readRecord(metaPath(id), id).catch(() => 'unreadable');
        if (typeof read !== 'string') files.push(read);
      }
      return files;
    },

    async dispose() {
      await Promise.all([...uploads.values()].map(discard));
    },
  };
}
