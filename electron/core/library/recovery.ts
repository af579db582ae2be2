// Damaged files of the data folder set aside, never deleted: moved under recovered/ with their reason, and told to the person.
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { RECOVERED_FOLDER, REASON_SUFFIX, type SetAsideFile } from '../../../shared/storage';
import { isAtomicTempFile } from './atomic-write';
import { FILE_MODE, makeFolder, makeFolderSync } from './data-folder';

export { RECOVERED_FOLDER, REASON_SUFFIX, type SetAsideFile };

export interface Recovery {
  /** The data folder this recovery works in. */
  readonly dataDir: string;
  /** Absolute path of `recovered/`. */
  readonly folder: string;
  /**
   * Moves `file` (absolute, inside the data folder) to `recovered/<time>/<its relative path>`, with
   * its reason beside it, and records it for the person. Never deletes; never throws (a file that
   * cannot be moved is still recorded, with `movedTo: null`).
   */
  setAside(file: string, reason: string): Promise<SetAsideFile>;
  /** The same, for stores whose interface is synchronous (settings). */
  setAsideSync(file: string, reason: string): SetAsideFile;
  /** What was set aside since this recovery was opened, oldest first. */
  items(): SetAsideFile[];
}

export interface RecoveryOptions {
  now?: () => Date;
}

/** `2026-11-28T21-30-05-123Z`: a time that sorts and is a valid folder name everywhere. */
function stampOf(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

const forwardSlashes = (path: string): string => path.split(sep).join('/');

export function openRecovery(dataDir: string, options: RecoveryOptions = {}): Recovery {
  const now = options.now ?? (() => new Date());
  const folder = join(dataDir, RECOVERED_FOLDER);
  const recorded: SetAsideFile[] = [];
  /** One time folder per run, so one start's files stay together. */
  const runFolder = join(folder, stampOf(now()));

  function plan(file: string, reason: string) {
    const rel = relative(dataDir, file);
    const inside = rel !== '' && !rel.startsWith('..') && !rel.includes(`..${sep}`);
    const shown = inside ? forwardSlashes(rel) : file;
    const note =
      `Atelier set this file aside when it could not use it.\n` +
      `It was: ${shown}\nWhy: ${reason}\nWhen: ${now().toISOString()}\n` +
      `To try it again, quit Atelier and move it back to where it was.\n`;
    const wanted = join(runFolder, inside ? rel : `outside-${Buffer.from(file).toString('hex')}`);
    // A second file of the same path in one run (or a second recovery on the same folder in the
    // same millisecond) must not replace the first one set aside.
    let target = wanted;
    for (let n = 2; existsSync(target) || existsSync(target + REASON_SUFFIX); n++) {
      target = `${wanted}.${n}`;
    }
    /** Where it goes when recovered/ cannot be made (a full disk): beside itself, renamed. */
    const beside = `${file}.set-aside-${stampOf(now())}`;
    return { shown, target, beside, note };
  }

  function record(shown: string, reason: string, target: string | null): SetAsideFile {
    const item: SetAsideFile = {
      file: shown,
      reason,
      movedTo: target === null ? null : forwardSlashes(relative(dataDir, target)),
      at: now().toISOString(),
    };
    recorded.push(item);
    return item;
  }

  return {
    dataDir,
    folder,

    async setAside(file, reason) {
      const { shown, target, beside, note } = plan(file, reason);
      try {
        await makeFolder(dirname(target));
        await rename(file, target);
      } catch {
        // Out of the way at least, so no later save of the store writes over its bytes.
        const moved = await rename(file, beside).then(
          () => beside,
          () => null,
        );
        return record(shown, reason, moved);
      }
      await writeFile(target + REASON_SUFFIX, note, { mode: FILE_MODE }).catch(() => undefined);
      return record(shown, reason, target);
    },

    setAsideSync(file, reason) {
      const { shown, target, beside, note } = plan(file, reason);
      try {
        makeFolderSync(dirname(target));
        renameSync(file, target);
      } catch {
        let moved: string | null = beside;
        try {
          renameSync(file, beside);
        } catch {
          moved = null;
        }
        return record(shown, reason, moved);
      }
      try {
        writeFileSync(target + REASON_SUFFIX, note, { mode: FILE_MODE });
      } catch {
        // The move is what keeps the bytes; the note is a courtesy.
      }
      return record(shown, reason, target);
    },

    items: () => [...recorded],
  };
}

/**
 * Whether the temp file's name (`.<name>.<pid>.<hex>.tmp`) names another process that still runs:
 * then it may be a write under way in another Atelier on the same folder, and is left alone.
 */
function writerAlive(name: string): boolean {
  const pid = Number(/\.(\d+)\.[0-9a-f]+\.tmp$/.exec(name)?.[1]);
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it runs, as another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporary files a killed write leaves (`.<name>.<pid>.<hex>.tmp`, see atomic-write)
 * in the data folder and every folder under it, except `recovered/`. Run at start, before any
 * write of this run can have made one. Answers how many were removed.
 */
export async function removeStaleTempFiles(dataDir: string): Promise<number> {
  let removed = 0;
  const pending = [dataDir];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    let names;
    try {
      names = await readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of names) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!(dir === dataDir && entry.name === RECOVERED_FOLDER)) pending.push(path);
      } else if (entry.isFile() && isAtomicTempFile(entry.name) && !writerAlive(entry.name)) {
        await rm(path, { force: true });
        removed += 1;
      }
    }
  }
  return removed;
}
