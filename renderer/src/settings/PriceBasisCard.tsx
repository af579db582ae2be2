// Settings: how the model list's token prices are read (guessed per price, per token, per 1M tokens), and what the guess makes of the list in use.
import { useState } from 'react';
import { PRICE_BASES, tokenPriceBasis, type PriceBasis } from '../../../shared/prices';
import type { ModelInfo, UserError } from '../../../shared/types';
import { ErrorNotice } from '../common/ErrorNotice';
import { Field } from '../common/Field';
import { formatCount, localeOf } from '../i18n/translate';
import { useLanguage, useT } from '../i18n/use-t';
import { usePriceBasis } from '../models/price-words';
import { useAppStore } from '../store';

const BASIS_KEYS = {
  auto: 'prices.basis.auto',
  token: 'prices.basis.token',
  million: 'prices.basis.million',
} as const;

/** How many of the list's positive token prices the guess reads per token and per 1M tokens. */
export function guessedBases(models: readonly ModelInfo[]): { token: number; million: number } {
  const counts = { token: 0, million: 0 };
  for (const model of models)
    for (const price of [model.promptPrice, model.completionPrice]) {
      if (price === null || /^[0.]*$/.test(price.trim())) continue;
      const read = tokenPriceBasis(price, 'auto');
      if (read) counts[read]++;
    }
  return counts;
}

export function PriceBasisCard() {
  const t = useT();
  const locale = localeOf(useLanguage());
  const basis = usePriceBasis();
  const models = useAppStore((s) => s.models);
  const updateSettings = useAppStore((s) => s.updateSettings);
  const [error, setError] = useState<UserError | null>(null);
  const guess = guessedBases(models);
  const guessText =
    guess.token === 0 && guess.million === 0
      ? t('prices.basis.guessNone')
      : guess.million === 0
        ? t('prices.basis.guessToken')
        : guess.token === 0
          ? t('prices.basis.guessMillion')
          : t('prices.basis.guessMixed', {
              token: formatCount(guess.token, locale),
              million: formatCount(guess.million, locale),
            });

  return (
    <section className="card" aria-label={t('prices.basis.title')}>
      <h2>{t('prices.basis.title')}</h2>
      <Field label={t('prices.basis.label')} hint={`${guessText} ${t('prices.basis.hint')}`}>
        {(id) => (
          <select
            id={id}
            className="input"
            value={basis}
            onChange={(event) =>
              void updateSettings({ priceBasis: event.target.value as PriceBasis }).then(setError)
            }
          >
            {PRICE_BASES.map((b) => (
              <option key={b} value={b}>
                {t(BASIS_KEYS[b])}
              </option>
            ))}
          </select>
        )}
      </Field>
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </section>
  );
}
