// Image feature rules shared by core and the renderer: sizes or aspect ratios per model, source limits.
import { isAspectRatio } from './aspect-ratio';
import type { MediaItem, ModelInfo } from './types';

/** A source image of an edit: an uploaded file, or a picture already in the library. */
export type ImageSourceRef = { fileId: string } | { mediaId: string };

/** What one images.* call made. */
export interface ImageRunResult {
  items: MediaItem[];
  /** Credits the call cost, as the service reported it. */
  cost: string | null;
  /** Library ids of the sources in the order sent (uploaded files are kept in the library too). */
  sourceIds: string[];
}

/** Pushed while an images.* call runs, so the UI can say "retrying". */
export interface ImageProgress {
  requestId: string;
  retrying: { attempt: number; maxAttempts: number; untilMs: number } | null;
}

/** A source image larger than this is refused (with its size and the limit) before it is sent. */
export const IMAGE_SOURCE_MAX_BYTES = 10 * 1024 * 1024;
/** Larger sources are scaled down to this many pixels on the long side. */
export const IMAGE_SOURCE_MAX_SIDE = 2048;
/** The service takes image_url, image2_url ... image10_url. */
export const MAX_SOURCE_IMAGES = 10;
/** The longest prompt an images.* call takes. */
export const IMAGE_PROMPT_MAX_CHARS = 32_000;

/** The Automatic1111-style call: its prompt, steps and sides (multiples of 8 pixels). */
export const SD_TXT2IMG = {
  promptMaxChars: 8000,
  maxSteps: 150,
  minSide: 64,
  maxSide: 2048,
  sideStep: 8,
} as const;

/** Ratios and sizes the Images form suggests; any other in the document's form may be typed. */
export const ASPECT_RATIOS = ['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3', '21:9'] as const;
export const FREE_SIZES = [
  '1024x1024',
  '512x512',
  '768x768',
  '1024x768',
  '768x1024',
  '1536x1024',
  '1024x1536',
  '2048x2048',
] as const;

/** How a model wants the picture's shape: an aspect ratio, or a size from a list. */
export type ImageShape =
  | { kind: 'aspect'; ratios: readonly string[] }
  | { kind: 'size'; sizes: readonly string[]; fixed: boolean };

/** Sizes of models whose list entry does not say, from their public documentation. */
const KNOWN_SIZES: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/(^|\/)dall-e-3$/, ['1024x1024', '1792x1024', '1024x1792']],
  [/(^|\/)dall-e-2$/, ['1024x1024', '512x512', '256x256']],
];

/** Text-to-image families known to take aspect_ratio instead of size. */
const KNOWN_ASPECT_ONLY = /black-forest-labs\/flux-(1\.1-pro|pro|dev|schnell)|ideogram|imagen/;

export function imageShapeOf(model: ModelInfo | undefined, id: string): ImageShape {
  const limits = model?.limits;
  if (limits?.requiresAspectRatio) return { kind: 'aspect', ratios: ASPECT_RATIOS };
  if (limits?.sizes && limits.sizes.length > 0)
    return { kind: 'size', sizes: limits.sizes, fixed: true };
  for (const [pattern, sizes] of KNOWN_SIZES)
    if (pattern.test(id)) return { kind: 'size', sizes, fixed: true };
  if (!id.startsWith('img2img-') && KNOWN_ASPECT_ONLY.test(id))
    return { kind: 'aspect', ratios: ASPECT_RATIOS };
  return { kind: 'size', sizes: FREE_SIZES, fixed: false };
}

/** The document's `size` form, `<width>x<height>`: whole pixels, 1 to 999,999 each (1024x768). */
const SIZE_FORM = /^[1-9]\d{0,5}x[1-9]\d{0,5}$/;

/** Whether `text` is a size in the document's form; Atelier checks only the form, the model judges. */
export function isImageSize(text: string): boolean {
  return SIZE_FORM.test(text);
}

/**
 * What is wrong with the shape as typed ('size' or 'aspectRatio' in a form the document does not
 * have), or null when it can go: empty fields are simply not sent.
 */
export function shapeProblem(size: string, aspectRatio: string): 'size' | 'aspectRatio' | null {
  const ratio = aspectRatio.trim();
  if (ratio !== '') return isAspectRatio(ratio) ? null : 'aspectRatio';
  const sized = size.trim();
  return sized === '' || isImageSize(sized) ? null : 'size';
}

/**
 * The shape fields a request carries, as typed (trimmed): the aspect ratio when one is chosen,
 * else the size, else none.
 */
export function shapeRequest(
  size: string,
  aspectRatio: string,
): { aspectRatio: string } | { size: string } | Record<string, never> {
  if (aspectRatio.trim()) return { aspectRatio: aspectRatio.trim() };
  if (size.trim()) return { size: size.trim() };
  return {};
}

/** The most source images a model takes, when its list entry says; null (the service judges) otherwise. */
export function maxSourceImagesOf(model: ModelInfo | undefined): number | null {
  const stated = model?.limits?.maxSourceImages;
  if (typeof stated === 'number' && stated >= 1) return Math.min(stated, MAX_SOURCE_IMAGES);
  return null;
}

/** The address of the Automatic1111-style call: {host_root}/sdapi/<key>/sdapi/v1/txt2img. */
export function sdapiAddress(baseUrl: string, key: string): string {
  const hostRoot = baseUrl.trim().replace(/\/+$/, '').replace(/\/v1$/, '');
  return `${hostRoot}/sdapi/${key}/sdapi/v1/txt2img`;
}

/** The account mapping the sdapi call needs. */
export const SDAPI_MAPPING = 'sdapi/txt2img';

/**
 * A picture with more pixels is refused from its header, before it is decoded: decoding takes 4
 * bytes a pixel, so 50 MP is already 200 MB, while a 187 KB PNG can claim 64 MP.
 */
export const PICTURE_MAX_MEGAPIXELS = 50;

/**
 * Each picture is decoded in a worker thread with a capped heap and a deadline, since a small file
 * within the pixel limit may still ask the decoder for a gigabyte or for minutes. A 20 MP JPEG
 * (the decoder's own allocation cap holds its largest near 26 MP) takes about 200 MB of heap and
 * 7 s there; the worker past either limit is stopped and the next picture gets a new one.
 */
export const PICTURE_DECODE_LIMITS = {
  heapMb: 256,
  youngHeapMb: 32,
  deadlineMs: 30_000,
} as const;
