// The shell.* channel: a link from the page is checked here and opened by the host (only the host can reach a browser).
import { isOpenableLink } from '../../../../shared/links';
import { serviceError } from '../../service/errors';
import type { ChannelsOf, Feature, FeatureContext } from '../context';

export type ShellChannel = ChannelsOf<'shell'>;

export async function openShellFeature(ctx: FeatureContext): Promise<Feature<ShellChannel>> {
  return {
    handlers: {
      'shell.openExternal': async ({ url }) => {
        if (!isOpenableLink(url)) {
          throw serviceError('invalid_input', 'Only http, https and mailto links can be opened.');
        }
        return { opened: await ctx.host.openExternal(url) };
      },
    },
  };
}
