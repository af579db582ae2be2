// The simulator's embeddings: close vectors for texts that share words.
import { describe, expect, it } from 'vitest';
import { call, useSimulators } from './sim-harness';

useSimulators();

describe('embeddings', () => {
  it('gives close vectors to texts that share words', async () => {
    const embed = async (input: string) =>
      (
        (await (
          await call('/embeddings', {
            json: { model: 'emb-openai/text-embedding-3-small', input },
          })
        ).json()) as { data: Array<{ embedding: number[] }> }
      ).data[0]?.embedding;
    const a = await embed('red apples and green pears');
    const b = await embed('green pears and red apples too');
    const c = await embed('tax law of 1990');
    const dot = (x: number[] = [], y: number[] = []) =>
      x.reduce((s, v, i) => s + v * (y[i] ?? 0), 0);
    expect(a).toHaveLength(256);
    expect(dot(a, a)).toBeCloseTo(1, 6);
    expect(dot(a, b)).toBeGreaterThan(0.8);
    expect(Math.abs(dot(a, c))).toBeLessThan(0.5);
  });
});
