// The libraries of a data folder as an import or restore places into them, opened without the rest of core.
import { join } from 'node:path';
import { openDocumentStore } from '../../../../../electron/core/features/documents/store';
import type { PlacingDeps } from '../../../../../electron/core/features/transfer/placing';
import { openConversationLibrary } from '../../../../../electron/core/library/conversations';
import { createFileStore } from '../../../../../electron/core/library/files';
import {
  type FolderLibrary,
  openFolderLibrary,
} from '../../../../../electron/core/library/folders';
import { createMediaLibrary } from '../../../../../electron/core/library/media';

export interface OpenedLibrary {
  dir: string;
  deps: PlacingDeps;
  folders: FolderLibrary;
  /** Waits for every write and lets the folder go (the search index's worker included). */
  close(): Promise<void>;
}

/** Opens every library of `dataDir`, as core opens them at start. */
export async function openLibrary(dataDir: string): Promise<OpenedLibrary> {
  const conversations = await openConversationLibrary(dataDir, { indexDelayMs: 0 });
  const files = await createFileStore(join(dataDir, 'files'));
  const media = await createMediaLibrary(join(dataDir, 'media'));
  const documents = await openDocumentStore(dataDir);
  const folders = await openFolderLibrary(dataDir);
  return {
    dir: dataDir,
    deps: { conversations, files, media, documents, folders },
    folders,
    async close() {
      await conversations.close();
      await files.dispose();
      await media.flush();
      await documents.flush();
    },
  };
}
