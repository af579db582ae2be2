// Cuts a long growing block of a streamed answer into pieces, so each update parses only the open one.

/**
 * The growing block is parsed again on every update, so a long one (a big list, a paragraph of
 * several pages) makes each update cost more than the last. Past this many characters of open
 * text, the part before a safe cut is frozen into a piece that is parsed once.
 */
export const OPEN_PART_LIMIT = 1500;

/** A piece shorter than this is not worth a cut of its own. */
const MIN_PIECE = 300;

/**
 * A long growing block cut into pieces: `cuts` are offsets into its text, ascending. Each piece
 * ends where nothing inline is left open (no code span, formula, emphasis, link or tag), so it
 * renders on its own as it would inside the whole. `text` is the text the cuts were found in.
 */
export interface TailPieces {
  readonly kind: 'paragraph' | 'list' | 'table';
  readonly text: string;
  readonly cuts: readonly number[];
}

/** The marker family of a top-level list item ("-", "*", "+", "." or ")"), or null. */
function listFamily(line: string): string | null {
  const match = /^(?:([-*+])|\d{1,9}([.)]))(?:[ \t]|$)/.exec(line);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/**
 * A line that would make a paragraph something else, or end it: a heading, quote, fence, math
 * block, HTML, list item, table row, thematic break or setext underline.
 */
const PARAGRAPH_BREAK =
  /^ {0,3}(?:#{1,6}(?:[ \t]|$)|>|`{3}|~{3}|\$\$|<|\||[-*+](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|(?:=+|-+)[ \t]*$|[-*_][ \t]*[-*_][ \t]*[-*_])/;

function isSpace(code: number): boolean {
  return Number.isNaN(code) || code === 32 || code === 9 || code === 10 || code === 13;
}

function isWordChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

const LIST_MARKER = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]/;

/**
 * What is open in a stretch of inline markdown, counted character by character. A stretch is
 * balanced when nothing is: a cut there cannot split a code span, a formula, emphasis, a link or a
 * tag. The count errs towards "open" (a lone "*" between words counts), which only means fewer cuts.
 */
class InlineBalance {
  /** Delimiter runs seen, by character: "`", "$", "*", "_" and "~". */
  private readonly runs = new Map<number, number>();
  private brackets = 0;
  private inDestination = false;
  private inTag = false;

  /** Reads the character at `i`; returns how many more characters it consumed (an escape, a run). */
  read(text: string, i: number): number {
    const code = text.charCodeAt(i);
    switch (code) {
      case 92: // a backslash escapes the next character (a line end stays a line end)
        return text.charCodeAt(i + 1) === 10 ? 0 : 1;
      case 96: // `
      case 36: // $
      case 42: // *
      case 95: // _
      case 126: {
        // ~: a run of the same character opens or closes as one ("**", "``", "~~", "$$")
        let end = i + 1;
        while (text.charCodeAt(end) === code) end++;
        const before = text.charCodeAt(i - 1);
        const after = text.charCodeAt(end);
        const delimits =
          code === 95
            ? !(isWordChar(before) && isWordChar(after)) // "_" inside a word is a letter
            : code === 96 || code === 36 || !(isSpace(before) && isSpace(after));
        if (delimits) this.runs.set(code, (this.runs.get(code) ?? 0) + 1);
        return end - i - 1;
      }
      case 91:
        this.brackets++;
        break;
      case 93:
        this.brackets--;
        if (text.charCodeAt(i + 1) === 40) this.inDestination = true;
        break;
      case 41:
        this.inDestination = false;
        break;
      case 60: // "<" opens a tag or an autolink only before a letter, "/" or "!"
        if (/[A-Za-z/!]/.test(text.charAt(i + 1))) this.inTag = true;
        break;
      case 62:
        this.inTag = false;
        break;
    }
    return 0;
  }

  get balanced(): boolean {
    for (const count of this.runs.values()) if (count % 2 !== 0) return false;
    return this.brackets === 0 && !this.inDestination && !this.inTag;
  }
}

/** A table's delimiter row ("| --- | :-: |"), the line that makes the line above a table's head. */
const TABLE_DELIMITER = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

/**
 * A table's head (its first line and the delimiter row, with the line end after them), or null
 * when `text` does not start as a table. Each piece of a table after the first is parsed with it.
 */
export function tableHead(text: string): string | null {
  const first = text.indexOf('\n');
  if (first < 0 || !text.slice(0, first).includes('|')) return null;
  const second = text.indexOf('\n', first + 1);
  if (second < 0 || !TABLE_DELIMITER.test(text.slice(first + 1, second))) return null;
  return text.slice(0, second + 1);
}

/** The kind of growing block that may be cut, read from its first lines. */
function pieceKind(text: string): TailPieces['kind'] | null {
  const newline = text.indexOf('\n');
  const firstLine = newline < 0 ? text : text.slice(0, newline);
  if (tableHead(text) !== null) return 'table';
  if (listFamily(firstLine) !== null) return 'list';
  if (!PARAGRAPH_BREAK.test(firstLine) && !/^[ \t]/.test(firstLine)) return 'paragraph';
  return null;
}

/** The last row of a table after `from` (and after its head) that a piece may start with. */
function lastTableCut(text: string, from: number): number {
  let cut = -1;
  let lineStart = Math.max(from, tableHead(text)?.length ?? text.length);
  while (lineStart < text.length) {
    const lineEnd = text.indexOf('\n', lineStart);
    const line = text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd);
    // A row is one line, so no inline markup spans two; a blank line ends the table.
    if (line.trim() === '') break;
    if (lineStart > from) cut = lineStart;
    if (lineEnd < 0) break;
    lineStart = lineEnd + 1;
  }
  return cut;
}

/**
 * The last place after `from` where `text` may be cut: for a paragraph, after a sentence's end or
 * a line end; for a list, before a top-level item of the same kind; for a table, before a row. For
 * the first two, only where all since `from` is balanced, and (for a paragraph) before any line
 * that could make it something else.
 */
function lastCut(text: string, from: number, kind: TailPieces['kind']): number {
  if (kind === 'table') return lastTableCut(text, from);
  const family = kind === 'list' ? listFamily(text) : null;
  const balance = new InlineBalance();
  let cut = -1;
  let cutBeforeLineEnd = -1;
  let lineStart = from;
  for (let i = from; i < text.length; i++) {
    if (i === lineStart) {
      const lineEnd = text.indexOf('\n', i);
      const line = text.slice(i, lineEnd < 0 ? text.length : lineEnd);
      // A blank line ends the paragraph, and a break line makes it something else (the line
      // before may be a setext heading's text): no cut reaches past the line end before either,
      // so what follows stays with the open piece, which shows it as its own block.
      if (i > from && kind === 'paragraph' && (line.trim() === '' || PARAGRAPH_BREAK.test(line))) {
        if (cut === i) cut = cutBeforeLineEnd;
        break;
      }
      if (kind === 'list') {
        if (i > from && listFamily(line) === family && balance.balanced) cut = i;
        // An item's own marker is not emphasis.
        const marker = LIST_MARKER.exec(line);
        if (marker) i += marker[0].length;
        if (i >= text.length) break;
      }
    }
    const code = text.charCodeAt(i);
    if (code === 10) {
      lineStart = i + 1;
      cutBeforeLineEnd = cut;
      if (kind === 'paragraph' && balance.balanced) cut = i + 1;
    } else if (
      code === 32 &&
      kind === 'paragraph' &&
      /[.?!]/.test(text.charAt(i - 1)) &&
      balance.balanced
    ) {
      cut = i + 1;
    } else {
      i += balance.read(text, i);
    }
  }
  return cut;
}

/**
 * Where the growing block `text` may be cut, given the cuts found in its earlier text. Returns
 * `previous` itself while no new cut is due, and null while there is none: a short block, or one
 * that is not cut (a heading, quote, code or math: short, or handled elsewhere).
 */
export function advanceTailPieces(text: string, previous: TailPieces | null): TailPieces | null {
  const from = previous?.cuts[previous.cuts.length - 1] ?? 0;
  if (previous && (from === 0 || !text.startsWith(previous.text.slice(0, from)))) previous = null;
  const start = previous ? from : 0;
  if (text.length - start <= OPEN_PART_LIMIT) return previous;
  const kind = previous?.kind ?? pieceKind(text);
  if (!kind) return null;
  const cut = lastCut(text, start, kind);
  if (cut - start < MIN_PIECE || cut >= text.length) return previous;
  return { kind, text, cuts: [...(previous?.cuts ?? []), cut] };
}

/** The pieces of `text` by `state`'s cuts: frozen ones first, the open one last (maybe ''). */
export function tailPieceTexts(text: string, state: TailPieces): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (const cut of state.cuts) {
    pieces.push(text.slice(start, cut));
    start = cut;
  }
  pieces.push(text.slice(start));
  return pieces;
}
