// Words as conversation search keeps them: case and accent folding, the query as an FTS5 expression, snippets.
import type { HitRange } from '../../../shared/types';

const SNIPPET_BEFORE = 40;
const SNIPPET_AFTER = 80;

interface Word {
  start: number;
  end: number;
  text: string;
}

// A word: letters and digits with their combining marks (a decomposed é or й stays one word).
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
const MARKS = /\p{M}/gu;
const ASCII = /^[\x20-\x7e]*$/;
const FOLDED_MAX = 100_000;
const folded = new Map<string, string>();

/**
 * One word as the index keeps it: compatibility-decomposed (NFKD), lower-cased, accents and
 * other combining marks dropped, so é = e and ё = е. Only й keeps its breve: in Russian it is a
 * letter of its own (мой is not мои), and people type it as such.
 */
export function normalizeWord(word: string): string {
  // Plain ASCII needs only lower-casing; other words are few and repeat, so they are remembered.
  if (ASCII.test(word)) return word.toLowerCase();
  const known = folded.get(word);
  if (known !== undefined) return known;
  const result = word
    .normalize('NFKD')
    .replace(/([иИ])\u0306/g, (_, i: string) => (i === 'и' ? 'й' : 'Й'))
    .replace(MARKS, '')
    .toLowerCase();
  if (folded.size >= FOLDED_MAX) folded.clear();
  folded.set(word, result);
  return result;
}

function* eachWord(text: string): Generator<Word> {
  for (const match of text.matchAll(WORD))
    yield { start: match.index, end: match.index + match[0].length, text: match[0] };
}

export function wordsOf(text: string): Word[] {
  return [...eachWord(text)];
}

/** The first word that `test` accepts, reading no further than it. */
function firstWordWhere(text: string, test: (word: Word) => boolean): Word | undefined {
  for (const word of eachWord(text)) if (test(word)) return word;
  return undefined;
}

/** Plain text around the first matched word, whitespace collapsed, with the matched words' ranges. */
export function snippetOf(
  text: string,
  matched: ReadonlySet<string> | ((normalized: string) => boolean),
  whole = false,
): { snippet: string; ranges: HitRange[] } {
  const test = typeof matched === 'function' ? matched : (word: string) => matched.has(word);
  const isMatch = (w: Word) => test(normalizeWord(w.text));
  let snippet: string;
  if (whole) snippet = text.replace(/\s+/g, ' ').trim();
  else {
    const first = firstWordWhere(text, isMatch);
    const at = first?.start ?? 0;
    const atEnd = first?.end ?? 0;
    let start = Math.max(0, at - SNIPPET_BEFORE);
    let end = Math.min(text.length, atEnd + SNIPPET_AFTER);
    // Never start or stop inside a word.
    if (start > 0 && /\S/.test(text[start - 1] ?? '')) {
      const space = text.slice(start, at).search(/\s/);
      start = space < 0 ? at : start + space + 1;
    }
    if (end < text.length && /\S/.test(text[end] ?? '')) {
      const space = text.slice(atEnd, end).search(/\s\S*$/);
      end = space < 0 ? atEnd : atEnd + space;
    }
    const body = text.slice(start, end).replace(/\s+/g, ' ').trim();
    snippet = (start > 0 ? '…' : '') + body + (end < text.length ? '…' : '');
  }
  const ranges = wordsOf(snippet)
    .filter(isMatch)
    .map((w) => ({ start: w.start, end: w.end }));
  return { snippet, ranges };
}

/** The words of a text as the index keeps them, separated by spaces. */
export function indexedWords(text: string): string {
  let out = '';
  for (const match of text.matchAll(WORD)) {
    const word = normalizeWord(match[0]);
    if (word !== '') out += out === '' ? word : ` ${word}`;
  }
  return out;
}

/**
 * The query as an FTS5 expression: each folded word quoted as a string (so `"a" OR b*` or
 * `NEAR(` are words, never syntax), all required; the last one a prefix from two letters.
 * Null when no word is left. `matches` tells whether a folded word of a text is one of them.
 */
export function parseQuery(
  query: string,
): { match: string; matches: (normalized: string) => boolean } | null {
  const words = wordsOf(query)
    .map((w) => normalizeWord(w.text))
    .filter((w) => w !== '');
  if (words.length === 0) return null;
  const last = words.length - 1;
  const prefix = words[last]!.length >= 2;
  const match = words
    .map((w, i) => `"${w.replaceAll('"', '""')}"${i === last && prefix ? '*' : ''}`)
    .join(' ');
  const whole = new Set(prefix ? words.slice(0, last) : words);
  const start = prefix ? words[last]! : null;
  return {
    match,
    matches: (w) => whole.has(w) || (start !== null && w.startsWith(start)),
  };
}
