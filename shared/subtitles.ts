// A transcript as subtitles: SubRip (.srt) and WebVTT (.vtt) text, from timed segments or one cue for the whole audio.
import type { Transcript } from './types';

export interface Cue {
  start: number;
  end: number;
  text: string;
}

/** Speech runs at about this many words a second; used only when the audio's length is unknown. */
const WORDS_PER_SECOND = 2.5;

/**
 * A time as HH:MM:SS<sep>mmm, rounded to the nearest millisecond (59.9996 s is 00:01:00,000);
 * hours grow past two digits rather than wrap; a negative or non-finite time is 0.
 */
export function subtitleTime(seconds: number, separator: ',' | '.'): string {
  const ms = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : 0;
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor(ms / 60_000) % 60;
  const secs = Math.floor(ms / 1000) % 60;
  const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(secs)}${separator}${pad(ms % 1000, 3)}`;
}

/** Text of one cue: trimmed, no blank lines (a blank line ends a cue in both formats). */
function cueText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * The cues of a transcript: one per segment (speaker names before the text when `speakerName`
 * gives one), or, without segments, one cue from 0 to the audio's length. Empty text gives none.
 */
export function transcriptCues(
  transcript: Pick<Transcript, 'text' | 'segments' | 'duration'>,
  speakerName: (speaker: string) => string | undefined = () => undefined,
): Cue[] {
  if (transcript.segments && transcript.segments.length > 0) {
    const cues: Cue[] = [];
    for (const segment of transcript.segments) {
      const text = cueText(segment.text);
      if (text === '') continue;
      const name = segment.speaker ? speakerName(segment.speaker) : undefined;
      const start = Math.max(0, segment.start);
      cues.push({
        start,
        end: Math.max(start, segment.end),
        text: name ? `${name}: ${text}` : text,
      });
    }
    return cues;
  }
  const text = cueText(transcript.text);
  if (text === '') return [];
  const words = text.split(/\s+/).length;
  const known = transcript.duration ?? 0;
  const end = known > 0 ? known : Math.max(1, words / WORDS_PER_SECOND);
  return [{ start: 0, end, text }];
}

/** SubRip: numbered cues, comma before the milliseconds, a blank line after each cue. */
export function toSrt(cues: readonly Cue[]): string {
  return cues
    .map(
      (cue, i) =>
        `${i + 1}\n${subtitleTime(cue.start, ',')} --> ${subtitleTime(cue.end, ',')}\n${cue.text}\n`,
    )
    .join('\n');
}

/** WebVTT text may not hold '-->', and &, < and > are markup. */
function vttText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/--&gt;/g, '—&gt;');
}

/** WebVTT: the WEBVTT header, then cues with a dot before the milliseconds. */
export function toVtt(cues: readonly Cue[]): string {
  const body = cues
    .map(
      (cue) =>
        `${subtitleTime(cue.start, '.')} --> ${subtitleTime(cue.end, '.')}\n${vttText(cue.text)}\n`,
    )
    .join('\n');
  return body === '' ? 'WEBVTT\n' : `WEBVTT\n\n${body}`;
}
