// Counts and sizes in the person's language: the figure by Intl.NumberFormat, the noun by Intl.PluralRules ("21 токен", "22 токена", "25 токенов", "1,5 МБ").
import { bytesInUnit } from '../../../shared/format';
import type { Language } from '../../../shared/types';
import type { MessageKey } from './en';
import { localeOf, translate } from './translate';

/** A noun with one key per plural category: `units.tokens` has `units.tokens.one` … `.other`. */
export type CountedNoun = {
  [K in MessageKey]: K extends `units.${infer Noun}.many` ? `units.${Noun}` : never;
}[MessageKey];

type Category = 'one' | 'few' | 'many' | 'other';

/** English uses one and other; Russian one, few, many and other (fractions); none here uses zero or two. */
const CATEGORIES: Record<Intl.LDMLPluralRule, Category> = {
  zero: 'other',
  one: 'one',
  two: 'other',
  few: 'few',
  many: 'many',
  other: 'other',
};

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

function cached<T>(map: Map<string, T>, key: string, make: () => T): T {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

const say = translate as (
  language: Language,
  key: MessageKey,
  vars: Record<string, string | number>,
) => string;

/**
 * A count with its noun: "1 token", "2 tokens"; "1 токен", "2 токена", "5 токенов", "1,5 токена".
 * The category is that of the figure as shown (at most `maximumFractionDigits` decimals).
 */
export function countWords(
  language: Language,
  noun: CountedNoun,
  count: number,
  maximumFractionDigits = 1,
): string {
  const locale = localeOf(language);
  const format = cached(numberFormats, `${locale}|${maximumFractionDigits}`, () => {
    return new Intl.NumberFormat(locale, { maximumFractionDigits });
  });
  const shown = Number(count.toFixed(maximumFractionDigits));
  const decimals = Number.isInteger(shown) ? 0 : String(shown).split('.')[1]!.length;
  const rules = cached(pluralRules, `${locale}|${decimals}`, () => {
    return new Intl.PluralRules(locale, { minimumFractionDigits: decimals });
  });
  const category = CATEGORIES[rules.select(shown)];
  return say(language, `${noun}.${category}` as MessageKey, { count: format.format(shown) });
}

/** A file's size in binary units in the language's words: "1.5 MB", "1,5 МБ"; "840 KB", "840 КБ". */
export function sizeWords(bytes: number, language: Language): string {
  const { value, unit, decimals } = bytesInUnit(bytes);
  const locale = localeOf(language);
  const format = cached(numberFormats, `${locale}|size${decimals}`, () => {
    return new Intl.NumberFormat(locale, { maximumFractionDigits: decimals, useGrouping: false });
  });
  return say(language, `units.size.${unit}`, { size: format.format(value) });
}
