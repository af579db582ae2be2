import { describe, expect, it } from 'vitest';
import { blankBalance } from '../../../../shared/balance';
import type { ConnectionCheck } from '../../../../shared/types';
import { loadLanguage, translatorFor } from '../../../../renderer/src/i18n/translate';
import { checkWords } from '../../../../renderer/src/shell/first-run-words';

// Russian strings are a chunk of their own, fetched when chosen.
await loadLanguage('ru');

const en = translatorFor('en');
const ru = translatorFor('ru');

function check(over: Partial<ConnectionCheck>): ConnectionCheck {
  return {
    outcome: 'connected',
    host: 'api.example.com',
    modelCount: 42,
    balance: null,
    error: null,
    ...over,
  };
}

describe('checkWords', () => {
  it('connected: the number of models and the balance as the service gave it', () => {
    const balance = { ...blankBalance('ok'), credits: '123.45' };
    expect(checkWords(en, check({ balance }), 'en')).toEqual({
      ok: true,
      text: 'Connected: 42 models, balance 123.45 credits.',
    });
    expect(checkWords(ru, check({ balance }), 'ru').text).toBe(
      'Подключено: в списке 42 модели, баланс 123,45 кредита.',
    );
    const two = { ...blankBalance('ok'), credits: '2.00' };
    expect(checkWords(ru, check({ balance: two }), 'ru').text).toBe(
      'Подключено: в списке 42 модели, баланс 2 кредита.',
    );
  });

  it('connected: the models counted in the language, 1, 2, 5 and 21 of them', () => {
    const plain = (modelCount: number, language: 'en' | 'ru') =>
      checkWords(language === 'en' ? en : ru, check({ modelCount }), language).text;
    expect([1, 2, 5, 21, 1500].map((n) => plain(n, 'en'))).toEqual([
      'Connected: 1 model.',
      'Connected: 2 models.',
      'Connected: 5 models.',
      'Connected: 21 models.',
      'Connected: 1,500 models.',
    ]);
    expect([1, 2, 5, 21, 1500].map((n) => plain(n, 'ru').replace(/\s/g, ' '))).toEqual([
      'Подключено: в списке 1 модель.',
      'Подключено: в списке 2 модели.',
      'Подключено: в списке 5 моделей.',
      'Подключено: в списке 21 модель.',
      'Подключено: в списке 1 500 моделей.',
    ]);
  });

  it('connected without a balance: the service’s reason, or nothing invented', () => {
    const off = { ...blankBalance('off'), reason: 'Balance retrieval is disabled.' };
    expect(checkWords(en, check({ balance: off }), 'en').text).toBe(
      'Connected: 42 models. The balance is not available: Balance retrieval is disabled.',
    );
    expect(checkWords(en, check({ balance: blankBalance('error') }), 'en').text).toBe(
      'Connected: 42 models.',
    );
  });

  it('refused: the service’s own words', () => {
    const words = checkWords(
      en,
      check({
        outcome: 'refused',
        modelCount: null,
        error: {
          code: 'key_unknown',
          message: 'User with this API key not found',
          status: 400,
          retryable: false,
          fromService: true,
        },
      }),
      'en',
    );
    expect(words).toEqual({
      ok: false,
      text: 'The key was refused: User with this API key not found',
    });
  });

  it('unreachable names the host; failed says what answered', () => {
    expect(checkWords(en, check({ outcome: 'unreachable', host: '127.0.0.1:9' }), 'en').text).toBe(
      'Cannot reach 127.0.0.1:9: check the address.',
    );
    const failed = checkWords(
      en,
      check({
        outcome: 'failed',
        error: { code: 'not_found', message: 'Not found', status: 404, retryable: false },
      }),
      'en',
    );
    expect(failed.ok).toBe(false);
    expect(failed.text).toContain(
      'api.example.com answered, but not with a model list (Not found)',
    );
  });
});
