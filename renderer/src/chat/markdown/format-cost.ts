// What formatting one block of an answer would cost the markdown parser, read in one linear pass.
import {
  FINISHED_BLOCK_BUDGET,
  FORMAT_COST_WEIGHTS,
  GROWING_BLOCK_BUDGET,
  MAX_NESTING,
  MAX_TABLE_COLUMNS,
  QUADRATIC_BUDGET,
} from './bounds';
import { scanInline, type InlineCost } from './inline-cost';

/**
 * The parser (micromark, with GFM and math) is linear on ordinary markdown, but several of its
 * steps walk back or scan ahead over the text, and on some inputs those walks make it quadratic:
 * each closing `*` or `_` walks back to its opener (to the paragraph's start when there is none),
 * each `]` walks back to a `[`, every word after an unclosed `[` walks back to it (GFM's literal
 * links), each backtick or `$` run scans ahead for its closing run, each `<` for its end. Nesting
 * and tables have costs of their own. This pass measures what drives each of those, so a block
 * that would take seconds is recognised in microseconds (see bounds.ts).
 *
 * The estimate errs towards "costly": where it cannot tell what the parser will make of a stretch
 * (inside a possible HTML tag, link destination or literal link, after an escape) a delimiter
 * there may still close but never opens, so no walk is counted shorter than the parser's.
 */
export interface FormatCost extends InlineCost {
  /** Characters outside fenced code and display math. */
  text: number;
  /** Characters of the whole block. */
  chars: number;
  /** The deepest nesting of quotes and list items, over-estimated from the lines' prefixes. */
  depth: number;
  /** The most cells in a table row, and the cells of all tables. */
  columns: number;
  cells: number;
  /** Lines of text outside code, each counted once and once more per quote or list around it. */
  lines: number;
}

/** The prefix of a line that puts it inside quotes and list items, read as the parser would. */
interface LinePrefix {
  /** Where the line's own content starts, and where its first list marker does (or its content). */
  content: number;
  firstMarker: number;
  quotes: number;
  markers: number;
  /** Columns of space in the whole prefix. */
  spaces: number;
  /** Columns of space before the first quote or list marker. */
  lead: number;
  /** Columns of space between the prefix and the content. */
  indent: number;
  /** The column the content of the line's last list item starts at. */
  itemContent: number;
  /** "." or ")" when the last marker is an ordered item's, and whether it is item 1. */
  orderedDelimiter: string;
  first: boolean;
}

const LIST_MARKER = /^(?:[-*+]|(\d{1,9})[.)])(?=[ \t]|$)/;

/** Reads every quote and list marker at the line's start, however indented (nesting is over-estimated). */
function readPrefix(line: string, offset: number): LinePrefix {
  const prefix: LinePrefix = {
    content: offset,
    firstMarker: -1,
    quotes: 0,
    markers: 0,
    spaces: 0,
    lead: 0,
    indent: 0,
    itemContent: 0,
    orderedDelimiter: '',
    first: false,
  };
  let i = 0;
  let column = 0;
  for (;;) {
    let space = 0;
    while (i < line.length && (line[i] === ' ' || line[i] === '\t')) {
      const width = line[i] === '\t' ? 4 - (column % 4) : 1;
      space += width;
      column += width;
      i++;
    }
    prefix.spaces += space;
    if (prefix.quotes === 0 && prefix.markers === 0) prefix.lead = space;
    prefix.indent = space;
    if (line[i] === '>') {
      prefix.quotes++;
      i++;
      column++;
      if (line[i] === ' ') {
        i++;
        column++;
      }
      continue;
    }
    const marker = LIST_MARKER.exec(line.slice(i, i + 11));
    if (!marker) break;
    if (prefix.markers === 0) prefix.firstMarker = offset + i;
    prefix.markers++;
    prefix.orderedDelimiter = marker[1] === undefined ? '' : marker[0].slice(-1);
    prefix.first = marker[1] !== undefined && Number(marker[1]) === 1;
    i += marker[0].length;
    column += marker[0].length;
    prefix.itemContent = column + 1;
  }
  prefix.content = offset + i;
  if (prefix.firstMarker < 0) prefix.firstMarker = prefix.content;
  return prefix;
}

const FENCE = /^(`{3,}|~{3,}|\${2,})(.*)$/;
const HEADING = /^#{1,6}(?:[ \t]|$)/;
const BREAK_LINE = /^(?:(?:[-*_][ \t]*){3,}|=+[ \t]*|-+[ \t]*)$/;
const TABLE_DELIMITER = /^\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

/** The fence a line opens (its marker), or null: a backtick or dollar fence holds none of its own marker after it. */
function opensFence(content: string): string | null {
  const match = FENCE.exec(content);
  if (!match) return null;
  const marker = match[1]!;
  if (marker.charAt(0) !== '~' && match[2]!.includes(marker.charAt(0))) return null;
  return marker;
}

function closesFence(content: string, fence: string): boolean {
  const trimmed = content.trim();
  if (trimmed.length < fence.length) return false;
  for (let i = 0; i < trimmed.length; i++) if (trimmed[i] !== fence[0]) return false;
  return true;
}

/** Cells of a table row: its pipes that are not escaped, less its outer ones. */
function cellsOf(line: string): number {
  const trimmed = line.trim();
  let pipes = 0;
  for (let i = 0; i < trimmed.length; i++) {
    if (trimmed.charCodeAt(i) === 92) i++;
    else if (trimmed.charCodeAt(i) === 124) pipes++;
  }
  const outer = (trimmed.startsWith('|') ? 1 : 0) + (trimmed.endsWith('|') ? 1 : 0);
  return Math.max(1, pipes + 1 - outer);
}

/**
 * What formatting `text` (one block of an answer) would cost; see FormatCost. The block is read
 * line by line into stretches of inline text (a paragraph, a list item's text, a heading, a table
 * row) and each is scanned on its own, as the parser reads them; code is skipped. Where the lines
 * do not say for sure where one stretch ends, they are read as one, which only costs more.
 */
export function formatCost(text: string): FormatCost {
  const cost: FormatCost = {
    text: 0,
    chars: text.length,
    depth: 0,
    columns: 0,
    cells: 0,
    marks: 0,
    words: 0,
    lines: 0,
    formulas: 0,
    walks: 0,
    spans: 0,
  };
  // Each reference is looked up among the block's definitions ("[a]: …", "[^a]: …").
  let definitions = 0;
  for (let at = text.indexOf(']:'); at >= 0; at = text.indexOf(']:', at + 2)) definitions++;

  const segments: number[] = [];
  let segmentStart = -1;
  let segmentEnd = -1;
  const endSegment = () => {
    if (segmentStart >= 0) segments.push(segmentStart, segmentEnd);
    segmentStart = -1;
  };
  // The open fence's marker, and the quotes and the column its lines are inside.
  let fence: string | null = null;
  let fenceQuotes = 0;
  let fenceColumn = 0;
  // Content columns of the open list items, innermost last.
  const items: number[] = [];
  let listDelimiter = '';
  let table = false;
  let previous: { content: number; end: number } | null = null;

  for (let lineStart = 0; lineStart <= text.length;) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? text.length : newline;
    const nextLine = lineEnd + 1;
    const prefix = readPrefix(text.slice(lineStart, lineEnd), lineStart);
    let content = text.slice(prefix.content, lineEnd);

    // A fence ends at its closing line, or where the quote or list item it is in ends.
    if (
      fence !== null &&
      content.trim() !== '' &&
      (prefix.quotes < fenceQuotes || (fenceQuotes === 0 && prefix.lead < fenceColumn))
    )
      fence = null;
    if (fence !== null) {
      // Code: only its nesting counts (its own indentation is not nesting).
      cost.depth = Math.max(cost.depth, prefix.quotes + prefix.markers);
      if (closesFence(content, fence)) fence = null;
      lineStart = nextLine;
      continue;
    }
    cost.depth = Math.max(
      cost.depth,
      prefix.quotes + prefix.markers + Math.floor(prefix.spaces / 2),
    );
    cost.text += nextLine - lineStart;
    cost.lines += 1 + prefix.quotes + prefix.markers + Math.floor(prefix.spaces / 2);
    const blank = content.trim() === '';
    if (blank && prefix.markers === 0) {
      endSegment();
      table = false;
      previous = null;
      lineStart = nextLine;
      continue;
    }
    // A marker starts a list item only where the item it would continue lets it (less than four
    // columns in); otherwise the line is text of the item or paragraph before.
    if (prefix.quotes === 0)
      while (items.length > 0 && items[items.length - 1]! > prefix.lead) items.pop();
    const inItem = prefix.quotes === 0 ? (items[items.length - 1] ?? 0) : 0;
    const leadIndent = (prefix.quotes === 0 ? prefix.lead : prefix.indent) - inItem;
    const isItem = prefix.markers > 0 && !blank && leadIndent < 4;
    if (isItem && prefix.quotes === 0) items.push(prefix.itemContent);
    // Markers that start no item are the line's text.
    const contentStart = isItem ? prefix.content : prefix.firstMarker;
    content = text.slice(contentStart, lineEnd);
    const flat = isItem ? prefix.indent <= 4 : prefix.markers === 0 && leadIndent < 4;

    const fenceOpened = flat ? opensFence(content) : null;
    if (fenceOpened !== null) {
      endSegment();
      fence = fenceOpened;
      fenceQuotes = prefix.quotes;
      fenceColumn = isItem ? prefix.itemContent : inItem;
      cost.text -= nextLine - lineStart;
      previous = null;
      lineStart = nextLine;
      continue;
    }
    // A table's rows hold pipes; another line ends it and is read as what it is.
    if (table && !content.includes('|')) table = false;
    if (table) {
      // Each row is parsed on its own.
      const cells = cellsOf(content);
      cost.columns = Math.max(cost.columns, cells);
      cost.cells += cells;
      segments.push(contentStart, lineEnd);
      lineStart = nextLine;
      continue;
    }
    if (flat && previous && TABLE_DELIMITER.test(content.trim())) {
      const head = text.slice(previous.content, previous.end);
      if (head.includes('|') || content.includes('|')) {
        // The head row was read with the text before it: a table starts after it.
        endSegment();
        table = true;
        const cells = cellsOf(head);
        cost.columns = Math.max(cost.columns, cells);
        cost.cells += cells;
        previous = null;
        lineStart = nextLine;
        continue;
      }
    }
    // A list item starts new text, unless it is an ordered item that cannot interrupt a paragraph.
    const newItem =
      isItem &&
      (prefix.orderedDelimiter === '' || prefix.first || prefix.orderedDelimiter === listDelimiter);
    if (isItem) listDelimiter = prefix.orderedDelimiter;
    const heading = flat && HEADING.test(content);
    if (newItem || heading || (flat && BREAK_LINE.test(content.trim()))) endSegment();
    if (segmentStart < 0) segmentStart = contentStart;
    segmentEnd = lineEnd;
    if (heading) endSegment();
    previous = { content: contentStart, end: lineEnd };
    lineStart = nextLine;
  }
  endSegment();
  for (let k = 0; k < segments.length; k += 2)
    scanInline(text, segments[k]!, segments[k + 1]!, definitions, cost);
  return cost;
}

/** The estimated milliseconds of formatting a block of this cost (bounds.ts). */
export function estimatedMs(cost: FormatCost): number {
  let ms = 0;
  for (const [name, weight] of Object.entries(FORMAT_COST_WEIGHTS))
    ms += cost[name as keyof typeof FORMAT_COST_WEIGHTS] * weight;
  return ms;
}

/** The part of the estimate that grows with the square of the text: the walks and spans. */
export function quadraticMs(cost: FormatCost): number {
  return cost.walks * FORMAT_COST_WEIGHTS.walks + cost.spans * FORMAT_COST_WEIGHTS.spans;
}

/**
 * Whether `text`, one block of an answer, is to be shown as plain text rather than formatted:
 * too costly for its bound (a growing block's, parsed on every update, or a finished one's), too
 * costly in its quadratic part, too deeply nested or too wide a table. A text too long for the
 * bound is not read at all.
 */
export function tooComplexToFormat(text: string, growing: boolean): boolean {
  const budget = growing ? GROWING_BLOCK_BUDGET : FINISHED_BLOCK_BUDGET;
  if (text.length * FORMAT_COST_WEIGHTS.chars > budget) return true;
  const cost = formatCost(text);
  return (
    cost.depth > MAX_NESTING ||
    cost.columns > MAX_TABLE_COLUMNS ||
    quadraticMs(cost) > QUADRATIC_BUDGET ||
    estimatedMs(cost) > budget
  );
}

/**
 * Whether a block is shown as plain text, given the text it was last shown plain at while it grew
 * (null if it was not), and what to remember for its next render. A growing block once shown as
 * plain text stays so while it grows and when its answer ends here: it is not judged again on
 * every update (it would only grow costlier), and the answer's end is not one long parse.
 */
export function judgeBlock(
  text: string,
  growing: boolean,
  plainWhileGrowing: string | null,
): { plain: boolean; plainWhileGrowing: string | null } {
  const grown = plainWhileGrowing !== null && text.startsWith(plainWhileGrowing);
  const plain = grown || tooComplexToFormat(text, growing);
  return { plain, plainWhileGrowing: plain && (growing || grown) ? text : null };
}
