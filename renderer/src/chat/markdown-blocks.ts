// Splits markdown into independent blocks, incrementally, so a streamed answer re-parses only its tail.

// The tail pieces are read through this module too: the bench's whole-tail build swaps it (bench/vite.config.ts).
export { advanceTailPieces, OPEN_PART_LIMIT, tableHead, tailPieceTexts } from './tail-pieces';
export type { TailPieces } from './tail-pieces';

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
