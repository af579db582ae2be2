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

describe('what the service’s document says of its failures', () => {
  const failed = (code: UserError['code'], status: number | null): UserError => ({
    code,
    message: 'EDGE_FUNCTION_INVOCATION_FAILED',
    status,
    retryable: true,
  });
  addLanguage('ru', ru);

  it('words a 500 and a 502 as a request that may be malformed or name an unknown model', () => {
    for (const language of ['en', 'ru'] as const) {
      const t = translatorFor(language);
      for (const [code, status] of [
        ['server_error', 500],
        ['bad_gateway', 502],
      ] as const) {
        const sentence = errorSentence(t, failed(code, status));
        expect(sentence).toMatch(language === 'en' ? /malformed/ : /составлен неверно/);
        expect(sentence).toMatch(language === 'en' ? /model id/ : /идентификатор модели/);
        expect(sentence).not.toMatch(/Wait a moment|Подождите/);
      }
    }
  });

  it('words "no subscription" as the subscription, not the plan', () => {
    for (const language of ['en', 'ru'] as const) {
      const t = translatorFor(language);
      const sentence = errorSentence(t, { ...failed('no_subscription', 429), retryable: false });
      expect(sentence).toMatch(language === 'en' ? /Renew the subscription/ : /Продлите подписку/);
      expect(sentence).not.toBe(t('error.not_in_plan'));
    }
  });

  it('words a 429 in unknown words as a refusal, not as too many requests', () => {
    for (const language of ['en', 'ru'] as const) {
      const t = translatorFor(language);
      const sentence = errorSentence(t, failed('refused', 429));
      expect(sentence).toBe(t('error.refused'));
      expect(sentence).not.toBe(t('error.rate_limited'));
    }
  });
});
