// The max_tokens rules of the service's document: the default, the cap, and the warnings for a chosen value.
import { describe, expect, it } from 'vitest';
import {
  MOST_MODELS_MAX_TOKENS,
  effectiveMaxTokens,
  maxTokensWarnings,
} from '../../../shared/models';

describe('effectiveMaxTokens', () => {
  it('sends 4096 capped at half the context by default, the choice within the context otherwise', () => {
    expect(effectiveMaxTokens(null, null)).toBe(4096);
    expect(effectiveMaxTokens(null, 4000)).toBe(2000);
    expect(effectiveMaxTokens(8000, 128_000)).toBe(8000);
    expect(effectiveMaxTokens(9000, 8192)).toBe(8191);
  });
});

describe('maxTokensWarnings', () => {
  it('says nothing for the default or a value most models take within the room left', () => {
    expect(maxTokensWarnings(null, 8192, 7000)).toEqual([]);
    expect(maxTokensWarnings(4096, 128_000, 1000)).toEqual([]);
    expect(maxTokensWarnings(1000, null, 1_000_000)).toEqual([]);
    expect(maxTokensWarnings(Number.NaN, 8192, 0)).toEqual([]);
    expect(maxTokensWarnings(0, 8192, 0)).toEqual([]);
  });

  it('warns over 4096, whatever the context', () => {
    expect(MOST_MODELS_MAX_TOKENS).toBe(4096);
    expect(maxTokensWarnings(4097, null, 0)).toEqual([{ kind: 'over-most-models', limit: 4096 }]);
    expect(maxTokensWarnings(8000, 128_000, 500)).toEqual([
      { kind: 'over-most-models', limit: 4096 },
    ]);
  });

  it('warns when the prompt leaves less room in the context than the chosen value', () => {
    expect(maxTokensWarnings(3000, 8192, 6000)).toEqual([
      { kind: 'over-context', room: 2192, contextLength: 8192, promptTokens: 6000 },
    ]);
    expect(maxTokensWarnings(2192, 8192, 6000)).toEqual([]);
    // A prompt already over the context leaves no room at all.
    expect(maxTokensWarnings(10, 4096, 5000)).toEqual([
      { kind: 'over-context', room: 0, contextLength: 4096, promptTokens: 5000 },
    ]);
  });

  it('gives both warnings when both apply', () => {
    expect(maxTokensWarnings(8000, 8192, 1000).map((w) => w.kind)).toEqual([
      'over-most-models',
      'over-context',
    ]);
  });
});
