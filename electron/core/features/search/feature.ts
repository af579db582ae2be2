// The semantic.* channels: search by meaning over the saved conversations and documents, when turned on.
import { embeddingEstimate } from '../../../../shared/estimates';
import type { ChannelsOf, Feature, FeatureContext } from '../context';
import type { DocumentStore } from '../documents/store';
import { estimateBefore } from '../spending/estimate';
import { openSemanticIndex } from './semantic-index';

export type SearchChannel = ChannelsOf<'semantic'>;

export interface SearchDeps {
  documents: { store: Pick<DocumentStore, 'list' | 'get'> };
}

export async function openSearchFeature(
  ctx: FeatureContext,
  deps: SearchDeps,
): Promise<Feature<SearchChannel>> {
  const index = await openSemanticIndex({
    dataDir: ctx.dataDir,
    client: ctx.client,
    conversations: ctx.conversations,
    documents: deps.documents.store,
    models: () => ctx.models.list(),
    onPaidCall: () => ctx.balance.refreshSoon(),
    record: (r) => ctx.spending.record(r),
    estimate: (model, tokens) =>
      estimateBefore(ctx, model, (info, basis) => embeddingEstimate(info, { tokens }, basis)),
    requestIntervalMs: () => ctx.scheduler.intervalMs(),
    recovery: ctx.recovery,
    paused: () => ctx.state.current().demo,
    priceBasis: () => ctx.state.current().priceBasis,
  });
  return {
    handlers: {
      'semantic.status': () => index.status(),
      'semantic.estimate': ({ model }) => index.estimate(model),
      'semantic.configure': (input) => index.configure(input),
      'semantic.search': ({ query }) => index.search(query),
      'semantic.wordsStatus': () => ctx.conversations.searchStatus(),
    },
    dispose: () => index.dispose(),
  };
}
