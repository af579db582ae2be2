// The models.* and balance.* channels: the service's model catalog and the account's credits.
import type { ChannelsOf, Feature, FeatureContext } from '../context';

export type AccountChannel = ChannelsOf<'models' | 'balance'>;

/** The catalog and the balance monitor are in the context, as every paid call refreshes the balance. */
export async function openAccountFeature(ctx: FeatureContext): Promise<Feature<AccountChannel>> {
  const { models, balance } = ctx;
  return {
    handlers: {
      'models.list': ({ refresh }) => models.list({ refresh: refresh ?? false }),
      'balance.get': ({ refresh }) => balance.get({ refresh: refresh ?? false }),
    },
  };
}
