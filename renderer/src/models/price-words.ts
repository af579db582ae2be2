// A model's prices and an action's estimate in words, the same on every tab: the chosen price basis, one precision, the credits noun.
import { useMemo } from 'react';
import type { Estimate, EstimateGap, EstimateResult } from '../../../shared/estimates';
import { modelPrices, type PriceBasis } from '../../../shared/prices';
import type { Language, ModelInfo, PriceUnit, UnitPrice } from '../../../shared/types';
import type { MessageKey } from '../i18n/en';
import { moneyFigure, moneyWords } from '../i18n/money';
import { translatorFor, type Translate } from '../i18n/translate';
import { useLanguage } from '../i18n/use-t';
import { useAppStore } from '../store';

/** What every price in words needs: the strings, the language's numbers and the basis in Settings. */
export interface PriceReader {
  t: Translate;
  language: Language;
  basis: PriceBasis;
}

/** The basis the person chose in Settings ('auto' until settings arrive or when never chosen). */
export function usePriceBasis(): PriceBasis {
  return useAppStore((s) => s.settings?.priceBasis ?? 'auto');
}

/** The reader for the current language and basis: every label follows a change of either at once. */
export function usePriceReader(): PriceReader {
  const language = useLanguage();
  const basis = usePriceBasis();
  return useMemo(() => ({ t: translatorFor(language), language, basis }), [language, basis]);
}

const UNIT_KEYS: Record<PriceUnit, MessageKey> = {
  image: 'prices.unit.image',
  second: 'prices.unit.second',
  minute: 'prices.unit.minute',
  page: 'prices.unit.page',
  call: 'prices.unit.call',
};

/** "0.04 credits per picture", "0,28 кредита за секунду". */
export function unitPriceWords(reader: PriceReader, unit: UnitPrice): string {
  const say = reader.t as (key: MessageKey, vars: Record<string, string>) => string;
  return say(UNIT_KEYS[unit.unit], { price: moneyWords(unit.price, reader.language) });
}

/** One line of the model's prices as the list states them; nothing invented when it states none. */
export function priceWords(reader: PriceReader, model: ModelInfo): string {
  const { t, language } = reader;
  const prices = modelPrices(model, reader.basis);
  const notListed = t('prices.notListed');
  const figure = (amount: string | null) =>
    amount === null ? notListed : moneyFigure(amount, language);
  const parts: string[] = [];
  if (prices.inputPerMillion !== null || prices.outputPerMillion !== null)
    parts.push(
      t('prices.tokens', {
        input: figure(prices.inputPerMillion),
        output: figure(prices.outputPerMillion),
      }),
    );
  if (prices.unit) parts.push(unitPriceWords(reader, prices.unit));
  return parts.length > 0 ? parts.join(' · ') : notListed;
}

/** An estimate as one figure when it is known, else "about X, at most Y credits". */
export function estimateWords(reader: PriceReader, estimate: Estimate): string {
  const { t, language } = reader;
  if (estimate.low === estimate.high)
    return t('prices.exact', { cost: moneyWords(estimate.high, language) });
  return t('prices.range', {
    low: moneyFigure(estimate.low, language),
    high: moneyWords(estimate.high, language),
  });
}

/** What is not known before an action: a film's or a piece's length, a document's pages, a recording's length. */
export type AmountWord = 'length' | 'pages' | 'recording';

const AMOUNT_KEYS = {
  length: 'prices.gap.length',
  pages: 'prices.gap.pages',
  recording: 'prices.gap.recording',
} as const;

/** Why there is no figure, in one sentence; `model` gives the unit price some sentences name. */
export function gapWords(
  reader: PriceReader,
  gap: EstimateGap,
  model: ModelInfo | null,
  amount: AmountWord = 'length',
): string {
  const { t, language } = reader;
  const unit = model?.unitPrice;
  switch (gap.kind) {
    case 'zero_token_prices':
      return t('prices.gap.zeroTokens');
    case 'output_unknown':
      return t('prices.gap.outputUnknown', { prompt: moneyWords(gap.prompt, language) });
    case 'other_unit':
      return unit
        ? t('prices.gap.otherUnit', { price: unitPriceWords(reader, unit) })
        : t('prices.gap.notListed');
    case 'amount_unknown':
      if (!unit) return t('prices.gap.notListed');
      return t(AMOUNT_KEYS[amount], { price: unitPriceWords(reader, unit) });
    case 'not_listed':
      return t('prices.gap.notListed');
  }
}

/** The estimate line of a form: the figure, or in one sentence why there is none. */
export function resultWords(
  reader: PriceReader,
  result: EstimateResult,
  model: ModelInfo | null,
  amount: AmountWord = 'length',
): string {
  return result.estimate
    ? estimateWords(reader, result.estimate)
    : gapWords(reader, result.gap, model, amount);
}
