// Search and grouping of the model list for the pickers: chat-capable kinds first, nothing hidden.
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

/**
 * Model names and ids are Latin letters, digits and punctuation: compared case-blind by code
 * point (ties by case), so punctuation sorts before digits and letters. `localeCompare` loaded
 * the collation data on its first call, some 30 ms of the first screen on a slow machine.
 */
function compareText(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The models matching `query`, grouped by kind in display order and sorted by name. The model in
 * `keep` stays listed even when the query hides it, so a picker never loses its current value.
 */
export function groupModels(
  models: readonly ModelInfo[],
  query: string,
  keep?: string,
  prefer?: PreferredModels,
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
  const byName = (a: ModelInfo, b: ModelInfo): number =>
    compareText(a.name || a.id, b.name || b.id) || compareText(a.id, b.id);
  const groups: ModelGroup[] = [...byKind.entries()]
    .sort(([a], [b]) => kindRank(a) - kindRank(b))
    .map(([kind, list]) => ({ kind, models: list.sort(byName) }));
  if (prefer && preferred.length > 0)
    groups.unshift({ kind: 'other', label: prefer.label, models: preferred.sort(byName) });
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

/** Ids and names that suggest a decision model (the list has no kind for them). */
export function looksLikeDecisionModel(model: ModelInfo): boolean {
  return /decision|judge|classif/i.test(`${model.id} ${model.name}`);
}
