// Subtitles from transcripts: times, rounding, separators, speakers, empty text, and the single cue without segments.
import { describe, expect, it } from 'vitest';
import { subtitleTime, toSrt, toVtt, transcriptCues } from '../../../shared/subtitles';
import type { TranscriptSegment } from '../../../shared/types';

const seg = (start: number, end: number, text: string, speaker: string | null = null) =>
  ({ start, end, text, speaker }) satisfies TranscriptSegment;

describe('subtitleTime', () => {
  it('writes a comma for SRT and a dot for VTT', () => {
    expect(subtitleTime(1.5, ',')).toBe('00:00:01,500');
    expect(subtitleTime(1.5, '.')).toBe('00:00:01.500');
  });

  it('counts hours, and lets them grow past two digits', () => {
    expect(subtitleTime(3723.004, ',')).toBe('01:02:03,004');
    expect(subtitleTime(100 * 3600 + 1, '.')).toBe('100:00:01.000');
  });

  it('rounds to the nearest millisecond and carries into seconds, minutes and hours', () => {
    expect(subtitleTime(0.0004, ',')).toBe('00:00:00,000');
    expect(subtitleTime(0.0005, ',')).toBe('00:00:00,001');
    expect(subtitleTime(59.9996, ',')).toBe('00:01:00,000');
    expect(subtitleTime(3599.9999, '.')).toBe('01:00:00.000');
  });

  it('takes a negative or non-finite time as zero', () => {
    expect(subtitleTime(-2, ',')).toBe('00:00:00,000');
    expect(subtitleTime(Number.NaN, '.')).toBe('00:00:00.000');
  });
});

describe('transcriptCues', () => {
  it('makes one cue per segment, skipping empty ones and never ending before it starts', () => {
    const cues = transcriptCues({
      text: 'ignored',
      duration: 10,
      segments: [seg(0, 1.2, ' Hello '), seg(1.2, 2, '   '), seg(3, 2.5, 'Back\n\nagain')],
    });
    expect(cues).toEqual([
      { start: 0, end: 1.2, text: 'Hello' },
      { start: 3, end: 3, text: 'Back\nagain' },
    ]);
  });

  it('names speakers when asked', () => {
    const cues = transcriptCues(
      { text: '', duration: null, segments: [seg(0, 1, 'Hi', 'SPEAKER_00')] },
      (s) => (s === 'SPEAKER_00' ? 'Speaker 1' : undefined),
    );
    expect(cues[0]!.text).toBe('Speaker 1: Hi');
  });

  it('without segments spans the whole audio with one cue', () => {
    expect(transcriptCues({ text: 'All of it.', segments: null, duration: 7.25 })).toEqual([
      { start: 0, end: 7.25, text: 'All of it.' },
    ]);
  });

  it('without segments or a known length estimates the length from the words', () => {
    const [cue] = transcriptCues({ text: 'one two three four five', segments: null });
    expect(cue!.end).toBe(2);
    expect(transcriptCues({ text: 'hi', segments: null, duration: 0 })[0]!.end).toBe(1);
  });

  it('gives no cue for empty text', () => {
    expect(transcriptCues({ text: '  \n ', segments: null, duration: 3 })).toEqual([]);
    expect(transcriptCues({ text: '', segments: [], duration: 3 })).toEqual([]);
  });
});

describe('toSrt and toVtt', () => {
  const cues = [
    { start: 0, end: 1.5, text: 'First' },
    { start: 3661.25, end: 3662, text: 'a <b> & c --> d' },
  ];

  it('numbers SRT cues with comma times and blank lines between', () => {
    expect(toSrt(cues)).toBe(
      '1\n00:00:00,000 --> 00:00:01,500\nFirst\n\n2\n01:01:01,250 --> 01:01:02,000\na <b> & c --> d\n',
    );
  });

  it('heads VTT with WEBVTT, uses dots and escapes markup and arrows in the text', () => {
    expect(toVtt(cues)).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nFirst\n\n01:01:01.250 --> 01:01:02.000\na &lt;b&gt; &amp; c —&gt; d\n',
    );
  });

  it('writes an empty SRT and a bare VTT header for no cues', () => {
    expect(toSrt([])).toBe('');
    expect(toVtt([])).toBe('WEBVTT\n');
  });
});
