// A search snippet cut into plain and highlighted parts by the ranges core found; never markup.
import type { HitRange } from '../../../shared/types';

export interface TextPart {
  text: string;
  marked: boolean;
}

/** The snippet in order, each range marked; ranges out of bounds, empty or overlapping are skipped. */
export function highlightParts(text: string, ranges: readonly HitRange[] | undefined): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  const sorted = [...(ranges ?? [])].sort((a, b) => a.start - b.start);
  for (const { start, end } of sorted) {
    if (!Number.isInteger(start) || !Number.isInteger(end)) continue;
    if (start < at || end <= start || end > text.length) continue;
    if (start > at) parts.push({ text: text.slice(at, start), marked: false });
    parts.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return parts;
}
