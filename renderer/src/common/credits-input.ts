// An amount of credits typed in the person's locale (a comma in Russian), read as the decimal string core keeps, and shown back for editing.
import { CREDITS_TEXT } from '../../../shared/spending';

/** What a typed amount reads as: none (the field left empty), an amount, or not an amount. */
export type CreditsInput =
  { kind: 'none' } | { kind: 'amount'; value: string } | { kind: 'invalid' };

/** The locale's decimal and group separators, as Intl writes them. */
function separators(locale: string): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.5);
  return {
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
  };
}

/** Any space a person or a paste may put between digit groups (plain, no-break, narrow no-break). */
const SPACE = '[\\s\\u00a0\\u202f]';

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Reads what was typed. The locale's decimal separator is taken, and a point too where the locale
 * writes a comma (a person may type either); group separators only between groups of three digits,
 * so "0,05" in English is not read as 5.
 */
export function readCreditsInput(text: string, locale: string): CreditsInput {
  const typed = text.trim();
  if (typed === '') return { kind: 'none' };
  const { decimal, group } = separators(locale);
  const mark = new RegExp(SPACE).test(group) ? SPACE : escaped(group);
  let parts = typed.split(decimal);
  // "0.05" typed where the locale writes "0,05": the point is the decimal separator then.
  if (decimal !== '.' && parts.length === 1 && !new RegExp(mark).test(typed))
    parts = typed.split('.');
  const [whole, fraction, ...rest] = parts;
  if (rest.length > 0 || whole === undefined) return { kind: 'invalid' };
  if (new RegExp(mark).test(whole) && !new RegExp(`^\\d{1,3}(${mark}\\d{3})+$`).test(whole))
    return { kind: 'invalid' };
  const digits = whole.replace(new RegExp(mark, 'g'), '') || '0';
  const value = fraction === undefined ? digits : `${digits}.${fraction}`;
  if (!CREDITS_TEXT.test(value)) return { kind: 'invalid' };
  return { kind: 'amount', value: normalizeCredits(value) };
}

/** "007.50" as "7.5": one way to write each amount, so the same limit is always the same text. */
function normalizeCredits(value: string): string {
  const [whole, fraction = ''] = value.split('.');
  const w = whole!.replace(/^0+(?=\d)/, '');
  const f = fraction.replace(/0+$/, '');
  return f === '' ? w : `${w}.${f}`;
}

/** A kept amount as the field shows it for editing: the locale's decimal separator, no grouping. */
export function creditsForInput(value: string | null | undefined, locale: string): string {
  if (value === null || value === undefined) return '';
  return value.replace('.', separators(locale).decimal);
}
