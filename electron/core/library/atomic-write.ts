// Crash-safe file writes: temp file in the same folder, fsync, rename; one queue per file.
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { FILE_MODE } from './data-folder';

export interface AtomicWriteOptions {
  /** File mode of the new file; the data folder's (0600) unless said. */
  mode?: number;
  /**
   * Runs after the temp file is on disk and before the rename. Tests throw here to stand in
   * for a crash at the worst moment.
   */
  beforeRename?: (tempFile: string) => void | Promise<void>;
}

/** Temp files start with a dot and end in .tmp, so folder scans can tell them apart. */
export function isAtomicTempFile(name: string): boolean {
  return name.startsWith('.') && name.endsWith('.tmp');
}

function tempPathFor(file: string): string {
  return join(
    dirname(file),
    `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
}

const queues = new Map<string, Promise<void>>();

/**
 * Replaces `file` with `content` so that a crash leaves either the old or the new file whole.
 * Writes to the same file run one after another, in call order.
 */
export function writeFileAtomic(
  file: string,
  content: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const key = resolve(file);
  const previous = queues.get(key) ?? Promise.resolve();
  const next = previous.then(() => writeNow(key, content, options));
  // The queue must go on after a failed write; the failure still reaches this caller.
  const settled = next.catch(() => undefined);
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return next;
}

async function writeNow(
  file: string,
  content: string | Uint8Array,
  options: AtomicWriteOptions,
): Promise<void> {
  const temp = tempPathFor(file);
  const mode = options.mode ?? FILE_MODE;
  try {
    const handle = await open(temp, 'w', mode);
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (options.beforeRename) await options.beforeRename(temp);
    await rename(temp, file);
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
  await syncFolder(dirname(file));
}

/** Makes the rename itself durable; some platforms (Windows) cannot open folders, which is fine. */
async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Durability of the rename is best effort where the OS does not allow it.
  }
}

/** The synchronous twin, for stores whose interface is synchronous (settings). */
export function writeFileAtomicSync(
  file: string,
  content: string | Uint8Array,
  options: { mode?: number } = {},
): void {
  const temp = tempPathFor(file);
  try {
    const fd = openSync(temp, 'w', options.mode ?? FILE_MODE);
    try {
      const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
      let written = 0;
      while (written < bytes.length) written += writeSync(fd, bytes, written);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
}

/** Resolves when every write started so far has finished (used before shutdown). */
export async function flushAtomicWrites(): Promise<void> {
  while (queues.size > 0) await Promise.all([...queues.values()]);
}
