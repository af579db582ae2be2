// Settings: whether a model names conversations after the first answer, and which model (empty: the cheapest chat model), with what a title costs.
import { useEffect, useState } from 'react';
import type { UserError } from '../../../shared/types';
import { ErrorNotice } from '../common/ErrorNotice';
import { Field } from '../common/Field';
import { useTitleCost } from '../common/title-cost';
import { moneyWords } from '../i18n/money';
import { useLanguage, useT } from '../i18n/use-t';
import { useAppStore } from '../store';

export function TitleSettingsCard() {
  const t = useT();
  const language = useLanguage();
  const titleCost = useTitleCost();
  const settings = useAppStore((s) => s.settings);
  const updateSettings = useAppStore((s) => s.updateSettings);
  const saved = settings?.autoTitle ?? true;
  // Shown at once; core's answer (or its refusal) sets it right.
  const [autoTitle, setAutoTitle] = useState(saved);
  const [model, setModel] = useState(settings?.titleModel ?? '');
  const [error, setError] = useState<UserError | null>(null);

  useEffect(() => setModel(settings?.titleModel ?? ''), [settings?.titleModel]);
  useEffect(() => setAutoTitle(saved), [saved]);

  return (
    <section className="card" aria-label={t('organise.titles')}>
      <h2>{t('organise.titles')}</h2>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={autoTitle}
          onChange={(event) => {
            const on = event.target.checked;
            setAutoTitle(on);
            void updateSettings({ autoTitle: on }).then((failure) => {
              setError(failure);
              if (failure) setAutoTitle(!on);
            });
          }}
        />
        {t('organise.autoTitle')}
      </label>
      <p className="hint">{t('organise.autoTitleHint')}</p>
      <p className="hint">{t('organise.titleModelOff')}</p>
      <Field label={t('organise.titleModel')} hint={t('organise.titleModelHint')}>
        {(id) => (
          <input
            id={id}
            className="input"
            value={model}
            disabled={!autoTitle}
            onChange={(event) => setModel(event.target.value)}
            onBlur={() => {
              if (model.trim() !== (settings?.titleModel ?? ''))
                void updateSettings({ titleModel: model.trim() }).then(setError);
            }}
          />
        )}
      </Field>
      {autoTitle && titleCost.model && (
        <p className="hint">
          {titleCost.cost === null
            ? t('organise.titleModelNowNoPrice', { model: titleCost.model.name })
            : t('organise.titleModelNow', {
                model: titleCost.model.name,
                cost: moneyWords(titleCost.cost, language),
              })}
        </p>
      )}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </section>
  );
}
