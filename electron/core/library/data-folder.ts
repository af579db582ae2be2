// The modes of everything core keeps in the data folder: folders 0700, files 0600 (the person's alone, whatever the umask), and the one way to make a folder there.
import { mkdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';

/** Folders of the data folder: only the person may list, enter or change them. */
export const FOLDER_MODE = 0o700;
/** Files of the data folder: only the person may read or write them. */
export const FILE_MODE = 0o600;

/** Makes `path` and any folder above it that is missing, each 0700; a folder already there is left as it is. */
export async function makeFolder(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: FOLDER_MODE });
}

/** The synchronous twin, for stores whose interface is synchronous (settings, the vault). */
export function makeFolderSync(path: string): void {
  mkdirSync(path, { recursive: true, mode: FOLDER_MODE });
}
