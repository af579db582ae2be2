// The script that sets the theme before the first paint (renderer/public/look-early.js) gives the
// theme the app's own code gives for the same stored hint: the look hint read back, then applied.
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recalledLook, rememberLook } from '../../../../renderer/src/common/look-hint';
import { applyTheme } from '../../../../renderer/src/theme';
import { LANGUAGES, THEMES } from '../../../../shared/looks';
import type { HostStorage } from '../../../../renderer/src/common/page-storage';
import { memoryStorage } from './memory-storage';

const SCRIPT = readFileSync(
  new URL('../../../../renderer/public/look-early.js', import.meta.url),
  'utf8',
);

function matchMedia(systemDark: boolean) {
  return (query: string) => ({ matches: systemDark && query === '(prefers-color-scheme: dark)' });
}

/** What the early script sets on the page's root element, run on its own as the page runs it. */
function earlyLook(storage: HostStorage | null, systemDark: boolean): Record<string, string> {
  const attributes: Record<string, string> = {};
  const window = {
    get localStorage() {
      if (!storage) throw new Error('storage is off');
      return storage;
    },
    matchMedia: matchMedia(systemDark),
  };
  const document = {
    documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) },
  };
  runInNewContext(SCRIPT, { window, document });
  return attributes;
}

function earlyTheme(storage: HostStorage | null, systemDark: boolean): string | undefined {
  return earlyLook(storage, systemDark)['data-theme'];
}

/** What the app's code sets: the recalled hint's theme, or the setting's default (system). */
function appTheme(storage: HostStorage | null, systemDark: boolean): string | undefined {
  const dataset: Record<string, string> = {};
  vi.stubGlobal('window', { matchMedia: matchMedia(systemDark) });
  vi.stubGlobal('document', { documentElement: { dataset } });
  applyTheme(recalledLook(storage)?.theme ?? 'system');
  return dataset.theme;
}

describe('the theme and language before the first paint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is the theme the app applies for every remembered look, on a light or dark system', () => {
    for (const systemDark of [false, true])
      for (const theme of THEMES)
        for (const language of LANGUAGES) {
          const storage = memoryStorage();
          rememberLook(storage, { theme, language });
          const expected = appTheme(storage, systemDark);
          expect(expected).toMatch(/^(light|dark)$/);
          expect(earlyTheme(storage, systemDark)).toBe(expected);
          // The language too, for the first screen (first-screen.js) to be drawn in.
          expect(earlyLook(storage, systemDark).lang).toBe(recalledLook(storage)?.language);
        }
  });

  it("follows the system where there is no look, a damaged one, or no storage, as the app's default does", () => {
    const stored = [null, '{not json', '"dark"', '{"theme":"dark","language":"fr"}', '{"theme":1}'];
    for (const systemDark of [false, true]) {
      for (const value of stored) {
        const storage = memoryStorage(value === null ? {} : { 'atelier.look': value });
        expect(earlyTheme(storage, systemDark)).toBe(appTheme(storage, systemDark));
        expect(earlyTheme(storage, systemDark)).toBe(systemDark ? 'dark' : 'light');
        // The app's first render, with no look, is in English.
        expect(earlyLook(storage, systemDark).lang).toBe('en');
      }
      expect(earlyTheme(null, systemDark)).toBe(appTheme(null, systemDark));
    }
  });
});
