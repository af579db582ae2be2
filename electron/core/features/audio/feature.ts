// Audio in core: speech and music into the media library, transcription of uploaded recordings.
import { PCM_SPEECH, type SpeechFormat } from '../../../../shared/audio';
import { musicEstimate, speechEstimate, transcriptionEstimate } from '../../../../shared/estimates';
import { extensionOfMime } from '../../../../shared/media-files';
import { MAX_UPLOAD_BYTES } from '../../../../shared/upload-limits';
import type {
  MediaItem,
  MediaValue,
  Transcript,
  TranscriptSegment,
} from '../../../../shared/types';
import { encodePeaks, summarizeWav, wavOfPcm } from './wave';
import { openTranscriptStore } from './transcripts';
import type { ChannelsOf, Feature, FeatureContext } from '../context';
import type { SpendRecord } from '../../../../shared/spending';
import { estimateTokens } from '../../../../shared/tokens';
import { estimateBefore } from '../spending/estimate';
import { checkUploadedFile } from '../../library/file-checks';
import { sniffMime } from '../../library/sniff';
import { serviceError } from '../../service/errors';
import type { BinaryResult, CallOptions } from '../../service/types';

const TITLE_CHARS = 120;

function titleOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1)}…` : line;
}

/**
 * The bytes' real audio type; a service answer that is not audio (an HTML page, JSON, text) is
 * refused here, so nothing unplayable reaches the library.
 */
export function requireAudio(result: BinaryResult): string {
  const sniffed = sniffMime(result.bytes);
  if (sniffed !== null && sniffed.startsWith('audio/')) return sniffed;
  const looksLike = sniffed ?? (looksLikeText(result.bytes) ? 'text' : 'unknown bytes');
  throw serviceError(
    'malformed_response',
    `The service answered with something that is not audio (${looksLike}, sent as ${result.mimeType}). Nothing was saved.`,
    200,
  );
}

/** Sound as the library keeps it, and whether it came as raw PCM and was put in a WAV header. */
export interface KeptAudio {
  bytes: Buffer;
  mime: string;
  wrappedPcm: boolean;
}

/**
 * Speech as the library keeps it. Raw PCM (asked for as pcm) has no header to sniff: bytes that
 * are neither a known container nor text nor labelled as text go inside a WAV header
 * (PCM_SPEECH), so they play, draw and save; anything else must be audio by its bytes.
 */
export function speechAudio(result: BinaryResult, format: SpeechFormat): KeptAudio {
  const label = result.mimeType.toLowerCase();
  const rawPcm =
    format === 'pcm' &&
    result.bytes.length >= PCM_SPEECH.bitsPerSample / 8 &&
    sniffMime(result.bytes) === null &&
    !looksLikeText(result.bytes) &&
    !/^text\/|json|html|xml/.test(label);
  if (rawPcm)
    return { bytes: wavOfPcm(result.bytes, PCM_SPEECH), mime: 'audio/wav', wrappedPcm: true };
  return { bytes: result.bytes, mime: requireAudio(result), wrappedPcm: false };
}

function looksLikeText(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 512);
  let printable = 0;
  for (const byte of head) if (byte === 9 || byte === 10 || byte === 13 || byte >= 32) printable++;
  return head.length > 0 && printable / head.length > 0.95;
}

/** Duration and peaks for WAVs, so the player draws at once; other formats are decoded in the page. */
function waveExtra(bytes: Buffer, mime: string): Record<string, MediaValue> {
  if (mime !== 'audio/wav') return {};
  const summary = summarizeWav(bytes);
  if (!summary) return {};
  return {
    duration: Math.round(summary.seconds * 1000) / 1000,
    peaks: encodePeaks(summary.peaks),
  };
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** verbose_json segments as the service gives them, read defensively. */
export function readSegments(raw: readonly unknown[]): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  for (const entry of raw) {
    if (typeof entry !== 'object' || entry === null) continue;
    const segment = entry as Record<string, unknown>;
    const text = typeof segment.text === 'string' ? segment.text.trim() : '';
    if (text === '') continue;
    const start = numberOr(segment.start, 0);
    const speaker =
      typeof segment.speaker === 'string' && segment.speaker.trim() !== ''
        ? segment.speaker.trim()
        : typeof segment.speaker_id === 'string'
          ? segment.speaker_id
          : null;
    segments.push({ start, end: numberOr(segment.end, start), text, speaker });
  }
  return segments;
}

/** The name sent to the service carries the extension of what the bytes are, not of what they claim. */
function uploadName(name: string, sniffed: string): string {
  const extension = extensionOfMime(sniffed);
  const base = name.replace(/\.[^./\\]{1,8}$/, '') || 'recording';
  return `${base}.${extension}`;
}

export type AudioChannel = ChannelsOf<'audio'>;

export async function openAudioFeature(ctx: FeatureContext): Promise<Feature<AudioChannel>> {
  const transcripts = await openTranscriptStore(ctx.dataDir, { recovery: ctx.recovery });
  /** Keeps the sound and records its call once (with no item when the sound cannot be kept). */
  async function keep(
    result: BinaryResult,
    meta: {
      title: string;
      model: string;
      params: Record<string, MediaValue>;
      fromChat?: MediaItem['fromChat'];
    },
    spent: Pick<SpendRecord, 'feature' | 'units' | 'estimate' | 'conversationId'>,
    format?: SpeechFormat,
  ): Promise<MediaItem> {
    let item: MediaItem | null = null;
    try {
      const audio: KeptAudio = format
        ? speechAudio(result, format)
        : { bytes: result.bytes, mime: requireAudio(result), wrappedPcm: false };
      item = await ctx.media.add({
        kind: 'audio',
        bytes: audio.bytes,
        mime: audio.mime,
        title: meta.title,
        model: meta.model,
        cost: result.cost ?? null,
        params: meta.params,
        sources: [],
        extra: {
          ...waveExtra(audio.bytes, audio.mime),
          ...(audio.wrappedPcm ? { wrappedPcm: true } : {}),
        },
        fromChat: meta.fromChat,
      });
    } finally {
      ctx.spending.record({
        ...spent,
        model: meta.model,
        itemId: item?.id ?? null,
        reported: result.cost ?? null,
      });
    }
    ctx.emit('media.changed', { kind: 'audio' });
    ctx.balance.refreshSoon();
    return item;
  }

  // A person is waiting: first in the queue, and told when a 429 or 504 makes the client resend.
  const asked: CallOptions = {
    priority: 'user',
    onRetry: ({ attempt, maxAttempts, reason }) =>
      ctx.emit('audio.retrying', { attempt, maxAttempts, reason }),
  };

  return {
    handlers: {
      'audio.speak': async ({ model, text, voice, format, fromChat }) => {
        const estimate = estimateBefore(ctx, model, (info, basis) =>
          speechEstimate(info, { characters: text.length }, basis),
        );
        const result = await ctx.client.speech(
          { model, input: text, voice, response_format: format },
          asked,
        );
        return keep(
          result,
          {
            title: titleOf(text),
            model,
            params: { mode: 'speech', text, voice, format },
            fromChat,
          },
          {
            feature: 'speech',
            units: { characters: text.length },
            estimate,
            conversationId: fromChat?.conversationId ?? null,
          },
          format,
        );
      },

      'audio.music': async ({ model, text, seconds }) => {
        const estimate = estimateBefore(ctx, model, (info, basis) =>
          musicEstimate(
            info,
            { seconds: seconds > 0 ? seconds : null, promptTokens: estimateTokens(text) },
            basis,
          ),
        );
        // The document: music is always WAV, and other formats are unsupported.
        const result = await ctx.client.speech(
          { model, input: text, seconds_total: seconds, response_format: 'wav' },
          asked,
        );
        return keep(
          result,
          {
            title: titleOf(text),
            model,
            params: { mode: 'music', text, seconds },
          },
          { feature: 'music', units: { seconds }, estimate },
        );
      },

      'audio.transcripts': () => transcripts.list(),
      'audio.deleteTranscript': async ({ id }) => {
        await transcripts.remove(id);
        return { id };
      },

      'audio.transcribe': async ({ fileId, model, language, timestamps, duration }) => {
        const file = await ctx.files.info(fileId);
        // Refuses an empty file and one that is not audio. The document states no size limit for
        // transcription: past Atelier's own upload limit, the service judges the size.
        checkUploadedFile(file, () => MAX_UPLOAD_BYTES, ['audio']);
        const sniffed = file.sniffedMime ?? 'audio/wav';
        const bytes = await ctx.files.read(fileId);
        const fileName = uploadName(file.name, sniffed);
        const measured = sniffed === 'audio/wav' ? summarizeWav(bytes)?.seconds : undefined;
        // The length the page measured before asking (what its estimate was of), else the WAV's.
        const before = duration ?? measured;
        const estimate =
          before === undefined
            ? null
            : estimateBefore(ctx, model, (info, basis) =>
                transcriptionEstimate(info, { seconds: before }, basis),
              );
        const result = await ctx.client.transcribe(
          {
            file: bytes,
            filename: fileName,
            mimeType: sniffed,
            model,
            response_format: timestamps ? 'verbose_json' : 'json',
            language: language && language !== '' ? language : undefined,
          },
          asked,
        );
        ctx.balance.refreshSoon();
        const segments = result.segments ? readSegments(result.segments) : null;
        const kept = segments && segments.length > 0 ? segments : null;
        // The audio's length, for subtitles without segments: measured from a WAV, else what
        // the page measured, else where the last segment ends.
        const seconds = measured ?? duration ?? kept?.at(-1)?.end ?? null;
        const transcript: Omit<Transcript, 'id'> = {
          text: result.text,
          segments: kept,
          language: result.language,
          model,
          fileName: file.name,
          cost: result.cost ?? null,
          createdAt: new Date().toISOString(),
          duration: seconds !== null ? Math.round(seconds * 1000) / 1000 : null,
        };
        let stored: Transcript | null = null;
        try {
          stored = await transcripts.add(transcript);
          return stored;
        } finally {
          ctx.spending.record({
            feature: 'transcription',
            model,
            itemId: stored?.id ?? null,
            units: seconds !== null ? { seconds } : {},
            estimate,
            reported: result.cost ?? null,
          });
        }
      },
    },
  };
}
