// How much formatting one block of an answer may cost before it is shown as plain text instead.

/**
 * A block's cost is estimated from what format-cost.ts counts in it, each count times its weight
 * below; the weights are milliseconds of main-thread CPU per unit, measured by rendering blocks
 * with the app's own renderer (MarkdownBlock through react-dom/server, in Node, on the development
 * machine: 2 cores, shared) and fitted (a linear program) so the estimate is at least 0.8 of the
 * measured time, less 2 ms, for each of 153 blocks: 31 kinds of pathological input at three sizes
 * (the unclosed and mismatched emphasis, brackets, links, code spans and tags of CommonMark's own
 * pathological tests, the underscores and mixed markup; the 11 nested past MAX_NESTING
 * are left to it), 13 kinds that isolate one count (prose, words, lists, quotes, tables by rows
 * and by columns, links, code spans, emphasis, tags, formulas) at three sizes, and 32 ordinary
 * blocks (the bench's answers, a 300-item list, a 300-row table, lists ten deep, code, maths,
 * quotes, footnotes, references). Formulas are weighed from their own measurement, bare links and
 * e-mail addresses count as two marks (a link's). Ordinary blocks estimate from about half to six
 * times their measured time: the estimate errs towards "costly". Of 270 random mixes of the
 * pathological pieces (0.5 to 24 KB), none took more than three times its estimate (bare links,
 * before they were counted as links).
 *
 * The measurements that chose them (Node, before the bound; CPU ms):
 *   mismatched emphasis "*a_ " x 2,500 (10 KB)       506   quadratic: 132 at 5 KB, 38 at 2.5 KB
 *   nested emphasis "*a **a " ... (17.5 KB)         2,300  quadratic: 437 at 8.8 KB
 *   links inside links "[[[…a](b)…" (6 KB)            131  quadratic
 *   "[ (](" x 2,500 (12.5 KB)                          363  quadratic (a title read to the end)
 *   one "[" before 20,000 words (40 KB)             11,500  quadratic (GFM's bare links look back)
 *   mixed "*a _b `c` [d](e) **f " (33.6 KB)            342  linear, 10 ms a KB (links, code)
 *   a list 500 levels deep (251 KB)                 3,150  (and 2,000 levels: call stack exceeded)
 *   a 300-row table with links and code (44 KB)       176  (an ordinary long table)
 *   a 300-item list (30 KB)                            60  (the bench's long block)
 *   prose (250 KB)                                    180  0.7 ms a KB
 */
export const FORMAT_COST_WEIGHTS = {
  /** Per character outside code, and per character of code (fenced code is barely parsed). */
  text: 0.0022,
  chars: 0.00022,
  /** Per word: GFM tries a bare link at each. */
  words: 0.0031,
  /** Per line, and once more per quote or list level it sits in. */
  lines: 0.064,
  /** Per table cell. */
  cells: 0.047,
  /** Per delimiter run, bracket or tag (each becomes an element or is tried as one). */
  marks: 0.037,
  /** Per formula: each is typeset by KaTeX (1,000 distinct small ones took 255 ms). */
  formulas: 0.3,
  /** Per character walked back over or scanned ahead (failed emphasis, unclosed spans). */
  walks: 0.0000054,
  /** Per character inside a resolved emphasis or link, read again (nested emphasis). */
  spans: 0.000073,
} as const;

/**
 * The estimated cost (in the weights' milliseconds) a block may have and still be formatted.
 * A growing block is parsed again on every update (about 12 a second), so its bound is the
 * smaller; ordinary growing blocks are cut into pieces of about 1,500 characters and estimate
 * under 10. A finished block is parsed once: its bound lets ordinary long blocks through (the
 * 300-row table above estimates 285) and stops what would hold the page for longer.
 */
export const GROWING_BLOCK_BUDGET = 80;
export const FINISHED_BLOCK_BUDGET = 300;

/**
 * The bound on the walks and spans alone, the part of the cost that grows with the square of the
 * text, in both cases. No ordinary block comes near it (the 300-row table estimates 2.9, a 30 KB
 * paragraph 2.1, the bench's answers under 1), while the pathological inputs pass it within a
 * few KB: 10 KB of mismatched emphasis took 506 ms, so its 5 KB (132 ms) is shown as text, and a
 * conversation opened on it shows its first 6,000 characters at once, not after a 200 ms task.
 */
export const QUADRATIC_BUDGET = 20;

/**
 * Deeper nesting of quotes and lists (as format-cost.ts over-estimates it from the lines'
 * prefixes, a list ten deep counts 10 to 15) is shown as text: the parser's work grows with the
 * depth on every line, and past about 2,000 levels the renderer exceeds the call stack.
 */
export const MAX_NESTING = 32;

/** A table wider than this is shown as text (the table had 2,000 columns). */
export const MAX_TABLE_COLUMNS = 64;
