// The last look (theme and language) kept for the next start: read back as it was written, and
// anything else in its place (damaged, foreign, or no storage at all) is no hint.
import { describe, expect, it } from 'vitest';
import { recalledLook, rememberLook } from '../../../../renderer/src/common/look-hint';
import { memoryStorage } from './memory-storage';

describe('the look kept for the next start', () => {
  it('comes back as it was remembered, the newest one winning', () => {
    const storage = memoryStorage();
    expect(recalledLook(storage)).toBeNull();
    rememberLook(storage, { theme: 'dark', language: 'ru' });
    expect(recalledLook(storage)).toEqual({ theme: 'dark', language: 'ru' });
    rememberLook(storage, { theme: 'system', language: 'en' });
    expect(recalledLook(storage)).toEqual({ theme: 'system', language: 'en' });
  });

  it('is no hint when what is stored is damaged or not a look', () => {
    for (const stored of [
      '{not json',
      '"dark"',
      '{"theme":"purple","language":"ru"}',
      '{"theme":"dark","language":"fr"}',
      '{"theme":"dark"}',
    ])
      expect(recalledLook(memoryStorage({ 'atelier.look': stored }))).toBeNull();
  });

  it('is no hint without storage, and remembering then does nothing', () => {
    expect(recalledLook(null)).toBeNull();
    expect(() => rememberLook(null, { theme: 'dark', language: 'ru' })).not.toThrow();
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => rememberLook(full, { theme: 'dark', language: 'ru' })).not.toThrow();
  });
});
