// The fake microphone's file and the simulator's ear: the bursts are heard as a fixed question after a browser's resampling, nothing else is.
import { describe, expect, it } from 'vitest';
import { encodeWav, speechSamples } from '../../../../sim/media/audio';
import {
  fakeMicrophoneWav,
  hearsSignature,
  SPOKEN_QUESTION,
  wavSamples,
} from '../../../../sim/media/voice-signature';
import { wavOfLevels } from '../../../../sim/media/wav';
import { call, useSimulators } from '../sim-harness';

useSimulators();

/** As a browser records the looping file: from a point inside it, resampled, with a little noise. */
function recordedFromLoop(startShare: number, rate: number): Buffer {
  const file = wavSamples(fakeMicrophoneWav())!;
  const from = Math.floor(file.samples.length * startShare);
  const looped = Float32Array.from([...file.samples.slice(from), ...file.samples.slice(0, from)]);
  const out = new Float32Array(Math.floor((looped.length * rate) / file.rate));
  let noise = 1;
  for (let i = 0; i < out.length; i++) {
    const at = (i * file.rate) / rate;
    const low = Math.floor(at);
    const next = looped[Math.min(low + 1, looped.length - 1)]!;
    noise = (noise * 48271) % 2147483647;
    out[i] = looped[low]! + (next - looped[low]!) * (at - low) + (noise / 2147483647 - 0.5) * 0.01;
  }
  return wavOfLevels(out, rate);
}

function tone(hz: number, seconds: number, rate = 48_000): Buffer {
  return wavOfLevels(
    Float32Array.from(
      { length: seconds * rate },
      (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / rate),
    ),
    rate,
  );
}

describe('the fake microphone file', () => {
  it('is the same bytes every time, and is heard', () => {
    expect(fakeMicrophoneWav().equals(fakeMicrophoneWav())).toBe(true);
    expect(hearsSignature(fakeMicrophoneWav())).toBe(true);
  });

  it('is heard however the loop was cut and resampled', () => {
    for (const share of [0, 0.1, 0.3, 0.6, 0.9])
      for (const rate of [16_000, 22_050, 44_100, 48_000])
        expect(hearsSignature(recordedFromLoop(share, rate)), `${share} ${rate}`).toBe(true);
  });

  it('is not heard in silence, another pitch, a held tone of its pitch, or the simulator’s own speech', () => {
    expect(hearsSignature(tone(440, 2).fill(0, 44))).toBe(false);
    expect(hearsSignature(tone(440, 2))).toBe(false);
    expect(hearsSignature(tone(660, 2))).toBe(false);
    expect(hearsSignature(tone(415, 2))).toBe(false);
    for (const voice of ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'])
      expect(
        hearsSignature(encodeWav(speechSamples('What is the capital?', voice), '')),
        voice,
      ).toBe(false);
  });
});

describe('/audio/transcriptions of the fake microphone', () => {
  async function transcribe(file: Buffer, language?: string) {
    const form = new FormData();
    form.set('model', 'stt-openai/whisper-1');
    if (language) form.set('language', language);
    form.set('file', new Blob([new Uint8Array(file)], { type: 'audio/wav' }), 'recording.wav');
    return (await (await call('/audio/transcriptions', { body: form })).json()) as {
      text: string;
      usage: { seconds: number; cost: string };
    };
  }

  it('answers the fixed question, in Russian when asked for Russian, and charges as usual', async () => {
    const heard = await transcribe(recordedFromLoop(0.4, 48_000));
    expect(heard.text).toBe(SPOKEN_QUESTION.en);
    expect(heard.usage.seconds).toBeGreaterThan(4);
    expect((await transcribe(recordedFromLoop(0.4, 48_000), 'ru')).text).toBe(SPOKEN_QUESTION.ru);
  });

  it('still describes any other recording', async () => {
    expect((await transcribe(tone(660, 2))).text).toContain('The simulator cannot hear');
  });
});
