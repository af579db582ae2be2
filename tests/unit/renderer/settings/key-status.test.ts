// Settings says one thing of the key: set or not from core's view, its end only when long enough,
// and the service's verdict only for a key that is set.
import { describe, expect, it } from 'vitest';
import type { SettingsView } from '../../../../shared/types';
import { loadLanguage, translatorFor } from '../../../../renderer/src/i18n/translate';
import { keyStatusOf, keyStatusWords } from '../../../../renderer/src/settings/key-status';

await loadLanguage('ru');
const en = translatorFor('en');
const ru = translatorFor('ru');

const view: SettingsView = {
  baseUrl: 'https://api.example.com/v1',
  ratePlan: 'standard',
  customRequestsPerSecond: 0.5,
  defaultModel: 'm/a',
  language: 'en',
  theme: 'system',
  keySet: false,
  keyLast4: null,
  demo: false,
  keyElsewhere: null,
  keyStorage: null,
  keychain: true,
};

describe('the key status in Settings', () => {
  it('says a short key the service accepted is set, never "No key set." beside the verdict', () => {
    // Core shows no end of a key under 8 characters (keyLast4 null), yet the key is set.
    const status = keyStatusOf({ ...view, keySet: true, keyLast4: null, keyCheck: 'working' });
    expect(status).toEqual({ set: true, last4: null, verdict: 'working' });
    expect(keyStatusWords(en, status)).toBe('Key set.');
    expect(keyStatusWords(ru, status)).toBe('Ключ задан.');
  });

  it('shows the end of a longer key, and no key when none is set', () => {
    const long = keyStatusOf({ ...view, keySet: true, keyLast4: 'fast', keyCheck: null });
    expect(keyStatusWords(en, long)).toBe('Key set, ends with ····fast.');
    expect(keyStatusWords(en, keyStatusOf(view))).toBe('No key set.');
    expect(keyStatusWords(en, keyStatusOf(null))).toBe('No key set.');
  });

  it('carries no verdict for a key that is not set', () => {
    expect(keyStatusOf({ ...view, keySet: false, keyCheck: 'working' })).toEqual({ set: false });
  });
});
