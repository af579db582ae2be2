// The storage.* channel: what was set aside from the data folder since start (see library/recovery.ts), for the person to be told.
import type { ChannelsOf, Feature, FeatureContext } from '../context';

export type StorageChannel = ChannelsOf<'storage'>;

export async function openStorageFeature(ctx: FeatureContext): Promise<Feature<StorageChannel>> {
  return {
    handlers: {
      'storage.recovered': () => ({ folder: ctx.recovery.folder, items: ctx.recovery.items() }),
    },
  };
}
