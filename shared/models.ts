// Model-id rules of the service: kinds from id prefixes, the vis- variant, token limits.
import type { ModelInfo, ModelKind } from './types';

const PREFIX_KINDS: ReadonlyArray<readonly [string, ModelKind]> = [
  ['img2img-', 'image-edit'],
  ['img2vid-', 'image-to-video'],
  ['txt2vid-', 'text-to-video'],
  ['vis-', 'vision'],
  ['img-', 'image'],
  ['stt-', 'speech-to-text'],
  ['tts-', 'text-to-speech'],
  ['tta-', 'music'],
  ['emb-', 'embedding'],
  ['utils/', 'utility'],
];

/** Ids of image models that carry no prefix, seen in public clients. */
const UNPREFIXED_IMAGE_MODELS = new Set(['openai/dall-e-3', 'openai/dall-e-2']);

export function modelKind(id: string): ModelKind {
  for (const [prefix, kind] of PREFIX_KINDS) if (id.startsWith(prefix)) return kind;
  if (UNPREFIXED_IMAGE_MODELS.has(id)) return 'image';
  if (/^[\w.-]+\/[\w.:-]+$/.test(id) || /^gpt-/.test(id)) return 'chat';
  return 'other';
}

/** Kinds a chat can talk to. 'other' stays reachable: an unknown prefix must not hide a model. */
export function isChatKind(kind: ModelKind): boolean {
  return kind === 'chat' || kind === 'vision' || kind === 'other';
}

export const VISION_PREFIX = 'vis-';

/**
 * The document: pictures are priced correctly only on the vis- variants; on any other id the
 * request is refused on cost or priced too high, whatever badges the list gives it.
 */
export function pricedForPictures(id: string): boolean {
  return id.startsWith(VISION_PREFIX);
}

/** The vis- variant of a chat model, when the list has one (images are priced right only there). */
export function visionVariant(id: string, models: readonly ModelInfo[]): ModelInfo | null {
  if (id.startsWith(VISION_PREFIX)) return null;
  return models.find((m) => m.id === VISION_PREFIX + id) ?? null;
}

/** The service's document: for most models max_tokens must not exceed this. */
export const MOST_MODELS_MAX_TOKENS = 4096;

export const DEFAULT_MAX_TOKENS = MOST_MODELS_MAX_TOKENS;

/** max_tokens to send: the user's choice (within the context) or 4096 capped at half the context. */
export function effectiveMaxTokens(chosen: number | null, contextLength: number | null): number {
  if (contextLength == null) return chosen ?? DEFAULT_MAX_TOKENS;
  if (chosen == null)
    return Math.max(1, Math.min(DEFAULT_MAX_TOKENS, Math.floor(contextLength / 2)));
  return Math.max(1, Math.min(chosen, contextLength - 1));
}

export const DEFAULT_EMBEDDING_MODEL = 'emb-openai/text-embedding-3-small';
export const EXTRACT_TEXT_MODEL = 'utils/extract-text-1.0';
export const PDF_OCR_MODEL = 'utils/pdf-ocr-1.0';

export type MaxTokensWarning =
  /** Over what most models take: many refuse the request. */
  | { kind: 'over-most-models'; limit: number }
  /** Prompt plus max_tokens over the context: the service refuses, or old messages must go. */
  | { kind: 'over-context'; room: number; contextLength: number; promptTokens: number };

/**
 * What to warn about (not forbid: some models take more) for a max_tokens the person chose. The
 * default needs no warning: it is already capped by the model. `promptTokens` is the estimated
 * prompt of the conversation as it would be sent now.
 */
export function maxTokensWarnings(
  chosen: number | null,
  contextLength: number | null,
  promptTokens: number,
): MaxTokensWarning[] {
  if (chosen == null || !Number.isFinite(chosen) || chosen < 1) return [];
  const warnings: MaxTokensWarning[] = [];
  if (chosen > MOST_MODELS_MAX_TOKENS)
    warnings.push({ kind: 'over-most-models', limit: MOST_MODELS_MAX_TOKENS });
  if (contextLength != null && contextLength > 0) {
    const room = Math.max(0, contextLength - promptTokens);
    if (chosen > room) warnings.push({ kind: 'over-context', room, contextLength, promptTokens });
  }
  return warnings;
}

/** The temperature a chat request may carry: the convention's 0 to 2 (the service's document gives no range). */
export const TEMPERATURE_RANGE = { min: 0, max: 2 } as const;
