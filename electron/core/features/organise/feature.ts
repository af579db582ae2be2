// The folders.* and assistants.* channels: folders conversations are filed in, and the presets a new chat starts from.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { openAssistantLibrary } from '../../library/assistants';
import { FOLDERS_FILE, type FolderLibrary, openFolderLibrary } from '../../library/folders';
import type { ChannelsOf, Feature, FeatureContext } from '../context';

export type OrganiseChannel = ChannelsOf<'folders' | 'assistants'>;

export interface OrganiseFeature extends Feature<OrganiseChannel> {
  /** Whether a folder exists, for the features that file conversations too (an import). */
  folders: Pick<FolderLibrary, 'has'>;
}

export async function openOrganiseFeature(ctx: FeatureContext): Promise<OrganiseFeature> {
  const { conversations, emit, state } = ctx;
  const folders = await openFolderLibrary(ctx.dataDir, { recovery: ctx.recovery });
  const assistants = await openAssistantLibrary(ctx.dataDir, { recovery: ctx.recovery });
  // A conversation in a folder that is gone (a delete a crash cut short) goes back to the main
  // list, whole. Only when the folder list was read: one set aside may be put back, and its
  // conversations then find their folders again (until then they show outside any folder).
  // Conversations name no assistant, so a deleted assistant leaves nothing pointing at it.
  const listRead =
    !ctx.recovery.items().some((item) => item.file === FOLDERS_FILE) &&
    (await stat(join(ctx.dataDir, FOLDERS_FILE)).then(
      () => true,
      () => false,
    ));
  if (listRead) await conversations.clearMissingFolders(folders.has);

  return {
    folders,
    handlers: {
      'folders.list': () => folders.list(),
      'folders.create': ({ name }) => folders.create(name),
      'folders.rename': ({ id, name }) => folders.rename(id, name),
      'folders.delete': async ({ id }) => {
        // Deleting a folder never deletes a conversation: they go back to no folder, before the
        // folder goes, so a crash between the two leaves an empty folder, never a conversation in
        // one that does not exist. A conversation filed in it meanwhile is taken out after.
        const moved = await conversations.clearFolder(id);
        await folders.remove(id);
        moved.push(...(await conversations.clearFolder(id)));
        if (moved.length > 0) emit('conversations.changed', { id: null });
        return { id };
      },

      'assistants.list': () => assistants.list(state.current().language),
      'assistants.save': (draft) => assistants.save(draft),
      'assistants.delete': async ({ id }) => {
        await assistants.remove(id);
        return { id };
      },
    },
  };
}
