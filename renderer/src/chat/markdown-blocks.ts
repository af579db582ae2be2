// Splits markdown into independent blocks, incrementally, so a streamed answer re-parses only its tail.

/** One finished block: its text and a stable key (position + content hash) for memoized rendering. */
export interface MarkdownBlock {
  text: string;
  key: string;
}

/**
 * The splitter's memory between two calls. Everything before `scanPos` has been read line by line;
 * the open block starts at `tailStart`. The scanner never ends a block inside a fence or a $$ block,
 * so resuming from `scanPos` with this state gives the same result as rescanning from the start.
 */
export interface BlockSplitState {
  readonly source: string;
  readonly blocks: readonly MarkdownBlock[];
  readonly tailStart: number;
  readonly scanPos: number;
  /** The open code fence's marker (e.g. "```" or "~~~~"), or null. */
  readonly fence: string | null;
  readonly inMath: boolean;
  /** Whether the open block has any non-blank line yet. */
  readonly hasContent: boolean;
  readonly sawBlank: boolean;
  readonly blockIsList: boolean;
  /** End of the open block's last non-blank line (its text ends there). */
  readonly contentEnd: number;
}

export const emptyBlockSplit: BlockSplitState = {
  source: '',
  blocks: [],
  tailStart: 0,
  scanPos: 0,
  fence: null,
  inMath: false,
  hasContent: false,
  sawBlank: false,
  blockIsList: false,
  contentEnd: 0,
};

const FENCE_OPEN = /^[ \t]*(`{3,}|~{3,})(.*)$/;
const LIST_ITEM = /^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
const INDENTED = /^[ \t]/;

/** FNV-1a over UTF-16 code units: cheap, stable, good enough to tell blocks apart. */
export function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

function isBlank(line: string): boolean {
  return line.trim() === '';
}

function closesFence(line: string, fence: string): boolean {
  const trimmed = line.trim();
  if (trimmed.length < fence.length) return false;
  const marker = fence.charAt(0);
  for (let i = 0; i < trimmed.length; i++) if (trimmed.charAt(i) !== marker) return false;
  return true;
}

function opensFence(line: string): string | null {
  const match = FENCE_OPEN.exec(line);
  if (!match) return null;
  const marker = match[1] ?? '';
  // A backtick fence's info string may not contain backticks (CommonMark), else it is inline code.
  if (marker.startsWith('`') && (match[2] ?? '').includes('`')) return null;
  return marker;
}

/** "$$" alone (or "$$ x" without a closing "$$") opens a display-math block. */
function opensMath(line: string): boolean {
  const trimmed = line.trim();
  if (!trimmed.startsWith('$$')) return false;
  return !(trimmed.length > 2 && trimmed.endsWith('$$') && trimmed.length >= 4);
}

function closesMath(line: string): boolean {
  return line.trim().endsWith('$$');
}

/** How much of the old text's start and end must reappear for new text to count as its continuation. */
const SEAM = 64;

/**
 * Whether `source` is `previous` with text appended. A stream only ever appends, so comparing the
 * start and the seam keeps each chunk's cost independent of the answer's length; a text that was
 * replaced (an edit, another answer) differs at one of them.
 */
function continues(source: string, previous: string): boolean {
  const n = previous.length;
  if (source.length < n) return false;
  if (n <= 2 * SEAM) return source.startsWith(previous);
  return (
    source.startsWith(previous.slice(0, SEAM)) &&
    source.startsWith(previous.slice(n - SEAM), n - SEAM)
  );
}

/**
 * Reads the complete lines of `source` that the state has not seen yet. `source` must extend
 * `state.source`; otherwise the split starts over.
 */
export function advanceBlockSplit(state: BlockSplitState, source: string): BlockSplitState {
  if (!continues(source, state.source)) state = emptyBlockSplit;
  else if (source.length === state.source.length) return state;

  let { tailStart, fence, inMath, hasContent, sawBlank, blockIsList, contentEnd } = state;
  let blocks = state.blocks as MarkdownBlock[];
  let copied = false;
  let pos = state.scanPos;

  for (;;) {
    const newline = source.indexOf('\n', pos);
    if (newline < 0) break;
    const lineStart = pos;
    const lineEnd =
      newline > lineStart && source.charCodeAt(newline - 1) === 13 ? newline - 1 : newline;
    const line = source.slice(lineStart, lineEnd);
    pos = newline + 1;

    if (fence !== null) {
      if (closesFence(line, fence)) fence = null;
      contentEnd = lineEnd;
      continue;
    }
    if (inMath) {
      if (closesMath(line)) inMath = false;
      contentEnd = lineEnd;
      continue;
    }
    if (isBlank(line)) {
      if (hasContent) sawBlank = true;
      else tailStart = pos;
      continue;
    }
    const continuesList = blockIsList && (LIST_ITEM.test(line) || INDENTED.test(line));
    if (hasContent && sawBlank && !continuesList) {
      if (!copied) {
        blocks = blocks.slice();
        copied = true;
      }
      const text = source.slice(tailStart, contentEnd);
      blocks.push({ text, key: `${blocks.length}:${hashText(text)}` });
      tailStart = lineStart;
      hasContent = false;
    }
    if (!hasContent) blockIsList = LIST_ITEM.test(line);
    hasContent = true;
    sawBlank = false;
    contentEnd = lineEnd;
    const opened = opensFence(line);
    if (opened !== null) fence = opened;
    else if (opensMath(line)) inMath = true;
  }

  return {
    source,
    blocks,
    tailStart,
    scanPos: pos,
    fence,
    inMath,
    hasContent,
    sawBlank,
    blockIsList,
    contentEnd,
  };
}

/** The open (last, possibly still growing) block's text; '' when it is only whitespace. */
export function tailText(state: BlockSplitState): string {
  const tail = state.source.slice(state.tailStart);
  return tail.trim() === '' ? '' : tail.replace(/\s+$/, '');
}

/**
 * The state once the text is final: its last line counts as complete, so a last line that starts
 * a new block completes the one before. Earlier blocks keep their keys.
 */
export function finishBlockSplit(state: BlockSplitState): BlockSplitState {
  const finished = advanceBlockSplit(state, state.source + '\n');
  return { ...finished, source: state.source };
}

/** Every block of a finished text, the last one included. */
export function splitMarkdownBlocks(source: string): string[] {
  const state = finishBlockSplit(advanceBlockSplit(emptyBlockSplit, source));
  const texts = state.blocks.map((block) => block.text);
  const tail = tailText(state);
  if (tail !== '') texts.push(tail);
  return texts;
}

/** A streamed code block that is still open: its language and the code so far. */
export interface OpenCodeFence {
  language: string;
  code: string;
}

const OPEN_FENCE = /^(`{3,}|~{3,})[ \t]*([\w+#.-]*)[^\n]*$/;

/**
 * When `text` is exactly one fenced code block whose fence is not closed yet, as the open block of
 * a streamed answer often is, its code: everything after the opening line, as markdown reads it.
 * Returns null for anything markdown could read differently (an indented fence, a closing line,
 * an info string with escapes, CR line ends), so those still go through the markdown parser.
 */
export function openCodeFence(text: string): OpenCodeFence | null {
  if (text.includes('\r')) return null;
  const newline = text.indexOf('\n');
  const opener = newline < 0 ? text : text.slice(0, newline);
  const match = OPEN_FENCE.exec(opener);
  if (!match) return null;
  const fence = match[1] ?? '';
  const info = opener.slice(fence.length).trim();
  const language = match[2] ?? '';
  // The language must be the whole first word of the info string, and a backtick fence's info
  // may hold no backticks (else the line is inline code, not a fence).
  if (info !== '' && info.split(/[ \t]/, 1)[0] !== language) return null;
  if (fence.startsWith('`') && info.includes('`')) return null;
  if (language === 'math') return null;
  if (newline < 0) return { language, code: '' };
  const code = text.slice(newline + 1);
  for (const line of code.split('\n')) if (closesFence(line, fence)) return null;
  return { language, code };
}

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

/**
 * Whether a line still being written, after a blank line that follows a list, can no longer
 * continue the list: once it ends, the splitter (advanceBlockSplit) will read it as a block of its
 * own, for it is neither indented nor a list item. Undecided ("", "1", "1.", "-") reads as false.
 */
function cannotContinueList(line: string): boolean {
  const first = line.charAt(0);
  if (first === '' || first === ' ' || first === '\t') return false;
  const spaceAt = (i: number) => i < line.length && (line[i] === ' ' || line[i] === '\t');
  if ('-*+'.includes(first)) return line.length > 1 && !spaceAt(1);
  const digits = /^\d*/.exec(line)![0].length;
  if (digits === 0 || digits > 9) return true;
  if (digits === line.length) return false;
  if (!'.)'.includes(line.charAt(digits))) return true;
  return line.length > digits + 1 && !spaceAt(digits + 1);
}

/**
 * Where a growing block has already ended: its last line, still being written, follows a blank
 * line and can no longer continue a list, nor so any other block. A model writes a paragraph as
 * one line, so the splitter keeps a long paragraph after a list with the list until it ends; this
 * tells them apart as soon as its first characters arrive. Returns where the block's text ends and
 * where the next block starts, or null.
 */
export function blockMovedOn(text: string): { end: number; next: number } | null {
  const lineStart = text.lastIndexOf('\n') + 1;
  if (lineStart === 0 || !cannotContinueList(text.slice(lineStart))) return null;
  // Back over the blank lines before it (read per update: from the end, not over the whole list).
  let end = lineStart - 1;
  let lineEnds = 0;
  for (let i = lineStart - 1; i >= 0 && ' \t\n'.includes(text.charAt(i)); i--)
    if (text.charAt(i) === '\n') {
      end = i;
      lineEnds += 1;
    }
  return lineEnds >= 2 ? { end, next: lineStart } : null;
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
