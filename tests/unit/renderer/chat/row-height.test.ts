// A row's height before it is measured: from its lines and their length, never past the fold.
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../shared/types';
import { LONG_MESSAGE_LINES } from '../../../../renderer/src/chat/long-message';
import {
  CHARS_PER_LINE,
  LINE_PX,
  ROW_CHROME_PX,
  estimateRowHeight,
} from '../../../../renderer/src/chat/row-height';

const message = (content: string): ChatMessage => ({
  id: `m-${Math.random()}`,
  role: 'assistant',
  content,
  createdAt: '2026-01-01T00:00:00Z',
  status: 'done',
});

describe('estimateRowHeight', () => {
  it('gives an empty or missing row its chrome and one line at most', () => {
    expect(estimateRowHeight(undefined)).toBe(ROW_CHROME_PX);
    expect(estimateRowHeight(message(''))).toBe(ROW_CHROME_PX + LINE_PX);
  });

  it('counts each line, and a long line as the lines it wraps to', () => {
    expect(estimateRowHeight(message('one\ntwo\nthree'))).toBe(ROW_CHROME_PX + 3 * LINE_PX);
    expect(estimateRowHeight(message('x'.repeat(CHARS_PER_LINE * 2 + 1)))).toBe(
      ROW_CHROME_PX + 3 * LINE_PX,
    );
    expect(estimateRowHeight(message('a\n\nb'))).toBe(ROW_CHROME_PX + 3 * LINE_PX);
  });

  it('stops at the fold: a long message is shown cut to its first lines', () => {
    const long = Array.from({ length: 500 }, (_, i) => `line ${i}`).join('\n');
    expect(estimateRowHeight(message(long))).toBe(ROW_CHROME_PX + LONG_MESSAGE_LINES * LINE_PX);
    expect(estimateRowHeight(message('y'.repeat(100_000)))).toBe(
      ROW_CHROME_PX + LONG_MESSAGE_LINES * LINE_PX,
    );
  });
});
