// What the video endpoint accepts, declared once for the channel schema and the Video tab.
import { ATTACHMENT_LIMITS } from './attachments';

/** Ratios offered in the Video tab; any other in the document's `<w>:<h>` form may be typed. */
export const VIDEO_ASPECT_RATIOS = ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9'] as const;

/**
 * Atelier's own figure, not the service's: past it the tab says some models take shorter prompts.
 * The prompt is sent whatever its length, and a refusal comes in the service's words.
 */
export const VIDEO_PROMPT_LONG_CHARS = 4000;
/** Seconds; 0 leaves the length to the model. */
export const VIDEO_DURATION_MAX_SECONDS = 600;
/** A first or last frame larger than this is refused before it is uploaded. */
export const VIDEO_FRAME_MAX_BYTES = ATTACHMENT_LIMITS.image;

/**
 * A status saying the service does not find the job (a guess at its wording: the document names
 * no status but COMPLETED and FAILED). Like every other, it means keep polling; the tab says so.
 */
export function isNotFoundStatus(status: string): boolean {
  return /^not[\s_-]?found$/i.test(status.trim());
}
