// The "/" of the Message box: where a slash query stands before the caret, which saved prompts it matches, and the text once a prompt takes its place.
import type { Prompt } from '../../../shared/prompts';

/** A `/query` typed at the start of the text or after a space, ending at the caret. */
export interface SlashQuery {
  /** Where the slash is. */
  start: number;
  /** The caret: the query is the text between. */
  end: number;
  query: string;
}

/** The longest query the menu stays open for: beyond it the slash is taken for plain text. */
const QUERY_MAX = 40;

/**
 * The slash query the caret ends, or null: the slash begins the text or follows white space, and
 * nothing between it and the caret is white space.
 */
export function slashQueryAt(text: string, caret: number): SlashQuery | null {
  if (caret < 1 || caret > text.length) return null;
  const before = text.slice(0, caret);
  const match = /(?:^|\s)\/([^\s/]*)$/u.exec(before);
  if (!match || match[1]!.length > QUERY_MAX) return null;
  const query = match[1]!;
  return { start: caret - query.length - 1, end: caret, query };
}

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/**
 * The prompts whose name holds the query (case and accents aside): those whose name starts with it
 * first, then those with a word that does, then the rest, each group in the list's order.
 */
export function matchingPrompts(prompts: readonly Prompt[], query: string): Prompt[] {
  const q = fold(query);
  if (q === '') return [...prompts];
  const rank = (p: Prompt): number => {
    const name = fold(p.name);
    if (name.startsWith(q)) return 0;
    if (name.split(/[\s\-_]+/u).some((word) => word.startsWith(q))) return 1;
    return name.includes(q) ? 2 : 3;
  };
  return prompts
    .map((p, i) => ({ p, i, r: rank(p) }))
    .filter((x) => x.r < 3)
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.p);
}

/** The text with `/query` replaced by `insert`, and where the caret goes (after it). */
export function replaceSlash(
  text: string,
  slash: Pick<SlashQuery, 'start' | 'end'>,
  insert: string,
): { text: string; caret: number } {
  return {
    text: text.slice(0, slash.start) + insert + text.slice(slash.end),
    caret: slash.start + insert.length,
  };
}
