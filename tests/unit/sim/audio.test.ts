// The simulator's audio: speech, music and transcription.
import { describe, expect, it } from 'vitest';
import { call, useSimulators } from './sim-harness';

useSimulators();

describe('audio', () => {
  const speech = (json: Record<string, unknown>) => call('/audio/speech', { json });

  it('speaks WAV whose length follows the text, and reads it back', async () => {
    const wav = async (input: string) =>
      Buffer.from(
        await (
          await speech({ model: 'tts-openai/tts-1', input, voice: 'alloy', response_format: 'wav' })
        ).arrayBuffer(),
      );
    const short = await wav('Hi there.');
    const long = await wav('Hi there. This sentence is quite a lot longer than the first one.');
    expect(short.toString('latin1', 0, 4)).toBe('RIFF');
    expect(short.toString('latin1', 8, 16)).toBe('WAVEfmt ');
    expect(short.readUInt16LE(20)).toBe(1);
    expect(long.length).toBeGreaterThan(short.length * 3);
    const mp3 = Buffer.from(
      await (await speech({ model: 'tts-openai/tts-1', input: 'Hi', voice: 'nova' })).arrayBuffer(),
    );
    expect([mp3[0], mp3[1]]).toEqual([0xff, 0xfb]);

    const form = new FormData();
    form.set('model', 'stt-elevenlabs/scribe-v1');
    form.set('response_format', 'verbose_json');
    form.set('file', new Blob([long], { type: 'audio/wav' }), 'talk.wav');
    const heard = (await (await call('/audio/transcriptions', { body: form })).json()) as {
      text: string;
      segments: Array<{ start: number; end: number; speaker: string; text: string }>;
    };
    expect(heard.text).toContain('talk.wav');
    expect(heard.text).toContain('This sentence is quite a lot longer');
    expect(heard.segments.map((s) => s.speaker)).toContain('SPEAKER_01');
    expect(heard.segments[0]?.start).toBe(0);
    form.set('model', 'stt-openai/whisper-1');
    form.set('response_format', 'text');
    const plain = await call('/audio/transcriptions', { body: form });
    expect(plain.headers.get('content-type')).toMatch(/text\/plain/);
    expect(await plain.text()).toContain('talk.wav');
  });

  it('answers each of the convention’s speech formats with a file of its kind', async () => {
    const said = async (format: string) => {
      const answer = await speech({
        model: 'tts-openai/tts-1',
        input: 'One two three four.',
        voice: 'alloy',
        response_format: format,
      });
      return [answer.headers.get('content-type'), Buffer.from(await answer.arrayBuffer())] as const;
    };
    const [oggType, ogg] = await said('opus');
    expect([oggType, ogg.toString('latin1', 0, 4), ogg.toString('latin1', 28, 36)]).toEqual([
      'audio/ogg',
      'OggS',
      'OpusHead',
    ]);
    const [aacType, aac] = await said('aac');
    expect([aacType, aac[0], aac[1]]).toEqual(['audio/aac', 0xff, 0xf1]);
    const [flacType, flac] = await said('flac');
    // STREAMINFO's 20-bit sample rate starts 10 bytes into it.
    const rate = (flac[18]! << 12) | (flac[19]! << 4) | (flac[20]! >> 4);
    expect([flacType, flac.toString('latin1', 0, 4), rate]).toEqual(['audio/flac', 'fLaC', 22_050]);
    // Raw pcm: 16-bit samples at 24 kHz, no header; 19 characters make 1.14 s.
    const [pcmType, pcm] = await said('pcm');
    expect([pcmType, pcm.length]).toEqual(['audio/pcm', Math.round(1.14 * 24_000) * 2]);
    const refused = await speech({
      model: 'tts-openai/tts-1',
      input: 'x',
      voice: 'alloy',
      response_format: 'ogg',
    });
    expect(refused.status).toBe(400);
  });

  it('makes music as WAV of seconds_total, or a URL, and refuses other formats', async () => {
    const music = Buffer.from(
      await (
        await speech({ model: 'tta-stable/stable-audio', input: 'calm piano', seconds_total: 2 })
      ).arrayBuffer(),
    );
    expect(music.toString('latin1', 0, 4)).toBe('RIFF');
    const dataAt = music.indexOf('data');
    expect(music.readUInt32LE(dataAt + 4)).toBe(2 * 22050 * 2);
    const refused = await speech({
      model: 'tta-stable/stable-audio',
      input: 'x',
      seconds_total: 2,
      response_format: 'mp3',
    });
    expect(refused.status).toBe(400);
    const byUrl = (await (
      await speech({ model: 'tta-sim/melody-url', input: 'calm', seconds_total: 1 })
    ).json()) as { url: string };
    expect(Buffer.from(await (await fetch(byUrl.url)).arrayBuffer()).toString('latin1', 0, 4)).toBe(
      'RIFF',
    );
  });
});
