// The folders.* and assistants.* channels: folders conversations are filed in, and the presets a new chat starts from.
import { openAssistantLibrary } from '../../library/assistants';
import { openFolderLibrary } from '../../library/folders';
import type { ChannelsOf, Feature, FeatureContext } from '../context';

export type OrganiseChannel = ChannelsOf<'folders' | 'assistants'>;

export async function openOrganiseFeature(ctx: FeatureContext): Promise<Feature<OrganiseChannel>> {
  const { conversations, emit, state } = ctx;
  const folders = await openFolderLibrary(ctx.dataDir);
  const assistants = await openAssistantLibrary(ctx.dataDir);

  return {
    handlers: {
      'folders.list': () => folders.list(),
      'folders.create': ({ name }) => folders.create(name),
      'folders.rename': ({ id, name }) => folders.rename(id, name),
      'folders.delete': async ({ id }) => {
        await folders.remove(id);
        // Deleting a folder never deletes a conversation: they go back to no folder.
        const moved = await conversations.clearFolder(id);
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
