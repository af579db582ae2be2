import { describe, expect, it } from 'vitest';
import { StderrLines } from '../../../../../electron/core/features/mcp/stderr-lines';

describe('StderrLines', () => {
  it('keeps the last lines only, joining lines split across chunks', () => {
    const lines = new StderrLines(3);
    lines.push('one\ntw');
    lines.push('o\r\nthree\nfour\nfi');
    expect(lines.snapshot()).toEqual(['three', 'four', 'fi']);
    lines.push('ve\n');
    expect(lines.snapshot()).toEqual(['three', 'four', 'five']);
    expect(lines.last()).toBe('five');
  });

  it('cuts a huge line', () => {
    const lines = new StderrLines(3);
    lines.push(`${'x'.repeat(10_000)}\n`);
    expect(lines.snapshot()[0]!.length).toBeLessThan(2100);
  });
});
