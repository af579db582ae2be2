// Audio made from scratch: WAV tones and melodies (with the text inside), silent MP3 frames.
import { hash32 } from '../text';

export const SAMPLE_RATE = 22050;

/**
 * A 16-bit mono PCM WAV. The text goes in a LIST/INFO comment, so the simulator's own
 * transcription can read back what its speech said.
 */
export function encodeWav(samples: Int16Array, comment: string): Buffer {
  const text = Buffer.from(`${comment}\0`, 'utf8');
  const padded = text.length % 2 === 0 ? text : Buffer.concat([text, Buffer.alloc(1)]);
  const info = Buffer.alloc(12 + 8);
  info.write('LIST', 0, 'latin1');
  info.writeUInt32LE(4 + 8 + padded.length, 4);
  info.write('INFO', 8, 'latin1');
  info.write('ICMT', 12, 'latin1');
  info.writeUInt32LE(text.length, 16);
  const data = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const fmt = Buffer.alloc(24);
  fmt.write('fmt ', 0, 'latin1');
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(1, 8);
  fmt.writeUInt16LE(1, 10);
  fmt.writeUInt32LE(SAMPLE_RATE, 12);
  fmt.writeUInt32LE(SAMPLE_RATE * 2, 16);
  fmt.writeUInt16LE(2, 20);
  fmt.writeUInt16LE(16, 22);
  const dataHead = Buffer.alloc(8);
  dataHead.write('data', 0, 'latin1');
  dataHead.writeUInt32LE(data.length, 4);
  const body = Buffer.concat([fmt, info, padded, dataHead, data]);
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(4 + body.length, 4);
  riff.write('WAVE', 8, 'latin1');
  return Buffer.concat([riff, body]);
}

export interface WavFacts {
  seconds: number;
  comment: string | null;
}

/** Duration and INFO comment of a WAV, or null when the bytes are not one. */
export function readWav(bytes: Buffer): WavFacts | null {
  if (
    bytes.length < 12 ||
    bytes.toString('latin1', 0, 4) !== 'RIFF' ||
    bytes.toString('latin1', 8, 12) !== 'WAVE'
  )
    return null;
  let byteRate = 0;
  let dataBytes = 0;
  let comment: string | null = null;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const start = offset + 8;
    if (id === 'fmt ' && start + 12 <= bytes.length) byteRate = bytes.readUInt32LE(start + 8);
    if (id === 'data') dataBytes = Math.min(size, bytes.length - start);
    if (id === 'LIST' && bytes.toString('latin1', start, start + 4) === 'INFO') {
      let sub = start + 4;
      while (sub + 8 <= start + size && sub + 8 <= bytes.length) {
        const subId = bytes.toString('latin1', sub, sub + 4);
        const subSize = bytes.readUInt32LE(sub + 4);
        if (subId === 'ICMT')
          comment = bytes.toString('utf8', sub + 8, sub + 8 + subSize).replace(/\0+$/, '');
        sub += 8 + subSize + (subSize % 2);
      }
    }
    offset = start + size + (size % 2);
  }
  return { seconds: byteRate > 0 ? dataBytes / byteRate : 0, comment };
}

const VOICE_PITCH: Record<string, number> = {
  alloy: 220,
  echo: 196,
  fable: 247,
  onyx: 131,
  nova: 262,
  shimmer: 294,
};

export function speechSeconds(text: string): number {
  return Math.min(600, Math.max(0.5, text.length * 0.06));
}

/** A voice-like hum: one pitch per voice, a syllable envelope per character of the text. */
export function speechSamples(text: string, voice: string, rate = SAMPLE_RATE): Int16Array {
  const seconds = speechSeconds(text);
  const count = Math.round(seconds * rate);
  const samples = new Int16Array(count);
  const pitch = VOICE_PITCH[voice] ?? 220;
  const syllable = Math.max(1, Math.floor(rate * 0.12));
  for (let i = 0; i < count; i += 1) {
    const phase = (i % syllable) / syllable;
    const envelope = Math.sin(Math.PI * phase);
    const charCode = text.charCodeAt(Math.floor(i / syllable) % Math.max(1, text.length)) || 97;
    const frequency = pitch * (1 + (charCode % 12) / 24);
    samples[i] = Math.round(9000 * envelope * Math.sin((2 * Math.PI * frequency * i) / rate));
  }
  return samples;
}

const SCALE = [261.63, 293.66, 329.63, 392.0, 440.0, 523.25, 587.33];

/** A melody from the description: notes of a pentatonic-like scale chosen by its hash. */
export function melodySamples(description: string, seconds: number): Int16Array {
  const count = Math.round(seconds * SAMPLE_RATE);
  const samples = new Int16Array(count);
  const noteLength = Math.floor(SAMPLE_RATE * 0.25);
  let seed = hash32(description);
  let frequency = SCALE[0] ?? 261.63;
  for (let i = 0; i < count; i += 1) {
    if (i % noteLength === 0) {
      seed = hash32(String(seed), seed);
      frequency = SCALE[seed % SCALE.length] ?? frequency;
    }
    const phase = (i % noteLength) / noteLength;
    const envelope = Math.min(1, phase * 20) * (1 - phase);
    samples[i] = Math.round(
      7000 *
        envelope *
        (Math.sin((2 * Math.PI * frequency * i) / SAMPLE_RATE) +
          0.3 * Math.sin((4 * Math.PI * frequency * i) / SAMPLE_RATE)),
    );
  }
  return samples;
}

/** MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, mono: a frame of 417 bytes holds 1152 silent samples. */
const MP3_FRAME_BYTES = 417;
const MP3_FRAME_SECONDS = 1152 / 44100;

export function silentMp3(seconds: number): Buffer {
  const frames = Math.max(1, Math.ceil(seconds / MP3_FRAME_SECONDS));
  const frame = Buffer.alloc(MP3_FRAME_BYTES);
  frame.set([0xff, 0xfb, 0x90, 0xc0], 0);
  const out = Buffer.alloc(frames * MP3_FRAME_BYTES);
  for (let i = 0; i < frames; i += 1) frame.copy(out, i * MP3_FRAME_BYTES);
  return out;
}

/** Rough length of an MP3 at 128 kbit/s, for audio the simulator cannot decode. */
export function mp3Seconds(bytes: number): number {
  return bytes / 16000;
}
