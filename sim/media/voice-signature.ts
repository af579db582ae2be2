// The fake microphone's recording and the simulator's ear for it: tone bursts at one pitch are heard as a fixed spoken question.
import { monoWav } from './wav';

/** What the simulator hears in a recording of the fake microphone's file, by the request's language. */
export const SPOKEN_QUESTION = {
  en: 'What is the capital of France?',
  ru: 'Какая столица Франции?',
} as const;

/** The pitch of the bursts: a pure tone nothing else the simulator makes holds for long. */
export const SIGNATURE_HZ = 440;

const FILE_RATE = 48_000;
const BURSTS = 3;
const BURST_SECONDS = 0.35;
const GAP_SECONDS = 0.15;
/** Silence after the bursts: longer than voice mode's pause, and the browser plays the file in a loop. */
const TAIL_SECONDS = 3.5;
const LEAD_SECONDS = 0.3;

/**
 * The fake microphone's WAV (16-bit mono, 48 kHz): a short lead of silence, three bursts of
 * SIGNATURE_HZ like the syllables of a question, then a long silence. The same bytes every time.
 */
export function fakeMicrophoneWav(): Buffer {
  const seconds = LEAD_SECONDS + BURSTS * (BURST_SECONDS + GAP_SECONDS) + TAIL_SECONDS;
  const samples = new Int16Array(Math.round(seconds * FILE_RATE));
  const fade = Math.round(0.01 * FILE_RATE);
  for (let burst = 0; burst < BURSTS; burst++) {
    const start = Math.round((LEAD_SECONDS + burst * (BURST_SECONDS + GAP_SECONDS)) * FILE_RATE);
    const length = Math.round(BURST_SECONDS * FILE_RATE);
    for (let i = 0; i < length; i++) {
      const envelope = Math.min(1, i / fade, (length - i) / fade);
      const value = 0.5 * envelope * Math.sin((2 * Math.PI * SIGNATURE_HZ * i) / FILE_RATE);
      samples[start + i] = Math.round(value * 0x7fff);
    }
  }
  return monoWav(Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength), FILE_RATE);
}

/** The first channel of a 16-bit PCM WAV as samples in -1..1, or null for anything else. */
export function wavSamples(bytes: Buffer): { rate: number; samples: Float32Array } | null {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF') return null;
  let rate = 0;
  let channels = 0;
  let bits = 0;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const start = offset + 8;
    if (id === 'fmt ' && start + 16 <= bytes.length) {
      if (bytes.readUInt16LE(start) !== 1) return null;
      channels = bytes.readUInt16LE(start + 2);
      rate = bytes.readUInt32LE(start + 4);
      bits = bytes.readUInt16LE(start + 14);
    }
    if (id === 'data') {
      if (bits !== 16 || channels < 1 || rate <= 0) return null;
      const frames = Math.floor(Math.min(size, bytes.length - start) / (2 * channels));
      const samples = new Float32Array(frames);
      for (let i = 0; i < frames; i++)
        samples[i] = bytes.readInt16LE(start + i * 2 * channels) / 0x8000;
      return { rate, samples };
    }
    offset = start + size + (size % 2);
  }
  return null;
}

/** Ignored around zero, so a faint hiss between bursts crosses nothing. */
const HYSTERESIS = 0.02;

/** Bursts are syllables: a loud stretch longer than this is a held tone, never the question. */
const LONGEST_BURST_FRAMES = 20;

/**
 * Whether a recording holds the fake microphone's bursts: at least 0.3 s of loud 50 ms frames in
 * two or more bursts of at most a second each, four in five of them near SIGNATURE_HZ, and all of
 * them together within 10 Hz of it. A frame's
 * pitch is read from the span between its first and last zero crossing, so a frame only partly
 * in a burst reads true. A recording passed through a browser's codec and resampling keeps it.
 */
export function hearsSignature(bytes: Buffer): boolean {
  const wav = wavSamples(bytes);
  if (!wav) return false;
  const frame = Math.round(wav.rate * 0.05);
  let loud = 0;
  let near = 0;
  let halfCycles = 0;
  let span = 0;
  let bursts = 0;
  let run = 0;
  let longestRun = 0;
  for (let at = 0; at + frame <= wav.samples.length; at += frame) {
    let energy = 0;
    let positive: boolean | null = null;
    let first = -1;
    let last = -1;
    let crossings = 0;
    for (let i = at; i < at + frame; i++) {
      const sample = wav.samples[i]!;
      energy += sample * sample;
      const side = sample > HYSTERESIS ? true : sample < -HYSTERESIS ? false : null;
      if (side === null || side === positive) continue;
      if (positive !== null) {
        crossings++;
        if (first < 0) first = i;
        last = i;
      }
      positive = side;
    }
    if (Math.sqrt(energy / frame) < 0.05) {
      run = 0;
      continue;
    }
    if (run === 0) bursts++;
    run++;
    longestRun = Math.max(longestRun, run);
    loud++;
    if (crossings < 4 || last <= first) continue;
    const seconds = (last - first) / wav.rate;
    halfCycles += crossings - 1;
    span += seconds;
    if (Math.abs((crossings - 1) / 2 / seconds - SIGNATURE_HZ) <= 40) near++;
  }
  if (loud < 6 || span === 0 || bursts < 2 || longestRun > LONGEST_BURST_FRAMES) return false;
  return near >= 0.8 * loud && Math.abs(halfCycles / 2 / span - SIGNATURE_HZ) <= 10;
}
