// Settings, Money: the threshold above which an action asks first, and the daily and monthly budgets, typed in the person's locale.
import { useState, type FormEvent } from 'react';
import { NO_SPEND_LIMITS, type SpendLimits } from '../../../shared/spending';
import type { UserError } from '../../../shared/types';
import { creditsForInput, readCreditsInput } from '../common/credits-input';
import { ErrorNotice } from '../common/ErrorNotice';
import { Field } from '../common/Field';
import { localeOf } from '../i18n/translate';
import { useLanguage, useT } from '../i18n/use-t';
import { useAppStore } from '../store';

type LimitName = keyof SpendLimits;

const LABELS = {
  askAbove: 'spending.settings.askAbove',
  daily: 'spending.settings.daily',
  monthly: 'spending.settings.monthly',
} as const satisfies Record<LimitName, string>;

const NAMES: readonly LimitName[] = ['askAbove', 'daily', 'monthly'];

export function SpendLimitsCard() {
  const t = useT();
  const language = useLanguage();
  const locale = localeOf(language);
  const saved = useAppStore((s) => s.settings?.spendLimits ?? NO_SPEND_LIMITS);
  const updateSettings = useAppStore((s) => s.updateSettings);
  const shownOf = (limits: SpendLimits) =>
    Object.fromEntries(NAMES.map((n) => [n, creditsForInput(limits[n], locale)])) as Record<
      LimitName,
      string
    >;
  const [typed, setTyped] = useState(() => shownOf(saved));
  const [error, setError] = useState<UserError | null>(null);
  const [done, setDone] = useState(false);
  // The fields follow what core keeps (another window, a language switch), unless being edited.
  const savedText = JSON.stringify([saved, locale]);
  const [shownFor, setShownFor] = useState(savedText);
  if (savedText !== shownFor) {
    setShownFor(savedText);
    setTyped(shownOf(saved));
  }

  const read = Object.fromEntries(NAMES.map((n) => [n, readCreditsInput(typed[n], locale)])) as {
    [K in LimitName]: ReturnType<typeof readCreditsInput>;
  };
  const example = creditsForInput('0.05', locale);

  function onSave(event: FormEvent) {
    event.preventDefault();
    if (NAMES.some((n) => read[n].kind === 'invalid')) return;
    const limits = Object.fromEntries(
      NAMES.map((n) => {
        const r = read[n];
        return [n, r.kind === 'amount' ? r.value : null];
      }),
    ) as unknown as SpendLimits;
    setDone(false);
    void updateSettings({ spendLimits: limits }).then((failure) => {
      setError(failure);
      setDone(failure === null);
    });
  }

  return (
    <section className="card" aria-label={t('spending.settings.title')}>
      <h2>{t('spending.settings.title')}</h2>
      <form onSubmit={onSave} noValidate>
        {NAMES.map((name) => (
          <Field
            key={name}
            label={t(LABELS[name])}
            hint={
              read[name].kind === 'invalid'
                ? t('spending.settings.invalid', { example })
                : undefined
            }
            warning={read[name].kind === 'invalid'}
          >
            {(id) => (
              <input
                id={id}
                className="input"
                inputMode="decimal"
                autoComplete="off"
                value={typed[name]}
                aria-invalid={read[name].kind === 'invalid'}
                onChange={(event) => {
                  setDone(false);
                  setTyped((was) => ({ ...was, [name]: event.target.value }));
                }}
              />
            )}
          </Field>
        ))}
        <p className="hint">{t('spending.settings.hint')}</p>
        <div className="form-actions">
          <button type="submit" className="button">
            {t('spending.settings.save')}
          </button>
          {done && (
            <span role="status" className="hint">
              {t('spending.settings.saved')}
            </span>
          )}
        </div>
      </form>
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </section>
  );
}
