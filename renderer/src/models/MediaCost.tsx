// The cost line before a picture, a piece of music or a film is made: count or seconds × the listed price.
import { unitCost } from '../../../shared/prices';
import type { ModelInfo } from '../../../shared/types';
import { useT } from '../i18n/use-t';
import { priceWords } from './price-words';

type Amount = { images: number } | { seconds: number | null };

/** The estimate in words: a figure only when the list states a price in this unit. */
export function mediaCostWords(
  t: ReturnType<typeof useT>,
  model: ModelInfo | null,
  amount: Amount,
): string {
  if ('images' in amount) {
    const cost = unitCost(model, amount);
    if (cost === null || !model?.unitPrice) return t('prices.mediaNotListed');
    return t('prices.images', { count: amount.images, price: model.unitPrice.price, cost });
  }
  const unit = model?.unitPrice;
  if (!model || !unit || (unit.unit !== 'second' && unit.unit !== 'minute'))
    return t('prices.mediaNotListed');
  // The model's default length is not stated: its price per unit is what is known.
  if (amount.seconds === null || amount.seconds <= 0) return priceWords(t, model);
  const cost = unitCost(model, { seconds: amount.seconds });
  if (cost === null) return t('prices.mediaNotListed');
  return unit.unit === 'second'
    ? t('prices.seconds', { seconds: amount.seconds, price: unit.price, cost })
    : t('prices.media', { cost });
}

export function MediaCost({ model, amount }: { model: ModelInfo | null; amount: Amount }) {
  const t = useT();
  return (
    <p className="hint cost-estimate" role="status" aria-label={t('prices.estimate')}>
      {mediaCostWords(t, model, amount)}
    </p>
  );
}
