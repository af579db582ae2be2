// The voice detector: a pause after speech ends a round; leading silence, a noise floor and a short blip do not.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createSilenceDetector,
  levelOf,
  type VoiceActivity,
} from '../../../../../renderer/src/chat/voice/silence-detector';
import { VOICE_LEVEL_INTERVAL_MS as STEP } from '../../../../../shared/voice';

const property = {
  seed: Number(process.env.FC_SEED ?? 42),
  numRuns: Number(process.env.FC_RUNS ?? 100),
};

/** Levels held for a duration each, read every STEP ms: [[level, ms], …]. */
function run(parts: ReadonlyArray<readonly [number, number]>): VoiceActivity[] {
  const detector = createSilenceDetector();
  const seen: VoiceActivity[] = [];
  let at = 0;
  for (const [level, ms] of parts) {
    for (let t = 0; t < ms; t += STEP) {
      seen.push(detector.feed(level, at));
      at += STEP;
    }
  }
  return seen;
}

/** When the detector first said `state`, in ms, or -1. */
function firstAt(seen: VoiceActivity[], state: VoiceActivity): number {
  const index = seen.indexOf(state);
  return index < 0 ? -1 : index * STEP;
}

describe('createSilenceDetector', () => {
  it('ends 1.2 s after speech that followed leading silence, and not before', () => {
    const seen = run([
      [0, 3000],
      [0.3, 1000],
      [0, 3000],
    ]);
    expect(firstAt(seen, 'speaking')).toBe(3000);
    // The last loud reading is at 3950 ms; the pause is long enough 1200 ms after it.
    expect(firstAt(seen, 'ended')).toBe(3950 + 1200);
  });

  it('never ends on silence alone, however long', () => {
    expect(run([[0, 60_000]]).every((s) => s === 'waiting')).toBe(true);
  });

  it('forgets a blip shorter than the shortest speech and goes on waiting', () => {
    const seen = run([
      [0, 1000],
      [0.5, 100],
      [0, 4000],
    ]);
    expect(seen).not.toContain('ended');
    expect(seen.at(-1)).toBe('waiting');
  });

  it('hears speech after a forgotten blip and ends after it', () => {
    const seen = run([
      [0, 1000],
      [0.5, 100],
      [0, 2000],
      [0.3, 800],
      [0, 2000],
    ]);
    expect(firstAt(seen, 'ended')).toBe(1000 + 100 + 2000 + 750 + 1200);
  });

  it('hears someone who speaks from the first reading, with pauses between words', () => {
    const seen = run([
      [0.3, 400],
      [0, 300],
      [0.3, 400],
      [0, 2000],
    ]);
    expect(seen[0]).toBe('speaking');
    expect(firstAt(seen, 'ended')).toBe(400 + 300 + 350 + 1200);
  });

  it('takes a steady noise from the first reading for noise, then hears speech over it', () => {
    const seen = run([
      [0.05, 3000],
      [0.4, 600],
      [0.05, 3000],
    ]);
    expect(seen.slice(0, 3000 / STEP)).not.toContain('ended');
    expect(firstAt(seen, 'ended')).toBe(3550 + 1200);
  });

  it('keeps speaking through pauses shorter than 1.2 s between words', () => {
    const seen = run([
      [0, 500],
      [0.3, 400],
      [0, 800],
      [0.3, 400],
      [0, 1100],
      [0.3, 400],
      [0, 1300],
    ]);
    expect(firstAt(seen, 'ended')).toBe(500 + 400 + 800 + 400 + 1100 + 350 + 1200);
  });

  it('stays ended once ended', () => {
    const seen = run([
      [0, 500],
      [0.3, 500],
      [0, 1500],
      [0.3, 500],
    ]);
    expect(seen.at(-1)).toBe('ended');
  });

  it('for any leading silence of 1 s or more and steady speech of 0.3 to 3 s, ends exactly 1.2 s after it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 100 }),
        // A steady tone filling most of the floor's window is taken for noise, as a hum would be.
        fc.integer({ min: 6, max: 60 }),
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        (quietSteps, loudSteps, level) => {
          const seen = run([
            [0, quietSteps * STEP],
            [level, loudSteps * STEP],
            [0, 2000],
          ]);
          return firstAt(seen, 'ended') === (quietSteps + loudSteps - 1) * STEP + 1200;
        },
      ),
      property,
    );
  });
});

describe('levelOf', () => {
  it('is the RMS of the samples, 0 for none', () => {
    expect(levelOf([])).toBe(0);
    expect(levelOf([0.5, -0.5, 0.5, -0.5])).toBeCloseTo(0.5);
  });
});
