// Search and grouping of the model list for the pickers: chat-capable kinds first, nothing hidden.
import { compareModels, looksLikeDecisionModel } from '../../../shared/model-defaults';
import { isChatKind, modelKind } from '../../../shared/models';
import type { ModelInfo, ModelKind } from '../../../shared/types';

export interface ModelGroup {
  kind: ModelKind;
  models: ModelInfo[];
  /** A group of its own before the kinds (e.g. likely decision models), with this heading. */
  label?: string;
}

/** Models a picker lists first under their own heading; the rest stay listed by kind. */
export interface PreferredModels {
  label: string;
  test(model: ModelInfo): boolean;
}

/** Display order: what a chat can use first, then the media kinds, and 'other' for the rest. */
export const KIND_ORDER: readonly ModelKind[] = [
  'chat',
  'vision',
  'image',
  'image-edit',
  'speech-to-text',
  'text-to-speech',
  'music',
  'text-to-video',
  'image-to-video',
  'embedding',
  'utility',
  'other',
];

const KNOWN_KINDS = new Set<string>(KIND_ORDER);

/** A kind the renderer does not know (a newer core or service) lands under Other. */
export function displayKind(model: ModelInfo): ModelKind {
  const kind = (model.kind as string) || modelKind(model.id);
  return KNOWN_KINDS.has(kind) ? (kind as ModelKind) : 'other';
}

export function matchesModelQuery(model: ModelInfo, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = `${model.name} ${model.id}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

function kindRank(kind: ModelKind): number {
  // Chat-capable kinds (chat, vision, other) come before every media kind.
  const base = KIND_ORDER.indexOf(kind);
  return isChatKind(kind) ? base - KIND_ORDER.length : base;
}

/** A task's own kinds come first, in the task's order; every other kind after them. */
function taskRank(kinds: readonly ModelKind[], kind: ModelKind): number {
  const at = kinds.indexOf(kind);
  return at < 0 ? kinds.length : at;
}

/**
 * The models matching `query`, grouped by kind (the task's `kinds` first, then display order) and
 * sorted by name. The model in `keep` stays listed even when the query hides it.
 */
export function groupModels(
  models: readonly ModelInfo[],
  query: string,
  keep?: string,
  prefer?: PreferredModels,
  kinds: readonly ModelKind[] = [],
): ModelGroup[] {
  const byKind = new Map<ModelKind, ModelInfo[]>();
  const preferred: ModelInfo[] = [];
  for (const model of models) {
    if (!matchesModelQuery(model, query) && model.id !== keep) continue;
    if (prefer?.test(model)) {
      preferred.push(model);
      continue;
    }
    const kind = displayKind(model);
    const list = byKind.get(kind);
    if (list) list.push(model);
    else byKind.set(kind, [model]);
  }
  const groups: ModelGroup[] = [...byKind.entries()]
    .sort(([a], [b]) => taskRank(kinds, a) - taskRank(kinds, b) || kindRank(a) - kindRank(b))
    .map(([kind, list]) => ({ kind, models: list.sort(compareModels) }));
  if (prefer && preferred.length > 0)
    groups.unshift({ kind: 'other', label: prefer.label, models: preferred.sort(compareModels) });
  return groups;
}

/**
 * What Enter in the "Search models" box picks: the model whose id is exactly the query, the only
 * match, the first match of a search by words, or else the typed id itself. The document's short
 * ids (gpt-4) and the person's own model mappings are ids the list does not show.
 */
export function enterChoice(models: readonly ModelInfo[], query: string): string | null {
  const typed = query.trim();
  if (typed === '') return null;
  if (models.some((m) => m.id === typed)) return typed;
  const matches = models.filter((m) => matchesModelQuery(m, typed));
  if (matches.length === 1) return matches[0]!.id;
  if (/\s/.test(typed)) return matches[0]?.id ?? null;
  return typed;
}

export { looksLikeDecisionModel };

/** One row of the picker's list: a listed model, or an id as typed (`model` null). */
export interface PickerOption {
  id: string;
  model: ModelInfo | null;
  /** Index of its group in the groups given; -1 for the typed id. */
  group: number;
}

/**
 * The picker's rows in the order shown: the typed id first when Enter would take an id the list
 * lacks (so Enter and the highlighted row always agree), then every group's models.
 */
export function pickerOptions(
  groups: readonly ModelGroup[],
  models: readonly ModelInfo[],
  query: string,
): PickerOption[] {
  const rows: PickerOption[] = [];
  const choice = enterChoice(models, query);
  if (choice !== null && !models.some((m) => m.id === choice))
    rows.push({ id: choice, model: null, group: -1 });
  groups.forEach((group, index) => {
    for (const model of group.models) rows.push({ id: model.id, model, group: index });
  });
  return rows;
}

/** The row highlighted after the query changes: the one Enter takes, else the current value, else the first. */
export function activeRow(
  rows: readonly PickerOption[],
  models: readonly ModelInfo[],
  query: string,
  value: string,
): number {
  const target = enterChoice(models, query) ?? value;
  const at = rows.findIndex((row) => row.id === target);
  return at >= 0 ? at : rows.length > 0 ? 0 : -1;
}
