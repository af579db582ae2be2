// Folders for conversations: one JSON file in the data folder, written atomically; a corrupt file is set aside and reported.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Folder, StorageProblem } from '../../../shared/types';
import { writeFileAtomic } from './atomic-write';
import { serviceError } from '../service/errors';

export interface FolderLibrary {
  /** By name, as a person reads them. */
  list(): Folder[];
  create(name: string): Promise<Folder>;
  rename(id: string, name: string): Promise<Folder>;
  /** Forgets the folder (its conversations are the caller's to take out of it). */
  remove(id: string): Promise<void>;
  has(id: string): boolean;
  problems(): StorageProblem[];
}

const FILE = 'folders.json';
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
  options: { now?: () => Date } = {},
): Promise<FolderLibrary> {
  const now = options.now ?? (() => new Date());
  const file = join(dataDir, FILE);
  const folders = new Map<string, Folder>();
  const problems: StorageProblem[] = [];

  try {
    const text = await readFile(file, 'utf8');
    const parsed = fileSchema.safeParse(JSON.parse(text));
    if (!parsed.success) throw new Error('not a folder list');
    for (const f of parsed.data.folders) folders.set(f.id, f);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') {
      const aside = `${FILE}.corrupt-${now().getTime()}`;
      let reason = `the folder list could not be read (${(e as Error).message})`;
      try {
        await rename(file, join(dataDir, aside));
        reason += `; it was moved to ${aside}`;
      } catch {
        // Reported either way; the next write replaces it.
      }
      problems.push({ file: FILE, reason });
    }
  }

  async function save(): Promise<void> {
    await mkdir(dataDir, { recursive: true });
    try {
      await writeFileAtomic(
        file,
        JSON.stringify({ version: VERSION, folders: [...folders.values()] }, null, 2),
      );
    } catch (e) {
      throw serviceError('storage', `The folders could not be saved (${(e as Error).message}).`);
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
      const folder: Folder = { id: randomUUID(), name: n, createdAt: now().toISOString() };
      folders.set(folder.id, folder);
      await save();
      return folder;
    },

    async rename(id, name) {
      const folder = existing(id);
      const n = clean(name);
      if (n === '') throw serviceError('invalid_input', 'A folder needs a name.');
      nameFree(n, id);
      const next = { ...folder, name: n };
      folders.set(id, next);
      await save();
      return next;
    },

    async remove(id) {
      existing(id);
      folders.delete(id);
      await save();
    },

    has: (id) => folders.has(id),
    problems: () => [...problems],
  };
}
