// The semantic index's pure helpers: how texts are cut into chunks and what embedding them costs.
import { describe, expect, it } from 'vitest';
import {
  chunkText,
  estimateCost,
} from '../../../../../electron/core/features/search/semantic-index';

describe('semantic helpers', () => {
  it('chunks long documents at paragraph breaks', () => {
    const paragraph = 'word '.repeat(100).trim();
    const chunks = chunkText(Array.from({ length: 10 }, () => paragraph).join('\n\n'));
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.every((c) => c.length <= 3000)).toBe(true);
    expect(chunkText('   \n\n  ')).toEqual([]);
  });

  it('estimates the cost from the per-token price', () => {
    expect(estimateCost(1000, '0.00000002')).toBe('0.00002');
    expect(estimateCost(10, '0.00000002')).toBe('0.000001');
    expect(estimateCost(10, null)).toBeNull();
    expect(estimateCost(0, '0.1')).toBe('0');
  });
});
