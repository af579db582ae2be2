// Archives for the restore tests: zips of given entries, the backup manifest, a conversation, a scratch folder, and a restore into a library staged as the feature stages it.
import { once } from 'node:events';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZipFile } from 'yazl';
import { BACKUP_FORMAT } from '../../../../../shared/transfer';
import type { Conversation } from '../../../../../shared/types';
import type { PlacingDeps } from '../../../../../electron/core/features/transfer/placing';
import { restoreBackup } from '../../../../../electron/core/features/transfer/restore';
import type { OpenedLibrary } from './library-deps';
import { conversation as conversationOf, message } from '../../../conversation-data';

export interface Entry {
  name: string;
  body: Buffer | string;
  mode?: number;
}

export async function zipOf(entries: Entry[]): Promise<Buffer> {
  const zip = new ZipFile();
  const parts: Buffer[] = [];
  zip.outputStream.on('data', (chunk: Buffer) => parts.push(chunk));
  const ended = once(zip.outputStream, 'end');
  for (const entry of entries) {
    zip.addBuffer(Buffer.from(entry.body), entry.name, entry.mode ? { mode: entry.mode } : {});
  }
  zip.end();
  await ended;
  return Buffer.concat(parts);
}

export const manifest = {
  name: 'manifest.json',
  body: JSON.stringify({ format: BACKUP_FORMAT, version: 1 }),
};

export function conversation(id: string, title: string): Conversation {
  return { ...conversationOf(id, [message('m1', 'user', 'Hello')]), title };
}

export async function scratch(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'atelier-restore-'));
}

/** Restores as the feature does, staging in the data folder's transfer/ folder. */
export function restoreInto(
  library: OpenedLibrary,
  archive: string,
  deps: PlacingDeps = library.deps,
) {
  return restoreBackup(archive, deps, {
    stagingDir: join(library.dir, 'transfer', 'restore-test'),
    onProgress: () => undefined,
  });
}
