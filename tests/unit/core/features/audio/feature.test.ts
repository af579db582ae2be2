// Audio in core: WAV peaks for the player, refusing answers that are not audio, reading diarized segments.
import { describe, expect, it } from 'vitest';
import { requireAudio, readSegments } from '../../../../../electron/core/features/audio/feature';
import { encodePeaks, summarizeWav } from '../../../../../electron/core/features/audio/wave';
import { ServiceError } from '../../../../../electron/core/service/errors';
import { wavOf } from '../../../../e2e/files';

/** A 16-bit mono WAV: `seconds` of silence, then `seconds` of a full-scale square wave. */
function halfLoudWav(seconds: number, rate = 1000): Buffer {
  const frames = seconds * 2 * rate;
  const data = Buffer.alloc(frames * 2);
  for (let i = frames / 2; i < frames; i += 1) data.writeInt16LE(i % 2 ? 32767 : -32768, i * 2);
  return wavOf(data, rate);
}

describe('summarizeWav', () => {
  it('gives the duration and quiet then loud peaks', () => {
    const summary = summarizeWav(halfLoudWav(2), 10);
    expect(summary?.seconds).toBe(4);
    expect(summary?.peaks).toHaveLength(10);
    expect(summary?.peaks.slice(0, 5).every((p) => p === 0)).toBe(true);
    expect(summary?.peaks.slice(5).every((p) => p > 0.99)).toBe(true);
  });

  it('reads nothing from bytes that are not a WAV', () => {
    expect(summarizeWav(Buffer.from('<html></html>'))).toBeNull();
    expect(summarizeWav(Buffer.from('RIFF....WAVE'))).toBeNull();
  });

  it('packs peaks into one byte each', () => {
    expect([...Buffer.from(encodePeaks([0, 0.5, 1, 2]), 'base64')]).toEqual([0, 128, 255, 255]);
  });
});

describe('requireAudio', () => {
  it('takes audio by its bytes, not by the label it came with', () => {
    expect(requireAudio({ bytes: halfLoudWav(1), mimeType: 'application/octet-stream' })).toBe(
      'audio/wav',
    );
  });

  it('refuses an HTML page sent as audio/mpeg', () => {
    const page = Buffer.from('<!DOCTYPE html><html><body>busy</body></html>');
    try {
      requireAudio({ bytes: page, mimeType: 'audio/mpeg' });
      expect.unreachable('an HTML page is not audio');
    } catch (e) {
      expect(e).toBeInstanceOf(ServiceError);
      expect((e as ServiceError).error.code).toBe('malformed_response');
      expect((e as ServiceError).error.message).toContain('not audio (text, sent as audio/mpeg)');
    }
  });
});

describe('readSegments', () => {
  it('keeps timed text with speakers and skips what it cannot read', () => {
    expect(
      readSegments([
        { id: 0, start: 0, end: 1.5, text: ' Hello. ', speaker: 'SPEAKER_00' },
        { id: 1, start: 1.5, end: 3, text: 'Hi.', speaker: 'SPEAKER_01' },
        { id: 2, start: 3, text: 'No end.' },
        { id: 3, start: 4, end: 5, text: '   ' },
        'not a segment',
      ]),
    ).toEqual([
      { start: 0, end: 1.5, text: 'Hello.', speaker: 'SPEAKER_00' },
      { start: 1.5, end: 3, text: 'Hi.', speaker: 'SPEAKER_01' },
      { start: 3, end: 3, text: 'No end.', speaker: null },
    ]);
  });
});
