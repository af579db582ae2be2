// Each task's default model, taken from the live list of the service in use: the task's kinds first, then a stable choice.
import { DEFAULT_EMBEDDING_MODEL } from './models';
import type { PriceBasis } from './prices';
import { cheapestChatModel } from './titles';
import type { ModelInfo, ModelKind } from './types';

/** Every task a model is chosen for. */
export type ModelTask =
  | 'chat'
  | 'image'
  | 'image-edit'
  | 'speech'
  | 'music'
  | 'transcription'
  | 'video'
  | 'embedding'
  | 'decisions'
  | 'titles';

/** The kinds each task's picker lists first, in this order. Decisions have no kind on any list. */
export const TASK_KINDS: Readonly<Record<ModelTask, readonly ModelKind[]>> = {
  chat: ['chat', 'vision'],
  image: ['image'],
  'image-edit': ['image-edit'],
  speech: ['text-to-speech'],
  music: ['music'],
  transcription: ['speech-to-text'],
  video: ['text-to-video', 'image-to-video'],
  embedding: ['embedding'],
  decisions: [],
  titles: ['chat'],
};

/**
 * Ids the app has always opened these tasks with. They are chosen only when the list in use has
 * them, so a service that lists them keeps the choice people know and one that does not is never
 * offered a model it lacks.
 */
const FAMILIAR: Readonly<Partial<Record<ModelTask, string>>> = {
  chat: 'openai/gpt-4o-mini',
  embedding: DEFAULT_EMBEDDING_MODEL,
};

/** What core sends when it must name a chat model and no list can be had: the service judges. */
export const CHAT_MODEL_WITHOUT_LIST = FAMILIAR.chat!;

/**
 * Model names and ids are Latin letters, digits and punctuation: compared case-blind by code
 * point (ties by case). `localeCompare` loads collation data on its first call (some 30 ms of a
 * slow machine's first screen), and its order would change with the language.
 */
export function compareText(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

/** The pickers' order within a kind: by name (the id when it has none), then by id. */
export function compareModels(a: ModelInfo, b: ModelInfo): number {
  return compareText(a.name || a.id, b.name || b.id) || compareText(a.id, b.id);
}

/** Ids and names that suggest a decision model (no list gives them a kind of their own). */
export function looksLikeDecisionModel(model: ModelInfo): boolean {
  return /decision|judge|classif/i.test(`${model.id} ${model.name}`);
}

function firstBy(models: readonly ModelInfo[], test: (m: ModelInfo) => boolean): string {
  let best: ModelInfo | null = null;
  for (const model of models)
    if (test(model) && (best === null || compareModels(model, best) < 0)) best = model;
  return best?.id ?? '';
}

/**
 * The model a task opens with on this list: the familiar id when listed; for chat and titles the
 * cheapest chat model by the price rule (ties by id); for decisions the first that looks like a
 * decision model; otherwise the first model of the task's kinds in the pickers' order, kind by
 * kind. '' when the list has nothing for the task (or is empty): no invented id.
 */
export function defaultModelFor(
  task: ModelTask,
  models: readonly ModelInfo[],
  basis: PriceBasis = 'auto',
): string {
  const familiar = FAMILIAR[task];
  if (familiar && models.some((m) => m.id === familiar)) return familiar;
  if (task === 'chat' || task === 'titles') {
    const cheapest = cheapestChatModel(models, basis)?.id;
    if (cheapest) return cheapest;
  }
  if (task === 'decisions') return firstBy(models, looksLikeDecisionModel);
  for (const kind of TASK_KINDS[task]) {
    const first = firstBy(models, (m) => m.kind === kind);
    if (first) return first;
  }
  return '';
}

/** A choice the list lacks, and what the task's default on that list is ('' when it has none). */
export interface ModelRepair {
  task: ModelTask;
  from: string;
  to: string;
}

/**
 * Whether `chosen` needs repairing on this list: null when it is listed, empty, or the list is
 * not known yet (an empty list says nothing about what the service has).
 */
export function repairFor(
  task: ModelTask,
  chosen: string,
  models: readonly ModelInfo[],
  basis: PriceBasis = 'auto',
): ModelRepair | null {
  const id = chosen.trim();
  if (id === '' || models.length === 0 || models.some((m) => m.id === id)) return null;
  return { task, from: id, to: defaultModelFor(task, models, basis) };
}
