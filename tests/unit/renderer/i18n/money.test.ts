// Credits in words: the one shown precision, the locale's decimal sign, and the noun chosen by Intl.PluralRules.
import { beforeAll, describe, expect, it } from 'vitest';
import { creditsNoun, moneyFigure, moneyWords } from '../../../../renderer/src/i18n/money';
import { ru } from '../../../../renderer/src/i18n/ru';
import { addLanguage } from '../../../../renderer/src/i18n/translate';

beforeAll(() => addLanguage('ru', ru));

describe('money in words', () => {
  it('English: one credit, any other amount credits', () => {
    expect(moneyWords('1', 'en')).toBe('1 credit');
    expect(moneyWords('2.5', 'en')).toBe('2.5 credits');
    expect(moneyWords('0', 'en')).toBe('0 credits');
    expect(moneyWords('1234.5', 'en')).toBe('1,234.5 credits');
  });

  it('Russian: plurals by Intl, a decimal comma, fractions in the genitive singular', () => {
    expect(moneyWords('1', 'ru')).toBe('1 кредит');
    expect(moneyWords('2', 'ru')).toBe('2 кредита');
    expect(moneyWords('5', 'ru')).toBe('5 кредитов');
    expect(moneyWords('21', 'ru')).toBe('21 кредит');
    expect(moneyWords('11', 'ru')).toBe('11 кредитов');
    expect(moneyWords('123.45', 'ru')).toBe('123,45 кредита');
    expect(moneyWords('2.5', 'ru')).toBe('2,5 кредита');
    expect(moneyWords('0.04', 'ru')).toBe('0,04 кредита');
  });

  it('the noun follows the figure as shown, not the amount before rounding', () => {
    // 1.001 shows as 1.01 (a cost rounds up) and 100.00 as 100.
    expect(moneyWords('1.001', 'ru')).toBe('1,01 кредита');
    expect(moneyWords('100.00', 'ru')).toBe('100 кредитов');
    expect(creditsNoun('0.999', 'en')).toBe('credit');
    expect(moneyFigure('0.999', 'en')).toBe('1');
  });

  it('one precision: 2 decimals from 1 up, 2 significant digits below, never 0 for a cost', () => {
    expect(moneyFigure('123.451', 'en')).toBe('123.46');
    expect(moneyFigure('2.82', 'en')).toBe('2.82');
    expect(moneyFigure('0.0026076', 'en')).toBe('0.0027');
    expect(moneyFigure('0.00000015', 'ru')).toBe('0,00000015');
    expect(moneyFigure('0.000000001', 'en')).toBe('0.000000001');
    expect(moneyFigure('0.045', 'en')).toBe('0.045');
  });

  it('a balance rounds down, a cost up', () => {
    expect(moneyFigure('99.999', 'en', 'down')).toBe('99.99');
    expect(moneyFigure('99.991', 'en')).toBe('100');
  });

  it('exact for amounts past a float’s digits', () => {
    expect(moneyFigure('12345678901234567.89', 'en')).toBe('12,345,678,901,234,567.89');
  });
});
