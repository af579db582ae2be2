// Sizes in words: binary units, one decimal that is dropped when it is 0, the locale's decimal mark.
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../../shared/format';

describe('formatBytes', () => {
  it('keeps bytes whole and gives larger sizes one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(12.44 * 1024 * 1024)).toBe('12.4 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB');
  });

  it('writes the decimal mark of the locale', () => {
    expect(formatBytes(1536, 'ru')).toBe('1,5 KB');
  });
});
