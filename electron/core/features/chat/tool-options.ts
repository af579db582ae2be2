// What a chat turn needs for tools, taken from the feature context: the catalog's badges, the
// round limit setting, and pictures kept in the media library.
import { DEFAULT_TOOL_ROUND_LIMIT } from '../../../../shared/tools';
import type { FeatureContext } from '../context';
import type { ToolProvider } from './tool-provider';
import type { ToolTurnOptions } from './tools';

export function toolTurnOptions(ctx: FeatureContext, provider: ToolProvider): ToolTurnOptions {
  return {
    provider,
    badgesOf: (id) => ctx.models.badgesOf(id),
    roundLimit: () => ctx.state.current().toolRoundLimit ?? DEFAULT_TOOL_ROUND_LIMIT,
    async savePicture({ bytes, mime, title }) {
      const item = await ctx.media.add({
        kind: 'image',
        bytes,
        mime,
        title,
        model: null,
        cost: null,
        params: {},
        sources: [],
        extra: { fromTool: true },
      });
      ctx.emit('media.changed', { kind: 'image' });
      return item.id;
    },
  };
}
