// The model <select>: one option group per kind, and a stand-in option while the value is not (yet) listed.
import type { ModelInfo } from '../../../shared/types';
import type { MessageKey } from '../i18n/en';
import { translateDynamic } from '../i18n/translate';
import { useT } from '../i18n/use-t';
import type { ModelGroup } from '../models/model-groups';
import { priceWords, usePriceReader } from '../models/price-words';
import { useAppStore } from '../store';

interface ModelSelectProps {
  value: string;
  groups: readonly ModelGroup[];
  onChange(modelId: string): void;
  /** An option's tooltip; the model's description (or id) and its prices unless the place shows more. */
  optionTitle?(model: ModelInfo): string;
  id?: string;
  className?: string;
  /** Accessible name when no <label> points at the select. */
  'aria-label'?: string;
}

export function ModelSelect({
  value,
  groups,
  onChange,
  optionTitle,
  id,
  className = 'input',
  'aria-label': ariaLabel,
}: ModelSelectProps) {
  const t = useT();
  const prices = usePriceReader();
  const loading = useAppStore((s) => s.modelsLoading);
  const titleOf =
    optionTitle ??
    ((model: ModelInfo) => `${model.description ?? model.id} · ${priceWords(prices, model)}`);
  const listed = groups.some((group) => group.models.some((model) => model.id === value));
  return (
    <select
      id={id}
      className={className}
      aria-label={ariaLabel}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      {!listed && (
        <option value={value}>
          {value || (loading ? t('models.loading') : t('models.pickPlaceholder'))}
        </option>
      )}
      {groups.map((group) => (
        <optgroup
          key={group.label ?? group.kind}
          label={group.label ?? translateDynamic(t, `models.kind.${group.kind}` as MessageKey)}
        >
          {group.models.map((model) => (
            <option key={model.id} value={model.id} title={titleOf(model)}>
              {model.name || model.id}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
