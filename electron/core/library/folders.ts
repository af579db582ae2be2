// Folders for conversations: one JSON file in the data folder, written atomically; a corrupt file is set aside to recovered/.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Folder } from '../../../shared/types';
import { writeFileAtomic } from './atomic-write';
import { makeFolder } from './data-folder';
import { newId } from './ids';
import { openRecovery, type Recovery } from './recovery';
import { saveFailed } from './save-failure';
import { serviceError } from '../service/errors';

export interface FolderLibrary {
  /** By name, as a person reads them. */
  list(): Folder[];
  create(name: string): Promise<Folder>;
  rename(id: string, name: string): Promise<Folder>;
  /** Forgets the folder (its conversations are the caller's to take out of it). */
  remove(id: string): Promise<void>;
  has(id: string): boolean;
}

/** The folder list, in the data folder. */
export const FOLDERS_FILE = 'folders.json';
const VERSION = 1;

const fileSchema = z.object({
  version: z.literal(VERSION),
  folders: z.array(z.object({ id: z.string().min(1), name: z.string(), createdAt: z.string() })),
});

function clean(name: string): string {
  return name.replace(/\s+/g, ' ').trim();
}

export function compareFolders(a: Folder, b: Folder): number {
  return a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || (a.id < b.id ? -1 : 1);
}

export async function openFolderLibrary(
  dataDir: string,
  options: { now?: () => Date; recovery?: Recovery } = {},
): Promise<FolderLibrary> {
  const now = options.now ?? (() => new Date());
  const file = join(dataDir, FOLDERS_FILE);
  const folders = new Map<string, Folder>();

  try {
    const text = await readFile(file, 'utf8');
    const parsed = fileSchema.safeParse(JSON.parse(text));
    if (!parsed.success) throw new Error('it is not a list of folders');
    for (const f of parsed.data.folders) folders.set(f.id, f);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') {
      // Set aside before anything is saved, so no new list is written over it.
      await (options.recovery ?? openRecovery(dataDir)).setAside(
        file,
        `The list of folders could not be read (${(e as Error).message}), so Atelier started with no folders. Conversations are not affected: those that were in a folder are shown outside it.`,
      );
    }
  }

  /** Saves the list after `change`; refused (a full disk), the change is undone in memory too. */
  async function save(change: () => void): Promise<void> {
    const before = new Map(folders);
    change();
    try {
      await makeFolder(dataDir);
      await writeFileAtomic(
        file,
        JSON.stringify({ version: VERSION, folders: [...folders.values()] }, null, 2),
      );
    } catch (e) {
      folders.clear();
      for (const [id, folder] of before) folders.set(id, folder);
      throw saveFailed('The folders', e);
    }
  }

  function existing(id: string): Folder {
    const folder = folders.get(id);
    if (!folder) throw serviceError('not_found', 'That folder no longer exists.');
    return folder;
  }

  function nameFree(name: string, except?: string): void {
    const taken = [...folders.values()].some(
      (f) => f.id !== except && f.name.toLocaleLowerCase() === name.toLocaleLowerCase(),
    );
    if (taken) throw serviceError('invalid_input', `There is already a folder named “${name}”.`);
  }

  return {
    list: () => [...folders.values()].sort(compareFolders),

    async create(name) {
      const n = clean(name);
      if (n === '') throw serviceError('invalid_input', 'A folder needs a name.');
      nameFree(n);
      const folder: Folder = { id: newId('folder'), name: n, createdAt: now().toISOString() };
      await save(() => folders.set(folder.id, folder));
      return folder;
    },

    async rename(id, name) {
      const folder = existing(id);
      const n = clean(name);
      if (n === '') throw serviceError('invalid_input', 'A folder needs a name.');
      nameFree(n, id);
      const next = { ...folder, name: n };
      await save(() => folders.set(id, next));
      return next;
    },

    async remove(id) {
      existing(id);
      await save(() => folders.delete(id));
    },

    has: (id) => folders.has(id),
  };
}
