// What the crash test reads of a data folder directly: its files at a moment, the temporary files a killed write left, and files gone between two moments.
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { isAtomicTempFile } from '../../electron/core/library/atomic-write';
import { RECOVERED_FOLDER } from '../../electron/core/library/recovery';

/** Relative path (forward slashes) to size, of every file under the folder. */
export type FolderSnapshot = Map<string, number>;

export async function snapshotFolder(dir: string): Promise<FolderSnapshot> {
  const files: FolderSnapshot = new Map();
  const pending = [dir];
  while (pending.length > 0) {
    const at = pending.pop()!;
    let entries;
    try {
      entries = await readdir(at, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else if (entry.isFile()) {
        const size = await stat(path).then(
          (s) => s.size,
          () => null,
        );
        if (size !== null) files.set(relative(dir, path).split(sep).join('/'), size);
      }
    }
  }
  return files;
}

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
const inRecovered = (path: string): boolean => path.startsWith(`${RECOVERED_FOLDER}/`);

/** Temporary files of atomic writes, outside recovered/. */
export function tempFilesOf(snapshot: FolderSnapshot): string[] {
  return [...snapshot.keys()].filter((p) => !inRecovered(p) && isAtomicTempFile(baseName(p)));
}

/**
 * Files core may remove at start by design, as docs/ARCHITECTURE.md and the stores say: the
 * transfer folder (prepared files and restore staging of a previous run), temporary files,
 * unfinished uploads (`files/*.part`), SQLite's own journal files, the search index of earlier
 * versions, and media bytes no sidecar claims (an add the crash cut short, never answered).
 */
function removableAtStart(path: string, before: FolderSnapshot): boolean {
  const name = baseName(path);
  if (path.startsWith('transfer/') || isAtomicTempFile(name)) return true;
  if (path.startsWith('files/') && name.endsWith('.part')) return true;
  if (path.startsWith('search/') && /-(journal|wal|shm)$/.test(name)) return true;
  if (path === 'search/words.index') return true;
  const media = /^media\/([^/]+)\/([^./]+)\./.exec(path);
  if (media && name !== 'index.json') {
    return !before.has(`media/${media[1]}/${media[2]}.json`);
  }
  return false;
}

export interface GoneFiles {
  /** Gone and not under recovered/: dropped without a word. */
  deleted: string[];
  /** Gone from their place and found under recovered/<time>/<same path>. */
  setAside: string[];
}

/** Files of `before` that `after` no longer has where they were. */
export function goneFiles(before: FolderSnapshot, after: FolderSnapshot): GoneFiles {
  const recovered = [...after.keys()].filter(inRecovered);
  const deleted: string[] = [];
  const setAside: string[] = [];
  for (const path of before.keys()) {
    if (inRecovered(path) || after.has(path) || removableAtStart(path, before)) continue;
    // recovered/<time>/<path>, or a name with a suffix the store added (`.corrupt-…`).
    const kept = recovered.some((r) => {
      const rest = r.slice(r.indexOf('/', RECOVERED_FOLDER.length + 1) + 1);
      return rest === path || rest.startsWith(`${path}.`);
    });
    (kept ? setAside : deleted).push(path);
  }
  return { deleted, setAside };
}
