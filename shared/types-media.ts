// The media library and what fills it: uploads, media items, transcripts and video jobs.
import type { UserError } from './types-errors';

/** What the media library keeps: pictures, sounds and films the app made or the user imported. */
export type MediaKind = 'image' | 'audio' | 'video';

/** A finished upload, held in core's file store until a feature uses it. */
export interface StoredFile {
  fileId: string;
  /** The name the user's file had. */
  name: string;
  /** The type the browser or the user claimed. */
  mime: string;
  /** What the bytes are (e.g. 'application/pdf'), or null when unknown; check this, not `mime`. */
  sniffedMime: string | null;
  size: number;
  /** Hex sha256 of the bytes. */
  sha256: string;
}

/** Plain JSON values for a media item's request parameters and feature-specific facts. */
export type MediaValue = string | number | boolean | null;

export interface MediaItem {
  /** Unique across kinds; shown with `media/<id>` URLs. */
  id: string;
  kind: MediaKind;
  /** What the stored bytes are (sniffed when possible). */
  mime: string;
  size: number;
  title: string;
  createdAt: string;
  /** The model that made it; null for imported files. */
  model: string | null;
  /** Cost in credits as the service reported it (decimal string). */
  cost: string | null;
  /** The request's parameters (prompt, size, voice, …), to show and to make it again. */
  params: Record<string, MediaValue>;
  /** Ids of the media items this was made from (e.g. the picture a video animates). */
  sources: string[];
  /** Feature-specific facts (duration, transcript id, …). */
  extra: Record<string, MediaValue>;
  /** Pixel size of images; null for other kinds or when unreadable. */
  width: number | null;
  height: number | null;
  /**
   * The chat message it was made from (Read aloud, Illustrate, Animate, voice mode), or that it
   * was attached to; absent: made in its own tab. Such items are listed under "From chats".
   */
  fromChat?: { conversationId: string; messageId: string };
  /** Whether `media/<id>?thumb=1` serves a small PNG (otherwise it serves the full file). */
  hasThumb: boolean;
}

export interface MediaPage {
  items: MediaItem[];
  total: number;
}

/** One stretch of a transcript; `speaker` is set by diarization models (SPEAKER_00, …). */
export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
  speaker: string | null;
}

export interface Transcript {
  /** Its key in the kept history (transcripts.json). */
  id: string;
  text: string;
  /** Timed segments when asked for (verbose_json); null for plain text. */
  segments: TranscriptSegment[] | null;
  language: string | null;
  model: string;
  fileName: string;
  cost: string | null;
  createdAt: string;
  /** Seconds of audio when known (measured from a WAV, or the last segment's end). */
  duration?: number | null;
}

/** running: polling; downloading: COMPLETED, fetching the file; download_failed: retry offered. */
export type VideoJobPhase = 'running' | 'downloading' | 'completed' | 'failed' | 'download_failed';

export interface VideoJob {
  /** Atelier's own id; the service's is requestId. */
  id: string;
  requestId: string;
  model: string;
  prompt: string;
  aspectRatio: string;
  /** 0: the model's default. */
  duration: number;
  createdAt: string;
  finishedAt: string | null;
  /** The service's last status value, as it gave it (IN_QUEUE, processing, an unknown one, …). */
  status: string;
  phase: VideoJobPhase;
  /** Why the service failed the job (FAILED). */
  reason: string | null;
  /** The last poll's or download's failure; polling goes on after a poll failure. */
  error: UserError | null;
  /** The downloaded video in the media library. */
  mediaId: string | null;
  /** The chat message it was asked from (Animate): the video returns there. */
  fromChat?: { conversationId: string; messageId: string };
  cost: string | null;
  /** Credits after a failed job (the service refunds it). */
  balanceAfter: string | null;
  polls: number;
  lastPolledAt: string | null;
}

/** Where a media item is shown: the conversations whose messages reference it. */
export interface MediaUsage {
  conversations: { id: string; title: string }[];
}
