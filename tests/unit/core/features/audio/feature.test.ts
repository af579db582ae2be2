// Audio in core: WAV peaks, raw PCM kept as WAV, refusing answers that are not audio, diarized
// segments; and against the simulator, every speech format and lengths only the service judges.
import { describe, expect, it } from 'vitest';
import { PCM_SPEECH, SPEECH_FORMATS } from '../../../../../shared/audio';
import { mediaFileName } from '../../../../../shared/media-files';
import type { MediaItem, Transcript, UserError } from '../../../../../shared/types';
import {
  requireAudio,
  readSegments,
  speechAudio,
} from '../../../../../electron/core/features/audio/feature';
import {
  encodePeaks,
  summarizeWav,
  wavOfPcm,
} from '../../../../../electron/core/features/audio/wave';
import { ServiceError } from '../../../../../electron/core/service/errors';
import { makeWav, wavOf } from '../../../../e2e/files';
import { env, openCore } from '../../simulated-core';

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

describe('speechAudio', () => {
  const pcm = Buffer.alloc(PCM_SPEECH.sampleRate * 2, 0x11);

  it('keeps raw pcm inside a WAV header of the convention’s layout, the samples byte for byte', () => {
    const kept = speechAudio({ bytes: pcm, mimeType: 'audio/pcm' }, 'pcm');
    expect(kept.mime).toBe('audio/wav');
    expect(kept.wrappedPcm).toBe(true);
    expect(kept.bytes.subarray(44).equals(pcm)).toBe(true);
    expect(summarizeWav(kept.bytes)?.seconds).toBe(1);
    expect(wavOfPcm(Buffer.alloc(5), PCM_SPEECH).readUInt32LE(40)).toBe(4);
  });

  it('takes a real container asked for as pcm as it is, and refuses text', () => {
    const wav = makeWav(0.1);
    expect(speechAudio({ bytes: wav, mimeType: 'audio/pcm' }, 'pcm')).toEqual({
      bytes: wav,
      mime: 'audio/wav',
      wrappedPcm: false,
    });
    const json = Buffer.from(JSON.stringify({ error: 'нет' }).repeat(4));
    expect(() => speechAudio({ bytes: json, mimeType: 'application/json' }, 'pcm')).toThrow(
      ServiceError,
    );
    expect(() => speechAudio({ bytes: pcm, mimeType: 'audio/mpeg' }, 'mp3')).toThrow(ServiceError);
  });
});

describe('audio through core against the simulator', () => {
  /** The speech requests the simulator logged (a body's first 2,000 characters). */
  const speechRequests = async () =>
    (
      (await (await fetch(`${env.sim.hostRoot}/__sim/requests`)).json()) as Array<{
        path: string;
        body: string;
        headers: Record<string, string>;
      }>
    ).filter((r) => r.path === '/v1/audio/speech');
  const speak = { model: 'tts-openai/tts-1', voice: 'alloy' };

  it('asks for each speech format and keeps what the bytes are, with its extension', async () => {
    const core = await openCore();
    const kept: Record<string, [string, string, unknown]> = {};
    for (const format of SPEECH_FORMATS) {
      const item = await core.call<MediaItem>('audio.speak', {
        ...speak,
        text: `Said as ${format}`,
        format,
      });
      kept[format] = [item.mime, mediaFileName(item), item.extra.wrappedPcm];
    }
    expect(kept).toEqual({
      mp3: ['audio/mpeg', 'Said as mp3.mp3', undefined],
      opus: ['audio/ogg', 'Said as opus.ogg', undefined],
      aac: ['audio/aac', 'Said as aac.aac', undefined],
      flac: ['audio/flac', 'Said as flac.flac', undefined],
      wav: ['audio/wav', 'Said as wav.wav', undefined],
      pcm: ['audio/wav', 'Said as pcm.wav', true],
    });
    const asked = (await speechRequests()).map(
      (r) => JSON.parse(r.body) as Record<string, unknown>,
    );
    expect(asked.map((b) => b.response_format)).toEqual([...SPEECH_FORMATS]);
  });

  it('sends speech past 4,096 characters and music past 600 s, and shows the service’s refusal', async () => {
    const core = await openCore();
    const long = await core.attempt('audio.speak', {
      ...speak,
      text: 'word '.repeat(1000),
      format: 'mp3',
    });
    const music = await core.attempt('audio.music', {
      model: 'tta-stable/stable-audio',
      text: 'a long slow drone',
      seconds: 700,
    });
    const refusals = [long, music].map((answer) => !answer.ok && answer.error);
    expect(refusals.map((e) => (e as UserError).fromService)).toEqual([true, true]);
    expect((refusals[0] as UserError).message).toContain('input is longer than 4096 characters');
    expect((refusals[1] as UserError).message).toContain('seconds_total must be within 1..47');
    const [speech, song] = await speechRequests();
    expect(Number(speech!.headers['content-length'])).toBeGreaterThan(5000);
    expect(JSON.parse(song!.body)).toMatchObject({ seconds_total: 700 });
  });

  it('transcribes a recording over 25 MB: the document states no size, the service judges', async () => {
    const core = await openCore();
    const big = makeWav((26 * 1024 * 1024) / 16_000, 8000);
    expect(big.length).toBeGreaterThan(25 * 1024 * 1024);
    const file = await core.upload('long.wav', 'audio/wav', big);
    const transcript = await core.call<Transcript>('audio.transcribe', {
      fileId: file.fileId,
      model: 'stt-openai/whisper-1',
      timestamps: false,
    });
    expect(transcript.text).toContain('long.wav');
  }, 60_000);
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
