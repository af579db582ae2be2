// The hold notice's countdown (renderer/src/shell/time-left.ts).
import { describe, expect, it } from 'vitest';
import { formatTimeLeft } from '../../../../renderer/src/shell/time-left';

describe('formatTimeLeft', () => {
  it('counts minutes and seconds, rounding up', () => {
    expect(formatTimeLeft(292_000)).toBe('4:52');
    expect(formatTimeLeft(291_001)).toBe('4:52');
    expect(formatTimeLeft(1)).toBe('0:01');
    expect(formatTimeLeft(0)).toBe('0:00');
    expect(formatTimeLeft(-5000)).toBe('0:00');
  });

  it('shows hours for a very long wait', () => {
    expect(formatTimeLeft(3_723_000)).toBe('1:02:03');
  });
});
