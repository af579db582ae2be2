// Counts and sizes in words: the noun chosen by Intl.PluralRules of the figure as shown, the locale's digits and units.
import { beforeAll, describe, expect, it } from 'vitest';
import { countWords, sizeWords } from '../../../../renderer/src/i18n/counts';
import { ru } from '../../../../renderer/src/i18n/ru';
import { addLanguage } from '../../../../renderer/src/i18n/translate';

beforeAll(() => addLanguage('ru', ru));

describe('countWords', () => {
  it('English: one token, two tokens', () => {
    expect(countWords('en', 'units.tokens', 1)).toBe('1 token');
    expect(countWords('en', 'units.tokens', 2)).toBe('2 tokens');
    expect(countWords('en', 'units.pages', 1)).toBe('1 page');
    expect(countWords('en', 'units.calls', 1234)).toBe('1,234 calls');
  });

  it('Russian: one, few, many by the last digits, and fractions in the genitive singular', () => {
    const tokens = (n: number) => countWords('ru', 'units.tokens', n);
    expect(tokens(1)).toBe('1 токен');
    expect(tokens(2)).toBe('2 токена');
    expect(tokens(5)).toBe('5 токенов');
    expect(tokens(11)).toBe('11 токенов');
    expect(tokens(21)).toBe('21 токен');
    expect(tokens(22)).toBe('22 токена');
    expect(tokens(25)).toBe('25 токенов');
    expect(tokens(1.5)).toBe('1,5 токена');
    expect(countWords('ru', 'units.messages', 3)).toBe('3 сообщения');
  });

  it('chooses by the figure as shown: 1.04 shows as 1, 2500 with a group space', () => {
    expect(countWords('ru', 'units.pages', 1.04)).toBe('1 страница');
    expect(countWords('en', 'units.pages', 1.04)).toBe('1 page');
    expect(countWords('ru', 'units.calls', 2500).replace(/\s/g, ' ')).toBe('2 500 вызовов');
  });
});

describe('sizeWords', () => {
  it('binary units in the language: decimal comma and Cyrillic units in Russian', () => {
    expect(sizeWords(1.5 * 1024 * 1024, 'en')).toBe('1.5 MB');
    expect(sizeWords(1.5 * 1024 * 1024, 'ru')).toBe('1,5 МБ');
    expect(sizeWords(840 * 1024, 'ru')).toBe('840 КБ');
    expect(sizeWords(1023, 'ru')).toBe('1023 Б');
    expect(sizeWords(3 * 1024 ** 3, 'en')).toBe('3 GB');
  });
});
