// A tool turn sends several requests: their usage is added up exactly (tokens and decimal cost).
import { describe, expect, it } from 'vitest';
import { addUsage } from '../../../../../electron/core/features/chat/tools';

describe('usage of a tool turn', () => {
  it('adds tokens and costs exactly, keeping what only one side knows', () => {
    const a = { promptTokens: 10, completionTokens: 5, totalTokens: 15, cost: '0.000012345' };
    const b = { promptTokens: 30, completionTokens: null, totalTokens: 40, cost: '0.1' };
    expect(addUsage(a, b)).toEqual({
      promptTokens: 40,
      completionTokens: 5,
      totalTokens: 55,
      cost: '0.100012345',
    });
    expect(addUsage(null, b)).toBe(b);
    expect(addUsage(a, null)).toBe(a);
    expect(addUsage({ ...a, cost: null }, { ...b, cost: null })!.cost).toBeNull();
  });
});
