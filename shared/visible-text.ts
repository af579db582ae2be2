// Text from outside made visible before a person approves or reads it: line breaks, control, format and
// direction characters named, long runs of spaces counted, long values cut with a marker.

/** A run of this many plain spaces or more is shown as its count ("⟨8000 spaces⟩"). */
export const VISIBLE_SPACE_RUN = 5;

/** What a value is cut to by default (its start and its end are kept). */
export const VISIBLE_MAX_CHARS = 300;

const ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

/**
 * One piece each: a backslash or a character with an escape, a run of spaces, a character that
 * moves, hides or breaks what is shown (controls, format and direction marks, line and paragraph
 * separators, lone surrogates, spaces other than the plain one), or any other character.
 */
const PIECE = new RegExp(
  `[\\\\\\n\\r\\t]| {${VISIBLE_SPACE_RUN},}|[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\p{Cs}]|(?! )\\p{Zs}|[^]`,
  'gu',
);

function codePoint(char: string): string {
  return `⟨U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

function pieceOf(match: string): string {
  const escaped = ESCAPES[match];
  if (escaped !== undefined) return escaped;
  if (match.length >= VISIBLE_SPACE_RUN && match.trim() === '') return `⟨${match.length} spaces⟩`;
  if (/^[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Zs}]$/u.test(match) && match !== ' ')
    return codePoint(match);
  return match;
}

/**
 * `text` as a person should see it: a backslash doubled, \n \r \t written so, every other control,
 * format or direction character and unusual space named by its code point (⟨U+202E⟩), runs of
 * spaces counted, and past `maxChars` its middle cut with a marker ("⟨7,712 characters cut⟩")
 * that never splits a named character. What is shown is unambiguous: nothing reorders or hides it.
 */
export function visibleText(text: string, maxChars = VISIBLE_MAX_CHARS): string {
  const pieces = Array.from(text.matchAll(PIECE), (m) => pieceOf(m[0]));
  const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
  if (total <= maxChars) return pieces.join('');
  // Two thirds of the room for the start, one third for the end, where a payload likes to hide.
  const headRoom = Math.ceil((maxChars * 2) / 3);
  const tailRoom = maxChars - headRoom;
  let head = 0;
  let headLength = 0;
  while (head < pieces.length && headLength + pieces[head]!.length <= headRoom)
    headLength += pieces[head++]!.length;
  let tail = pieces.length;
  let tailLength = 0;
  while (tail > head && tailLength + pieces[tail - 1]!.length <= tailRoom)
    tailLength += pieces[--tail]!.length;
  const cut = total - headLength - tailLength;
  return `${pieces.slice(0, head).join('')}⟨${cut.toLocaleString('en-US')} characters cut⟩${pieces.slice(tail).join('')}`;
}

/** Whether `text` holds a line break, a control, format or direction character, or a lone surrogate. */
export function hasHiddenCharacters(text: string): boolean {
  return /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u.test(text);
}
