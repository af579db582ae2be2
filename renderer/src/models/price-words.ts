// A model's prices in words, the same in every picker: per million tokens, per picture or second, or "price not listed".
import { modelPrices } from '../../../shared/prices';
import type { ModelInfo, PriceUnit } from '../../../shared/types';
import type { MessageKey } from '../i18n/en';
import type { Translate } from '../i18n/translate';

const UNIT_KEYS: Record<PriceUnit, MessageKey> = {
  image: 'prices.unit.image',
  second: 'prices.unit.second',
  minute: 'prices.unit.minute',
  page: 'prices.unit.page',
  call: 'prices.unit.call',
};

/** One line of the model's prices as the list states them; nothing invented when it states none. */
export function priceWords(t: Translate, model: ModelInfo): string {
  const prices = modelPrices(model);
  const notListed = t('prices.notListed');
  const parts: string[] = [];
  if (prices.inputPerMillion !== null || prices.outputPerMillion !== null)
    parts.push(
      t('prices.tokens', {
        input: prices.inputPerMillion ?? notListed,
        output: prices.outputPerMillion ?? notListed,
      }),
    );
  if (prices.unit)
    parts.push(
      (t as (key: MessageKey, vars: Record<string, string>) => string)(
        UNIT_KEYS[prices.unit.unit],
        {
          price: prices.unit.price,
        },
      ),
    );
  return parts.length > 0 ? parts.join(' · ') : notListed;
}
