// How many rows of a long list are drawn: the first screen's, more in steps, the open one always.
import { describe, expect, it } from 'vitest';
import {
  FIRST_ROWS,
  MORE_ROWS,
  moreRows,
  rowsToDraw,
} from '../../../../renderer/src/common/growing-list';

describe('rowsToDraw', () => {
  it('draws a short list whole and a long one from its first rows', () => {
    expect(rowsToDraw(12, FIRST_ROWS)).toBe(12);
    expect(rowsToDraw(0, FIRST_ROWS)).toBe(0);
    expect(rowsToDraw(2000, FIRST_ROWS)).toBe(FIRST_ROWS);
  });

  it('reaches the row that must be shown, and never draws fewer than before', () => {
    expect(rowsToDraw(2000, FIRST_ROWS, 1499)).toBe(1500);
    expect(rowsToDraw(2000, 700, 10)).toBe(700);
    // Rows removed since: never more than there are.
    expect(rowsToDraw(50, 700)).toBe(50);
  });
});

describe('moreRows', () => {
  it('adds a step, up to the end', () => {
    expect(moreRows(2000, FIRST_ROWS)).toBe(FIRST_ROWS + MORE_ROWS);
    expect(moreRows(FIRST_ROWS + MORE_ROWS - 10, FIRST_ROWS)).toBe(FIRST_ROWS + MORE_ROWS - 10);
  });
});
