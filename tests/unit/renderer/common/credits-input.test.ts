// Amounts of credits typed in English and Russian: the locale's separators, a comma in Russian, nothing misread.
import { describe, expect, it } from 'vitest';
import { creditsForInput, readCreditsInput } from '../../../../renderer/src/common/credits-input';

const amount = (value: string) => ({ kind: 'amount', value });
const invalid = { kind: 'invalid' };

describe('readCreditsInput', () => {
  it('reads an empty field as no limit', () => {
    expect(readCreditsInput('  ', 'en-US')).toEqual({ kind: 'none' });
    expect(readCreditsInput('', 'ru-RU')).toEqual({ kind: 'none' });
  });

  it('takes a comma or a point as the decimal separator in Russian, and spaces between groups', () => {
    expect(readCreditsInput('0,05', 'ru-RU')).toEqual(amount('0.05'));
    expect(readCreditsInput('0.05', 'ru-RU')).toEqual(amount('0.05'));
    expect(readCreditsInput('1 000,5', 'ru-RU')).toEqual(amount('1000.5'));
    expect(readCreditsInput('1\u00a0000', 'ru-RU')).toEqual(amount('1000'));
    expect(readCreditsInput(',5', 'ru-RU')).toEqual(amount('0.5'));
  });

  it('takes a point in English, and a comma only between groups of three digits', () => {
    expect(readCreditsInput('0.05', 'en-US')).toEqual(amount('0.05'));
    expect(readCreditsInput('1,000.25', 'en-US')).toEqual(amount('1000.25'));
    expect(readCreditsInput('0,05', 'en-US')).toEqual(invalid);
    expect(readCreditsInput('1,00', 'en-US')).toEqual(invalid);
  });

  it('writes each amount one way', () => {
    expect(readCreditsInput('007.50', 'en-US')).toEqual(amount('7.5'));
    expect(readCreditsInput('3.000', 'en-US')).toEqual(amount('3'));
    expect(readCreditsInput('0', 'en-US')).toEqual(amount('0'));
  });

  it('refuses what is not an amount the schema keeps', () => {
    for (const text of ['-1', '1e3', 'abc', '1.2.3', '0,1,2', '1234567890', '0.1234567891'])
      expect(readCreditsInput(text, 'en-US')).toEqual(invalid);
    expect(readCreditsInput('1,2,3', 'ru-RU')).toEqual(invalid);
  });
});

describe('creditsForInput', () => {
  it('shows a kept amount with the locale decimal separator, and nothing for none', () => {
    expect(creditsForInput('0.05', 'ru-RU')).toBe('0,05');
    expect(creditsForInput('0.05', 'en-US')).toBe('0.05');
    expect(creditsForInput(null, 'en-US')).toBe('');
  });

  it('reads back what it shows', () => {
    for (const value of ['0.05', '12', '1000.125'])
      for (const locale of ['en-US', 'ru-RU'])
        expect(readCreditsInput(creditsForInput(value, locale), locale)).toEqual(amount(value));
  });
});
