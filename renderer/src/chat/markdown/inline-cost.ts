// The parser's walks back and scans ahead over one stretch of inline text, counted in one pass.

/** What the scan of inline text counts, added to a block's FormatCost (format-cost.ts). */
export interface InlineCost {
  /** Delimiter runs, brackets and tag starts outside code: each is work for the parser. */
  marks: number;
  /** Words outside code: at each one GFM tries a bare link. */
  words: number;
  /** Formulas (pairs of "$" runs): each is typeset. */
  formulas: number;
  /** Characters the parser's walks back and scans ahead cover, summed (the superlinear part). */
  walks: number;
  /** Characters inside each emphasis and link the parser resolves: it reads them again. */
  spans: number;
}

const SPACE = 1;
const PUNCTUATION = 2;

/** ASCII punctuation, as CommonMark (and micromark) classify it. */
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const UNICODE_PUNCTUATION = /\p{P}|\p{S}/u;
const UNICODE_SPACE = /\s/;

/** micromark's classes of the character before or after a delimiter run: space, punctuation, other. */
function classOf(text: string, at: number, start: number, end: number): number {
  if (at < start || at >= end) return SPACE;
  const code = text.charCodeAt(at);
  if (code === 32 || code === 9 || code === 10 || code === 13) return SPACE;
  if (code < 128) return ASCII_PUNCTUATION.test(text.charAt(at)) ? PUNCTUATION : 0;
  const char = String.fromCodePoint(text.codePointAt(at) ?? code);
  if (UNICODE_SPACE.test(char)) return SPACE;
  return UNICODE_PUNCTUATION.test(char) ? PUNCTUATION : 0;
}

/** A letter, digit or one of "+-._": what GFM's e-mail links are made of. */
function isAtext(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 43 ||
    code === 45 ||
    code === 46 ||
    code === 95
  );
}

function isSpaceCode(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || Number.isNaN(code);
}

/** An opening delimiter run waiting for its closer: where, how many markers are left, and whether it may also close. */
interface Opener {
  pos: number;
  left: number;
  mayClose: boolean;
}

/** How far down an opener stack a closer looks before it is counted as walking to the start. */
const STACK_LOOK = 16;

/** Backtick or dollar runs of one segment: each run's end and where its equal-length partner ends. */
interface Runs {
  starts: number[];
  ends: number[];
  /** The end of the next run of the same length, or -1. */
  partnerEnds: number[];
}

/** The backtick and dollar runs between `start` and `end`, each with its partner. */
function collectRuns(text: string, start: number, end: number): { ticks: Runs; dollars: Runs } {
  const ticks: Runs = { starts: [], ends: [], partnerEnds: [] };
  const dollars: Runs = { starts: [], ends: [], partnerEnds: [] };
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code !== 96 && code !== 36) continue;
    let j = i + 1;
    while (j < end && text.charCodeAt(j) === code) j++;
    const runs = code === 96 ? ticks : dollars;
    runs.starts.push(i);
    runs.ends.push(j);
    i = j - 1;
  }
  for (const runs of [ticks, dollars]) {
    const nextByLength = new Map<number, number>();
    for (let k = runs.starts.length - 1; k >= 0; k--) {
      const length = runs.ends[k]! - runs.starts[k]!;
      runs.partnerEnds[k] = nextByLength.get(length) ?? -1;
      nextByLength.set(length, runs.ends[k]!);
    }
  }
  return { ticks, dollars };
}

/** How many characters a bounded look ahead reads before it gives up and counts the rest. */
const LOOK_AHEAD = 1024;

/**
 * Where what starts with "<" at `at` ends: an HTML tag, comment or autolink, read the way the
 * parser scans it (quoted values may hold ">"). `end` when it does not end within the look ahead.
 */
function angleEnd(text: string, at: number, end: number): number {
  const limit = Math.min(end, at + LOOK_AHEAD);
  if (text.startsWith('<!--', at)) {
    for (let i = at + 4; i + 3 <= limit; i++) if (text.startsWith('-->', i)) return i + 3;
    return end;
  }
  let quote = 0;
  for (let i = at + 1; i < limit; i++) {
    const code = text.charCodeAt(i);
    if (quote !== 0) {
      if (code === quote) quote = 0;
    } else if (code === 34 || code === 39) quote = code;
    else if (code === 62) return i + 1;
    else if (code === 60) return i;
  }
  return end;
}

/** How deep a link destination's parentheses may nest before the parser gives up on it. */
const DESTINATION_PARENTHESES = 32;

/**
 * How far the parser reads a link's destination and title after "](" before it knows whether the
 * link holds: `end` is where it stops, `found` whether at the link's ")". Gives up (reads to `end`
 * of the text) past the look ahead.
 */
function readResource(text: string, at: number, end: number): { end: number; found: boolean } {
  const limit = Math.min(end, at + LOOK_AHEAD);
  const failed = (stop: number) => ({ end: stop >= limit ? end : stop, found: false });
  let i = at + 1;
  while (i < limit && isSpaceCode(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) === 60) {
    // <destination>: no line end and no other "<" inside
    for (i++; i < limit; i++) {
      const code = text.charCodeAt(i);
      if (code === 62) break;
      if (code === 60 || code === 10 || code === 13) return failed(i);
      if (code === 92) i++;
    }
    if (i >= limit) return failed(limit);
    i++;
  } else {
    let depth = 0;
    for (; i < limit; i++) {
      const code = text.charCodeAt(i);
      if (isSpaceCode(code) || (code === 41 && depth === 0)) break;
      if (code === 40 && ++depth > DESTINATION_PARENTHESES) return failed(i);
      if (code === 41) depth--;
      else if (code === 92) i++;
    }
  }
  while (i < limit && isSpaceCode(text.charCodeAt(i))) i++;
  const opener = text.charCodeAt(i);
  if (opener === 34 || opener === 39 || opener === 40) {
    const closer = opener === 40 ? 41 : opener;
    for (i++; i < limit && text.charCodeAt(i) !== closer; i++) if (text.charCodeAt(i) === 92) i++;
    if (i >= limit) return failed(limit);
    i++;
    while (i < limit && isSpaceCode(text.charCodeAt(i))) i++;
  }
  return i < limit && text.charCodeAt(i) === 41 ? { end: i + 1, found: true } : failed(i);
}

/** The bare links GFM finds in text ("www.", "http://", "https://"): read to the next space. */
function literalLinkEnd(text: string, at: number, end: number): number {
  const first = text.charCodeAt(at) | 32;
  if (first !== 119 && first !== 104) return -1;
  const head = text.slice(at, at + 8).toLowerCase();
  if (!head.startsWith('www.') && !head.startsWith('http://') && !head.startsWith('https://'))
    return -1;
  let i = at;
  while (i < end && !isSpaceCode(text.charCodeAt(i)) && text.charCodeAt(i) !== 60) i++;
  return i;
}

/**
 * The walks and scans of one stretch of inline text (a paragraph, a heading, a table row or a list
 * item's text), added to `cost`. `definitions` is how many link definitions the block holds: each
 * reference is looked up among them.
 */
export function scanInline(
  text: string,
  start: number,
  end: number,
  definitions: number,
  cost: InlineCost,
): void {
  const { ticks, dollars } = collectRuns(text, start, end);
  let tick = 0;
  let dollar = 0;
  // Openers of "*", "_", "~" and "~~", oldest first; "[" that may still open a link.
  const stars: Opener[] = [];
  const underscores: Opener[] = [];
  const tildes: Opener[] = [];
  const doubleTildes: Opener[] = [];
  const stacks = [stars, underscores, tildes, doubleTildes];
  const labels: number[] = [];
  // Where a stretch ends that the parser may read as something other than text.
  let unsureUntil = start;
  let escaped = -1;
  let lastBracket = start;
  let lastLink = start;
  let walks = 0;
  let marks = 0;
  let spans = 0;
  let words = 0;

  /** A closer of `stack` at `at`: walks back to its opener, or to the start when there is none. */
  const close = (
    stack: Opener[],
    at: number,
    length: number,
    mayOpen: boolean,
    ruleOf3: boolean,
  ) => {
    let left = length;
    while (left > 0) {
      let found = -1;
      for (let k = stack.length - 1; k >= 0 && k >= stack.length - STACK_LOOK; k--) {
        const opener = stack[k]!;
        // CommonMark's rule of three: "*a**" does not pair its runs.
        if (
          ruleOf3 &&
          (opener.mayClose || mayOpen) &&
          left % 3 !== 0 &&
          (opener.left + left) % 3 === 0
        )
          continue;
        found = k;
        break;
      }
      if (found < 0) {
        // To the start now, and once more when an enclosing span is resolved again.
        walks += 2 * (at - start);
        return 0;
      }
      const opener = stack[found]!;
      spans += at - opener.pos;
      const use = ruleOf3 && opener.left > 1 && left > 1 ? 2 : ruleOf3 ? 1 : left;
      opener.left -= use;
      left -= use;
      // Whatever opened inside the span is text now.
      for (const other of stacks)
        while (other.length > 0 && other[other.length - 1]!.pos > opener.pos) other.pop();
      if (opener.left <= 0) stack.splice(stack.indexOf(opener), 1);
    }
    return left;
  };

  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    // Escaped, a bracket is text for sure (unless the escape itself may be something else's).
    const sureText = i === escaped && i >= unsureUntil;
    const unsure = i < unsureUntil || i === escaped;
    if (isAtext(code)) {
      const previous = i > start ? text.charCodeAt(i - 1) : 32;
      if (code !== 95 && !isAtext(previous) && previous !== 47) {
        // A word's start: GFM looks back for an unclosed "[" before it tries a bare link.
        words++;
        if (labels.length > 0) walks += i - labels[0]!;
        if (i >= unsureUntil) {
          const link = literalLinkEnd(text, i, end);
          if (link > i) {
            // A link, as costly as "[…](…)".
            unsureUntil = link;
            marks += 2;
          }
        }
        continue;
      }
      if (code !== 95) continue;
    }
    switch (code) {
      case 92: // a backslash escapes the punctuation after it
        if (i + 1 < end && ASCII_PUNCTUATION.test(text.charAt(i + 1))) escaped = i + 1;
        break;
      case 96: // ` and $: a run scans ahead for its equal, and then the span between is code
      case 36: {
        const runs = code === 96 ? ticks : dollars;
        let k = code === 96 ? tick : dollar;
        while (k < runs.starts.length && runs.starts[k]! < i) k++;
        if (code === 96) tick = k + 1;
        else dollar = k + 1;
        const runEnd = runs.ends[k] ?? i + 1;
        const partnerEnd = runs.partnerEnds[k] ?? -1;
        marks++;
        walks += (partnerEnd >= 0 ? partnerEnd : end) - i;
        if (partnerEnd >= 0 && !unsure) {
          i = partnerEnd - 1;
          break;
        }
        if (partnerEnd >= 0) unsureUntil = Math.max(unsureUntil, partnerEnd);
        i = runEnd - 1;
        break;
      }
      case 42: // * and _: emphasis
      case 95:
      case 126: {
        // ~: strikethrough
        let runEnd = i + 1;
        while (runEnd < end && text.charCodeAt(runEnd) === code) runEnd++;
        const length = runEnd - i;
        i = runEnd - 1;
        marks++;
        if (code === 126 && length > 2) break;
        const before = classOf(text, i - length, start, end);
        const after = classOf(text, runEnd, start, end);
        let opens = after === 0 || (after === PUNCTUATION && before !== 0);
        let closes = before === 0 || (before === PUNCTUATION && after !== 0);
        if (code !== 126) {
          // Another construct's marker ("~") beside a run loosens it, as in micromark.
          opens ||= text.charCodeAt(runEnd) === 126;
          closes ||= text.charCodeAt(runEnd - length - 1) === 126;
        }
        if (code === 95) {
          const bothWays = opens && closes;
          opens &&= !bothWays || before !== 0;
          closes &&= !bothWays || after !== 0;
        }
        const stack =
          code === 42 ? stars : code === 95 ? underscores : length === 1 ? tildes : doubleTildes;
        const left = closes ? close(stack, runEnd - length, length, opens, code !== 126) : length;
        if (opens && !unsure && left > 0)
          stack.push({ pos: runEnd - length, left, mayClose: closes });
        break;
      }
      case 91: // "[" (and "![") opens a label
        marks++;
        if (sureText) break;
        labels.push(i);
        if (!unsure) lastBracket = i;
        break;
      case 93: {
        marks++;
        if (sureText) break;
        // GFM's footnote calls look back to the last label start.
        walks += i - Math.max(lastBracket, lastLink);
        if (labels.length === 0) break;
        walks += i - labels[labels.length - 1]! + definitions;
        const next = text.charCodeAt(i + 1);
        if (next === 40 || next === 91) {
          const reference = Math.min(end, text.indexOf(']', i + 2) + 1 || end);
          const read =
            next === 40
              ? readResource(text, i + 1, end)
              : { end: reference, found: reference < end };
          walks += read.end - i;
          unsureUntil = Math.max(unsureUntil, read.end);
          if (read.found) {
            // A link found: the parser walks back over the text since the last one.
            spans += i - Math.max(lastLink, start);
            lastLink = read.end;
          }
        }
        if (!unsure) labels.pop();
        break;
      }
      case 64: // "@" after a word: an e-mail address, made a link
        if (isAtext(text.charCodeAt(i - 1))) marks += 2;
        break;
      case 60: {
        const next = text.charAt(i + 1);
        if (!/[A-Za-z/!?]/.test(next)) break;
        marks++;
        const tagEnd = angleEnd(text, i, end);
        walks += tagEnd - i;
        unsureUntil = Math.max(unsureUntil, tagEnd);
        break;
      }
    }
  }
  cost.walks += walks;
  cost.marks += marks;
  cost.spans += spans;
  cost.words += words;
  cost.formulas += Math.ceil(dollars.starts.length / 2);
}
