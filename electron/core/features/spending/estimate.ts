// The ledger's estimate column: what the app said an action would cost before it was made, by the shared/estimates.ts figure its form shows.
import { upperOf, type Estimate, type EstimateResult } from '../../../../shared/estimates';
import type { PriceBasis } from '../../../../shared/prices';
import type { ModelInfo } from '../../../../shared/types';
import type { FeatureContext } from '../context';

/**
 * The upper figure of `estimateOf` for the model as the cached list states it, at the price basis
 * the person chose: the form's own inputs, so the ledger keeps the figure that was shown. Call it
 * before the request is sent; it never fetches (null when the list does not name the model).
 */
export function estimateBefore(
  ctx: Pick<FeatureContext, 'models' | 'state'>,
  modelId: string,
  estimateOf: (model: ModelInfo | null, basis: PriceBasis) => Estimate | EstimateResult | null,
): string | null {
  return upperOf(estimateOf(ctx.models.modelOf(modelId), ctx.state.current().priceBasis));
}
