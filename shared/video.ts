// What the video endpoint accepts, declared once for the channel schema and the Video tab.
import { ATTACHMENT_LIMITS } from './attachments';

export const VIDEO_ASPECT_RATIOS = ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9'] as const;
export type VideoAspectRatio = (typeof VIDEO_ASPECT_RATIOS)[number];

export const VIDEO_PROMPT_MAX_CHARS = 4000;
/** Seconds; 0 leaves the length to the model. */
export const VIDEO_DURATION_MAX_SECONDS = 600;
/** A first or last frame larger than this is refused before it is uploaded. */
export const VIDEO_FRAME_MAX_BYTES = ATTACHMENT_LIMITS.image;
