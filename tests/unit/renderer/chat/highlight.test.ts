// Snippet highlighting: the ranges cut the text into plain and marked parts, and nothing else.
import { describe, expect, it } from 'vitest';
import { highlightParts } from '../../../../renderer/src/chat/highlight';

describe('highlightParts', () => {
  it('marks each range and keeps the rest as plain text, in order', () => {
    expect(
      highlightParts('We crossed the Zebra crossing', [
        { start: 15, end: 20 },
        { start: 3, end: 10 },
      ]),
    ).toEqual([
      { text: 'We ', marked: false },
      { text: 'crossed', marked: true },
      { text: ' the ', marked: false },
      { text: 'Zebra', marked: true },
      { text: ' crossing', marked: false },
    ]);
  });

  it('gives the text back whole without ranges, and skips broken ones', () => {
    expect(highlightParts('plain', undefined)).toEqual([{ text: 'plain', marked: false }]);
    expect(
      highlightParts('abcdef', [
        { start: 1, end: 3 },
        { start: 2, end: 4 },
        { start: 4, end: 4 },
        { start: 5, end: 99 },
        { start: -1, end: 1 },
      ]),
    ).toEqual([
      { text: 'a', marked: false },
      { text: 'bc', marked: true },
      { text: 'def', marked: false },
    ]);
  });

  it('keeps markup in a message as text: the parts are strings, never HTML', () => {
    const text = '<img src=x onerror=alert(1)> zebra';
    const parts = highlightParts(text, [{ start: 29, end: 34 }]);
    expect(parts).toEqual([
      { text: '<img src=x onerror=alert(1)> ', marked: false },
      { text: 'zebra', marked: true },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(text);
  });
});
