// A Model combobox for a media feature: its own kinds first (in the given order), every other model still reachable.
import { useEffect, useMemo } from 'react';
import type { ModelInfo, ModelKind } from '../../../shared/types';
import { useT } from '../i18n/use-t';
import { groupModels, type ModelGroup } from '../models/model-groups';
import { priceWords, usePriceReader } from '../models/price-words';
import { useAppStore } from '../store';
import { ModelSelect } from './ModelSelect';
import { Field } from './Field';

/** The model list grouped by kind, the feature's kinds first in their given order. */
export function groupsForKinds(
  models: readonly ModelInfo[],
  kinds: readonly ModelKind[],
): ModelGroup[] {
  const rank = (kind: ModelKind): number => {
    const at = kinds.indexOf(kind);
    return at < 0 ? kinds.length : at;
  };
  return groupModels(models, '')
    .map((group, order) => ({ group, order }))
    .sort((a, b) => rank(a.group.kind) - rank(b.group.kind) || a.order - b.order)
    .map(({ group }) => group);
}

/** The first model of the preferred kinds, for a picker that has no value yet. */
export function firstOfKinds(models: readonly ModelInfo[], kinds: readonly ModelKind[]): string {
  const first = groupsForKinds(models, kinds)[0];
  return first && kinds.includes(first.kind) ? (first.models[0]?.id ?? '') : '';
}

interface KindModelSelectProps {
  value: string;
  kinds: readonly ModelKind[];
  onChange(id: string): void;
  /** Shown under the select (e.g. what the chosen model takes). */
  hint?: string;
}

export function KindModelSelect({ value, kinds, onChange, hint }: KindModelSelectProps) {
  const t = useT();
  const prices = usePriceReader();
  const models = useAppStore((s) => s.models);
  const groups = useMemo(() => groupsForKinds(models, kinds), [models, kinds]);
  const selected = models.find((m) => m.id === value) ?? null;
  const firstOfKind = groups[0] && kinds.includes(groups[0].kind) ? groups[0].models[0] : undefined;

  // A feature opens with its first model of its own kinds, never with a chat model.
  useEffect(() => {
    if (value === '' && firstOfKind) onChange(firstOfKind.id);
  }, [value, firstOfKind, onChange]);

  return (
    <Field
      label={t('models.label')}
      hint={
        selected && (
          <>
            <code>{selected.id}</code>
            {` · ${priceWords(prices, selected)}`}
            {hint ? ` · ${hint}` : ''}
          </>
        )
      }
    >
      {(id) => <ModelSelect id={id} value={value} groups={groups} onChange={onChange} />}
    </Field>
  );
}
