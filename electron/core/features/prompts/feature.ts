// The prompts.* channels: the saved prompts the Message box offers after "/", kept in the data folder.
import { openPromptLibrary, type PromptLibrary } from '../../library/prompts';
import type { ChannelsOf, Feature, FeatureContext } from '../context';

export type PromptsChannel = ChannelsOf<'prompts'>;

export interface PromptsFeature extends Feature<PromptsChannel> {
  /** What a backup carries of them and a restore brings back. */
  library: Pick<PromptLibrary, 'exported' | 'adopt'>;
}

export async function openPromptsFeature(ctx: FeatureContext): Promise<PromptsFeature> {
  const library = await openPromptLibrary(ctx.dataDir, { recovery: ctx.recovery });
  const language = () => ctx.state.current().language;
  return {
    library,
    handlers: {
      'prompts.list': () => library.list(language()),
      'prompts.save': (draft) => library.save(draft, language()),
      'prompts.delete': async ({ id }) => {
        await library.remove(id);
        return { id };
      },
    },
  };
}
