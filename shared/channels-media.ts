// The channels of media: the media library, speech, music, transcription, video and images.
import { z } from 'zod';
import type { InvokeChannel } from './channel-names';
import type {
  MediaItem,
  MediaKind,
  MediaPage,
  ServiceRetry,
  Transcript,
  MediaUsage,
  VideoJob,
} from './types';
import {
  IMAGE_PROMPT_MAX_CHARS,
  isImageSize,
  MAX_SOURCE_IMAGES,
  SD_TXT2IMG,
  type ImageProgress,
  type ImageRunResult,
} from './images';
import { SPEECH_FORMATS, TRANSCRIBE_LANGUAGE_MAX_CHARS, VOICES } from './audio';
import { VIDEO_DURATION_MAX_SECONDS } from './video';
import { isAspectRatio } from './aspect-ratio';
import { id, text } from './channels-fields';

const mediaKind = z.enum(['image', 'audio', 'video']);
const sdSide = z
  .number()
  .int()
  .min(SD_TXT2IMG.minSide)
  .max(SD_TXT2IMG.maxSide)
  .multipleOf(SD_TXT2IMG.sideStep);

/** One image request: the renderer names it, so images.cancel and images.progress can refer to it. */
/** Made from a chat message (Read aloud, Illustrate, Animate, voice mode): the media item links back to it. */
const fromChat = z.object({ conversationId: id, messageId: id }).strict().optional();

const imageRun = z
  .object({
    requestId: id,
    fromChat,
    model: id,
    prompt: z.string().trim().min(1).max(IMAGE_PROMPT_MAX_CHARS),
    /** Any size and ratio in the document's forms, `<width>x<height>` and `<w>:<h>`: the model judges. */
    size: z.string().refine(isImageSize, 'the form is <width>x<height>').optional(),
    aspectRatio: z.string().refine(isAspectRatio, 'the form is <w>:<h>').optional(),
  })
  .strict();

export const mediaInvokeSchemas = {
  'media.list': z
    .object({
      kind: mediaKind,
      /** 'made' (the default): what the person made in the tab; 'chats': media made from or attached to chats. */
      origin: z.enum(['made', 'chats']).optional(),
      /** Only what names this conversation (made from its messages): a chat reads its own media. */
      conversationId: id.optional(),
      offset: z.number().int().min(0).optional(),
      limit: z.number().int().min(1).max(500).optional(),
    })
    .strict(),
  'media.get': z.object({ id }).strict(),
  'media.delete': z.object({ id }).strict(),
  'media.saveAs': z.object({ id }).strict(),
  /** The conversations that show a media item, asked before it is deleted. */
  'media.usage': z.object({ id }).strict(),
  'media.import': z
    .object({ fileId: id, kind: mediaKind, title: z.string().max(300).optional() })
    .strict(),
  // No length of Atelier's own on speech, music descriptions or seconds: the service judges.
  'audio.speak': z
    .object({
      model: id,
      text: text.trim().min(1),
      voice: z.enum(VOICES),
      format: z.enum(SPEECH_FORMATS),
      fromChat,
    })
    .strict(),
  'audio.music': z
    .object({
      model: id,
      text: text.trim().min(1),
      seconds: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    })
    .strict(),
  'audio.transcribe': z
    .object({
      fileId: id,
      model: id,
      language: z.string().trim().max(TRANSCRIBE_LANGUAGE_MAX_CHARS).optional(),
      timestamps: z.boolean(),
      /** Seconds of audio as the page measured them; core measures a WAV itself. */
      duration: z.number().min(0).max(1e6).optional(),
    })
    .strict(),
  'audio.transcripts': z.object({}).strict(),
  'audio.deleteTranscript': z.object({ id }).strict(),
  'video.generate': z
    .object({
      model: id,
      /** No cap of Atelier's: the service refuses, in its own words, a prompt it finds too long. */
      prompt: text.trim().min(1),
      aspectRatio: z.string().trim().refine(isAspectRatio, 'the form is <w>:<h>'),
      duration: z.number().int().min(0).max(VIDEO_DURATION_MAX_SECONDS),
      firstFrameFileId: id.optional(),
      lastFrameFileId: id.optional(),
      /** A picture of the media library as the first frame (Animate on a chat picture). */
      firstFrameMediaId: id.optional(),
      fromChat,
    })
    .strict(),
  'video.jobs': z.object({}).strict(),
  'video.remove': z.object({ id }).strict(),
  'video.retryDownload': z.object({ id }).strict(),
  'images.generate': imageRun,
  'images.edit': imageRun.extend({
    sources: z
      .array(z.union([z.object({ fileId: id }).strict(), z.object({ mediaId: id }).strict()]))
      .min(1)
      .max(MAX_SOURCE_IMAGES),
    /**
     * 'generations' (the default): an img2img- model on /images/generations with image_url...;
     * 'edits': /images/edits, where the service appends -imgedit to the model id and uses the
     * account's model mapping for it.
     */
    endpoint: z.enum(['generations', 'edits']).optional(),
  }),
  'images.sdTxt2img': z
    .object({
      requestId: id,
      prompt: z.string().trim().min(1).max(SD_TXT2IMG.promptMaxChars),
      negativePrompt: z.string().max(SD_TXT2IMG.promptMaxChars),
      steps: z.number().int().min(1).max(SD_TXT2IMG.maxSteps),
      width: sdSide,
      height: sdSide,
    })
    .strict(),
  'images.cancel': z.object({ requestId: id }).strict(),
} as const satisfies Partial<Record<InvokeChannel, z.ZodType>>;

export interface MediaInvokeOutputs {
  'media.list': MediaPage;
  'media.get': MediaItem;
  'media.delete': { id: string };
  /** Electron saves through a dialog in main; the web host answers saved: false (download the URL). */
  'media.saveAs': { saved: boolean };
  'media.import': MediaItem;
  'media.usage': MediaUsage;
  /** The new recording, already in the media library. */
  'audio.speak': MediaItem;
  'audio.music': MediaItem;
  'audio.transcribe': Transcript;
  'audio.transcripts': Transcript[];
  'audio.deleteTranscript': { id: string };
  /** The job as submitted; its progress arrives as video.jobs.changed. */
  'video.generate': VideoJob;
  'video.jobs': VideoJob[];
  'video.remove': { id: string };
  'video.retryDownload': VideoJob;
  'images.generate': ImageRunResult;
  'images.edit': ImageRunResult;
  'images.sdTxt2img': ImageRunResult;
  'images.cancel': { cancelled: boolean };
}

export interface MediaEventPayloads {
  'media.changed': { kind: MediaKind };
  /** Every job, newest first, whenever one changes. */
  'video.jobs.changed': VideoJob[];
  /** The service refused for now (429, 504) and the request is sent again: say "retrying". */
  'audio.retrying': ServiceRetry;
  'video.retrying': ServiceRetry;
  'images.progress': ImageProgress;
}
