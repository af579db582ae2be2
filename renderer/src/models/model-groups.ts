// Search and grouping of the model list for the pickers: chat-capable kinds first, nothing hidden.
import { isChatKind, modelKind } from '../../../shared/models';
import type { ModelInfo, ModelKind } from '../../../shared/types';

export interface ModelGroup {
  kind: ModelKind;
  models: ModelInfo[];
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
 * The models matching `query`, grouped by kind in display order and sorted by name. The model in
 * `keep` stays listed even when the query hides it, so a picker never loses its current value.
 */
export function groupModels(
  models: readonly ModelInfo[],
  query: string,
  keep?: string,
): ModelGroup[] {
  const byKind = new Map<ModelKind, ModelInfo[]>();
  for (const model of models) {
    if (!matchesModelQuery(model, query) && model.id !== keep) continue;
    const kind = displayKind(model);
    const list = byKind.get(kind);
    if (list) list.push(model);
    else byKind.set(kind, [model]);
  }
  return [...byKind.entries()]
    .sort(([a], [b]) => kindRank(a) - kindRank(b))
    .map(([kind, list]) => ({
      kind,
      models: list.sort(
        (a, b) => (a.name || a.id).localeCompare(b.name || b.id) || a.id.localeCompare(b.id),
      ),
    }));
}
