// Credits in the person's language: one shown precision everywhere, the locale's decimal sign, and the noun by Intl.PluralRules.
import { isPositiveCredits, parseDecimal } from '../../../shared/prices';
import type { Language } from '../../../shared/types';
import type { MessageKey } from './en';
import { localeOf, translate } from './translate';

/**
 * How money is rounded for showing: a cost up (never understated), a balance down (never more
 * than there is).
 */
export type MoneyRounding = 'up' | 'down';

/**
 * The one shown precision: from 1 credit up, at most 2 decimals ("2.5", "123.46"); below it, 2
 * significant digits ("0.045", "0.0027"), so a small positive cost never reads as 0.
 */
function formatOptions(amount: string, rounding: MoneyRounding): Intl.NumberFormatOptions {
  const roundingMode = rounding === 'up' ? 'ceil' : 'floor';
  if (!isPositiveCredits(amount) || !isBelowOne(amount))
    return { maximumFractionDigits: 2, roundingMode };
  return { maximumSignificantDigits: 2, roundingMode };
}

function isBelowOne(amount: string): boolean {
  const d = parseDecimal(amount);
  return d !== null && d.digits < BigInt(10) ** BigInt(d.scale);
}

const formats = new Map<string, Intl.NumberFormat>();

function formatFor(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** A decimal string as Intl takes it exactly (no float on the way); '0' for anything unreadable. */
function plain(amount: string): `${number}` {
  const d = parseDecimal(amount);
  if (!d) return '0';
  const text = d.digits.toString().padStart(d.scale + 1, '0');
  const whole = text.slice(0, text.length - d.scale);
  const fraction = d.scale > 0 ? text.slice(text.length - d.scale) : '';
  return (fraction ? `${whole}.${fraction}` : whole) as `${number}`;
}

/** The figure alone, as shown beside its noun: "123,45" in Russian, "123.45" in English. */
export function moneyFigure(
  amount: string,
  language: Language,
  rounding: MoneyRounding = 'up',
): string {
  return formatFor(localeOf(language), formatOptions(amount, rounding)).format(plain(amount));
}

const NOUNS: Record<Intl.LDMLPluralRule, MessageKey> = {
  zero: 'prices.credits.other',
  one: 'prices.credits.one',
  two: 'prices.credits.other',
  few: 'prices.credits.few',
  many: 'prices.credits.many',
  other: 'prices.credits.other',
};

const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * The noun that goes with the figure as shown: its plural category is that of the rounded
 * figure with its shown decimals (Russian "1 кредит", "2 кредита", "5 кредитов", "2,5 кредита").
 */
export function creditsNoun(
  amount: string,
  language: Language,
  rounding: MoneyRounding = 'up',
): string {
  const locale = localeOf(language);
  const shown = formatFor('en-US', { ...formatOptions(amount, rounding), useGrouping: false })
    .format(plain(amount))
    .split('.');
  const decimals = shown[1]?.length ?? 0;
  const key = `${locale}|${decimals}`;
  let rules = pluralRules.get(key);
  if (!rules) {
    rules = new Intl.PluralRules(locale, { minimumFractionDigits: decimals });
    pluralRules.set(key, rules);
  }
  const say = translate as (language: Language, key: MessageKey) => string;
  return say(language, NOUNS[rules.select(Number(shown.join('.')))]);
}

/** The amount in words: "1 credit", "2.5 credits", "123,45 кредита", "5 кредитов". */
export function moneyWords(
  amount: string,
  language: Language,
  rounding: MoneyRounding = 'up',
): string {
  return `${moneyFigure(amount, language, rounding)} ${creditsNoun(amount, language, rounding)}`;
}
