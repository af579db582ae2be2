// Error sentences: an answer past Atelier's own cap is said as such, in both languages, not as the request's size.
import { describe, expect, it } from 'vitest';
import { errorSentence } from '../../../../renderer/src/common/errors';
import { translatorFor } from '../../../../renderer/src/i18n/translate';
import type { UserError } from '../../../../shared/types';

const capped = (unit: 'bytes' | 'characters'): UserError => ({
  code: 'too_large',
  message: "The answer passed Atelier's limit.",
  status: 200,
  retryable: false,
  details: { reason: 'answer_cap', limit: 100, unit },
});

describe('errorSentence', () => {
  it('says a cut text answer is kept, and a refused result was not read on', () => {
    const t = translatorFor('en');
    expect(errorSentence(t, capped('characters'))).toBe(t('error.answer_cap_text'));
    expect(errorSentence(t, capped('characters'))).toMatch(/is kept/);
    expect(errorSentence(t, capped('bytes'))).toBe(t('error.answer_cap_bytes'));
    expect(errorSentence(t, { ...capped('bytes'), details: {} })).toBe(t('error.too_large'));
  });
});
