// The spending.* channels: the ledger of paid calls, its totals and its CSV (issue 39; the ledger lands next).
import type { ChannelsOf, Feature, FeatureContext } from '../context';

export type SpendingChannel = ChannelsOf<'spending'>;

export async function openSpendingFeature(_ctx: FeatureContext): Promise<Feature<SpendingChannel>> {
  const nothing = () => {
    throw new Error('The spending ledger is not built yet.');
  };
  return {
    handlers: {
      'spending.summary': nothing,
      'spending.entries': nothing,
      'spending.conversation': nothing,
      'spending.export': nothing,
    },
  };
}
