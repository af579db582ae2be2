// Where a very long message is cut for "Show all": by lines, by characters, never a short one.
import { describe, expect, it } from 'vitest';
import {
  collapsedText,
  LONG_MESSAGE_CHARS,
  LONG_MESSAGE_LINES,
} from '../../../../renderer/src/chat/long-message';

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n');

describe('collapsedText', () => {
  it('leaves a short message whole', () => {
    expect(collapsedText('hello')).toBeNull();
    expect(collapsedText(lines(LONG_MESSAGE_LINES))).toBeNull();
    expect(collapsedText('x'.repeat(LONG_MESSAGE_CHARS))).toBeNull();
  });

  it('cuts after the 40th line of a message with many lines', () => {
    const cut = collapsedText(lines(LONG_MESSAGE_LINES + 1));
    expect(cut).toBe(lines(LONG_MESSAGE_LINES));
    expect(collapsedText(lines(500))?.split('\n')).toHaveLength(LONG_MESSAGE_LINES);
  });

  it('cuts a long message without line breaks at the character limit', () => {
    const cut = collapsedText('y'.repeat(LONG_MESSAGE_CHARS * 3));
    expect(cut).toHaveLength(LONG_MESSAGE_CHARS);
  });

  it('cuts long lines at a line end near the limit', () => {
    const paragraph = 'z'.repeat(1000);
    const text = Array.from({ length: 10 }, () => paragraph).join('\n');
    const cut = collapsedText(text)!;
    expect(cut.length).toBeLessThanOrEqual(LONG_MESSAGE_CHARS);
    expect(text.startsWith(cut)).toBe(true);
    expect(text[cut.length]).toBe('\n');
  });
});
