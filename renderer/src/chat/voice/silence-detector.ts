// Voice activity from the microphone's level: waiting for speech, speaking, and ended by a pause after enough speech.
import {
  VOICE_FLOOR_PERCENTILE,
  VOICE_FLOOR_WARMUP_MS,
  VOICE_FLOOR_WINDOW_MS,
  VOICE_MIN_LEVEL,
  VOICE_MIN_SPEECH_MS,
  VOICE_NOISE_MARGIN,
  VOICE_SILENCE_MS,
} from '../../../../shared/voice';

export type VoiceActivity = 'waiting' | 'speaking' | 'ended';

export interface SilenceOptions {
  silenceMs: number;
  minSpeechMs: number;
  minLevel: number;
  noiseMargin: number;
  floorPercentile: number;
  floorWindowMs: number;
  /** Until the readings span this long, only `minLevel` counts (someone may speak at once). */
  floorWarmupMs: number;
}

export const DEFAULT_SILENCE_OPTIONS: SilenceOptions = {
  silenceMs: VOICE_SILENCE_MS,
  minSpeechMs: VOICE_MIN_SPEECH_MS,
  minLevel: VOICE_MIN_LEVEL,
  noiseMargin: VOICE_NOISE_MARGIN,
  floorPercentile: VOICE_FLOOR_PERCENTILE,
  floorWindowMs: VOICE_FLOOR_WINDOW_MS,
  floorWarmupMs: VOICE_FLOOR_WARMUP_MS,
};

export interface SilenceDetector {
  /** One reading of the input level (RMS, 0..1) at `atMs`; readings come in time order. */
  feed(level: number, atMs: number): VoiceActivity;
}

/** The RMS level of one frame of samples in -1..1. */
export function levelOf(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += samples[i]! * samples[i]!;
  return Math.sqrt(sum / samples.length);
}

/**
 * Silence before speech never ends a recording; a sound shorter than `minSpeechMs` followed by a
 * pause is forgotten. The threshold rises over a steady noise: a low percentile of the recent
 * levels (pauses between words keep it low while someone speaks) times `noiseMargin`; a sound
 * taken for speech before the floor was known, never louder than the threshold found since, was
 * that noise, and waiting begins again.
 */
export function createSilenceDetector(
  options: SilenceOptions = DEFAULT_SILENCE_OPTIONS,
): SilenceDetector {
  const recent: Array<{ at: number; level: number }> = [];
  let state: VoiceActivity = 'waiting';
  let speechStart = 0;
  let lastLoud = 0;
  let peak = 0;

  function floor(): number {
    if (recent.length === 0 || recent.at(-1)!.at - recent[0]!.at < options.floorWarmupMs) return 0;
    const sorted = recent.map((r) => r.level).sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) * options.floorPercentile)] ?? 0;
  }

  return {
    feed(level, atMs) {
      if (state === 'ended') return state;
      recent.push({ at: atMs, level });
      while (recent.length > 1 && recent[0]!.at < atMs - options.floorWindowMs) recent.shift();
      const threshold = Math.max(options.minLevel, floor() * options.noiseMargin);
      const loud = level >= threshold;
      if (state === 'waiting') {
        if (loud) {
          state = 'speaking';
          speechStart = atMs;
          lastLoud = atMs;
          peak = level;
        }
        return state;
      }
      if (loud) {
        lastLoud = atMs;
        peak = Math.max(peak, level);
      } else if (peak < threshold) state = 'waiting';
      else if (atMs - lastLoud >= options.silenceMs)
        state = lastLoud - speechStart >= options.minSpeechMs ? 'ended' : 'waiting';
      return state;
    },
  };
}
