// The spending ledger as CSV (RFC 4180: a header row, CRLF lines, quoted fields, decimal points).
import type { SpendEntry } from '../../../../shared/spending';

export const SPENDING_CSV_HEADER = [
  'id',
  'time',
  'feature',
  'model',
  'conversation',
  'conversation_title',
  'item',
  'prompt_tokens',
  'completion_tokens',
  'images',
  'seconds',
  'characters',
  'pages',
  'estimate',
  'charge',
  'reported',
  'observed',
  'refunded',
  'demo',
] as const;

/**
 * One field: quoted when it holds a comma, a quote or a line break (quotes doubled). Text that a
 * spreadsheet would run as a formula (=, +, -, @ first: a conversation's title, a model's id) is
 * kept as text by a leading apostrophe.
 */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(fields: readonly (string | number | boolean | null | undefined)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** An entry's line; `title` is its conversation's title when it has one. */
export function entryLine(entry: SpendEntry, title: string | undefined): string {
  const u = entry.units;
  return csvLine([
    entry.id,
    new Date(entry.at).toISOString(),
    entry.feature,
    entry.model,
    entry.conversationId,
    title,
    entry.itemId,
    u.promptTokens,
    u.completionTokens,
    u.images,
    u.seconds,
    u.characters,
    u.pages,
    entry.estimate,
    entry.charge,
    entry.reported,
    entry.observed,
    entry.refunded === true,
    entry.demo,
  ]);
}
