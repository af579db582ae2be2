// Error sentences: an answer past Atelier's own cap is said as such, not as the request's size; a full disk as a full disk; in both languages.
import { describe, expect, it } from 'vitest';
import { errorSentence } from '../../../../renderer/src/common/errors';
import { addLanguage, translatorFor } from '../../../../renderer/src/i18n/translate';
import { ru } from '../../../../renderer/src/i18n/ru';
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

describe('a save a full disk refused', () => {
  it('says the disk is full and nothing saved was lost, in both languages', () => {
    const refused: UserError = {
      code: 'storage',
      message: 'The folders could not be saved: the disk is full.',
      status: null,
      retryable: false,
      details: { reason: 'disk_full' },
    };
    expect(errorSentence(translatorFor('en'), refused)).toMatch(/disk is full.*Nothing saved/);
    addLanguage('ru', ru);
    expect(errorSentence(translatorFor('ru'), refused)).toMatch(/^Диск заполнен/);
    expect(errorSentence(translatorFor('en'), { ...refused, details: {} })).toBe(
      translatorFor('en')('error.storage'),
    );
  });
});
