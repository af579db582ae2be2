// Model picker: a search box over a native select grouped by kind, and the chosen model's facts.
import { useId, useMemo, useState } from 'react';
import type { ModelInfo } from '../../../shared/types';
import { useAppStore } from '../store';
import { useLanguage, useT } from '../i18n/use-t';
import { formatCount, localeOf } from '../i18n/translate';
import { ModelSelect } from '../common/ModelSelect';
import { enterChoice, groupModels, type PreferredModels } from './model-groups';
import { priceWords, usePriceReader, type PriceReader } from './price-words';
import './models.css';

interface ModelPickerProps {
  value: string;
  onChange(modelId: string): void;
  /** Accessible name of the select; "Model" unless the place needs another. */
  label?: string;
  /** Show the chosen model's id, prices, context and badges under the select. */
  showDetails?: boolean;
  /** Models listed first under their own heading. */
  prefer?: PreferredModels;
  /** The select's id, for a visible <label> outside the picker. */
  selectId?: string;
}

export function ModelDetails({ model }: { model: ModelInfo }) {
  const t = useT();
  const language = useLanguage();
  const prices = usePriceReader();
  return (
    <div className="model-details">
      <code className="model-id" title={t('models.id')}>
        {model.id}
      </code>
      <span className="model-price">{priceWords(prices, model)}</span>
      {model.contextLength != null && (
        <span>
          {t('models.context', {
            tokens: formatCount(model.contextLength, localeOf(language)),
          })}
        </span>
      )}
      {model.badges.length > 0 && (
        <span className="badges">
          {model.badges.map((badge) => (
            <span key={badge} className="badge">
              {badge}
            </span>
          ))}
        </span>
      )}
    </div>
  );
}

function optionTitle(model: ModelInfo, t: ReturnType<typeof useT>, prices: PriceReader): string {
  const parts = [model.id, priceWords(prices, model)];
  if (model.contextLength != null) parts.push(t('models.context', { tokens: model.contextLength }));
  if (model.badges.length > 0) parts.push(model.badges.join(', '));
  return parts.join(' · ');
}

export function ModelPicker({
  value,
  onChange,
  label,
  showDetails = true,
  prefer,
  selectId,
}: ModelPickerProps) {
  const t = useT();
  const prices = usePriceReader();
  const models = useAppStore((s) => s.models);
  const loading = useAppStore((s) => s.modelsLoading);
  const [query, setQuery] = useState('');
  const searchId = useId();
  const groups = useMemo(
    () => groupModels(models, query, value, prefer),
    [models, query, value, prefer],
  );
  const choice = enterChoice(models, query);
  const shown = groups.reduce((sum, group) => sum + group.models.length, 0);
  const selected = models.find((m) => m.id === value) ?? null;
  const valueKnown = selected !== null;

  return (
    <div className="model-picker">
      <div className="model-picker-row">
        <input
          id={searchId}
          type="search"
          className="input model-search"
          aria-label={t('models.search')}
          placeholder={t('models.searchPlaceholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            // Enter uses the exact id, the only match, or the id as typed (the list may lack it).
            if (event.key !== 'Enter') return;
            event.preventDefault();
            if (choice) {
              onChange(choice);
              setQuery('');
            }
          }}
        />
        <ModelSelect
          id={selectId}
          className="input model-select"
          aria-label={label ?? t('models.label')}
          value={value}
          groups={groups}
          onChange={onChange}
          optionTitle={(model) => optionTitle(model, t, prices)}
        />
      </div>
      <div className="model-picker-meta" aria-live="polite">
        {query.trim() !== '' &&
          (shown === 0 || (shown === 1 && valueKnown && groups[0]?.models[0]?.id === value)
            ? t('models.noMatch', { query })
            : t('models.count', { shown, total: models.length }))}
        {choice && ` · ${t('models.enterUses', { id: choice })}`}
        {models.length === 0 && !loading && query.trim() === '' && t('models.none')}
      </div>
      {showDetails && selected && <ModelDetails model={selected} />}
      {value !== '' && !valueKnown && models.length > 0 && (
        <p className="hint">{t('models.notListed')}</p>
      )}
    </div>
  );
}
