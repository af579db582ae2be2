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

/** The vis- variant of a chat model, when the list has one (images are priced right only there). */
export function visionVariant(id: string, models: readonly ModelInfo[]): ModelInfo | null {
  if (id.startsWith(VISION_PREFIX)) return null;
  return models.find((m) => m.id === VISION_PREFIX + id) ?? null;
}

export const DEFAULT_MAX_TOKENS = 4096;

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
