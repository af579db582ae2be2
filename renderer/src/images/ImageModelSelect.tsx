// The Model combobox of the Images tab: the mode's image kinds first, every other model still reachable.
import { useId, useMemo } from 'react';
import type { ModelInfo, ModelKind } from '../../../shared/types';
import { useT } from '../i18n/use-t';
import { translateDynamic } from '../i18n/translate';
import type { MessageKey } from '../i18n/en';
import { groupModels } from '../models/model-groups';
import { useAppStore } from '../store';

/** Groups with the preferred kinds moved to the front, in the given order. */
export function preferKinds(
  models: readonly ModelInfo[],
  kinds: readonly ModelKind[],
): ReturnType<typeof groupModels> {
  const groups = groupModels(models, '');
  const rank = (kind: ModelKind) => {
    const at = kinds.indexOf(kind);
    return at < 0 ? kinds.length : at;
  };
  return groups
    .map((group, order) => ({ group, order }))
    .sort((a, b) => rank(a.group.kind) - rank(b.group.kind) || a.order - b.order)
    .map(({ group }) => group);
}

/** The first model of the preferred kinds, for a picker that has no value yet. */
export function firstOfKinds(models: readonly ModelInfo[], kinds: readonly ModelKind[]): string {
  return preferKinds(models, kinds)[0]?.models[0]?.id ?? '';
}

export function ImageModelSelect({
  value,
  kinds,
  onChange,
}: {
  value: string;
  kinds: readonly ModelKind[];
  onChange(id: string): void;
}) {
  const t = useT();
  const models = useAppStore((s) => s.models);
  const loading = useAppStore((s) => s.modelsLoading);
  const id = useId();
  const groups = useMemo(() => preferKinds(models, kinds), [models, kinds]);
  const selected = models.find((m) => m.id === value);
  return (
    <div className="field">
      <label htmlFor={id}>{t('models.label')}</label>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {!selected && (
          <option value={value}>
            {value || (loading ? t('models.loading') : t('models.pickPlaceholder'))}
          </option>
        )}
        {groups.map((group) => (
          <optgroup
            key={group.kind}
            label={translateDynamic(t, `models.kind.${group.kind}` as MessageKey)}
          >
            {group.models.map((model) => (
              <option key={model.id} value={model.id}>
                {model.name || model.id}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {/* Per-token prices mean nothing for pictures; the id and the service's own note do. */}
      {selected && (
        <div className="model-details">
          <code className="model-id">{selected.id}</code>
          {selected.description && <span>{selected.description}</span>}
        </div>
      )}
    </div>
  );
}
