// Math in answers: remark-math's nodes typeset by KaTeX once per formula, kept as HTML for the page.
import katex from 'katex';
import type { Element, ElementContent, Root } from 'hast';

/** What a typeset formula's host element carries (in hast `data`, which never reaches the DOM). */
export interface TypesetMath {
  html: string;
}

declare module 'hast' {
  interface ElementData {
    typesetMath?: TypesetMath;
  }
}

/**
 * A streamed answer's open block is rendered again on every update, and its formulas with it;
 * typesetting is the costliest step of that render, so each formula is typeset once and reused.
 */
const CACHE_LIMIT = 400;
const typesetCache = new Map<string, TypesetMath>();

/**
 * An answer is text someone else may have steered, so a formula gets bounded work. maxExpand caps
 * macro expansions: the builtin ones (\dots, \neq, …) take several each, so a long but ordinary
 * formula needs a few hundred. maxSize caps sizes in em (\rule, \kern); trust: false refuses
 * \href, \url, \includegraphics and \html*, so a formula never links or loads anything.
 */
export const FORMULA_LIMITS = { maxSize: 20, maxExpand: 500, trust: false } as const;
/** Longer sources are shown as text: typesetting costs grow with the glyphs, a few ms per thousand. */
export const MAX_FORMULA_LENGTH = 10_000;

/**
 * Macro definitions are what turn a short formula into millions of glyphs: a 2 KB body expanded
 * 100 times (within any expansion cap) already took 13 s to typeset. A formula that defines
 * macros is therefore shown as its source; \global and \long only prefix such definitions.
 */
const MACRO_DEFINITION =
  /\\(?:[gex]?def|let|futurelet|global|long|newcommand|renewcommand|providecommand)(?![A-Za-z])/;

function sourceAsError(tex: string): string {
  return `<span class="katex-error">${escapeHtml(tex)}</span>`;
}

function typesetOnce(tex: string, displayMode: boolean): string {
  if (tex.length > MAX_FORMULA_LENGTH || MACRO_DEFINITION.test(tex)) return sourceAsError(tex);
  try {
    return katex.renderToString(tex, { ...FORMULA_LIMITS, displayMode, throwOnError: true });
  } catch {
    // A formula KaTeX cannot read is shown as its source, marked in the error colour.
    try {
      return katex.renderToString(tex, {
        ...FORMULA_LIMITS,
        displayMode,
        throwOnError: false,
        strict: 'ignore',
      });
    } catch {
      return sourceAsError(tex);
    }
  }
}

function typeset(tex: string, displayMode: boolean): TypesetMath {
  const key = `${displayMode ? 'D' : 'I'}${tex}`;
  const cached = typesetCache.get(key);
  if (cached) return cached;
  const result = { html: typesetOnce(tex, displayMode) };
  if (typesetCache.size >= CACHE_LIMIT) {
    const oldest = typesetCache.keys().next();
    if (!oldest.done) typesetCache.delete(oldest.value);
  }
  typesetCache.set(key, result);
  return result;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

function classesOf(element: Element): readonly unknown[] {
  const className = element.properties.className;
  return Array.isArray(className) ? className : [];
}

function isMathCode(node: ElementContent | undefined): node is Element {
  if (node?.type !== 'element' || node.tagName !== 'code') return false;
  const classes = classesOf(node);
  return classes.includes('language-math') || classes.includes('math-inline');
}

function mathHost(tex: string, displayMode: boolean): Element {
  return {
    type: 'element',
    tagName: displayMode ? 'div' : 'span',
    properties: { className: [displayMode ? 'math-block' : 'math-inline'] },
    children: [],
    data: { typesetMath: typeset(tex, displayMode) },
  };
}

/**
 * remark-math gives `$…$` as `code.math-inline`, and `$$…$$` (like a ```` ```math ```` fence) as
 * `pre > code.language-math`: the first becomes an inline host, the pre a block host.
 */
function replaceMath(parent: Root | Element): void {
  const children = parent.children as ElementContent[];
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (child.type !== 'element') continue;
    const only = child.children.length === 1 ? child.children[0] : undefined;
    if (child.tagName === 'pre' && isMathCode(only)) children[i] = mathHost(textOf(only), true);
    else if (isMathCode(child)) children[i] = mathHost(textOf(child), false);
    else replaceMath(child);
  }
}

/** The rehype plugin: replaces every formula with a host carrying its typeset HTML. */
export default function rehypeTypesetMath() {
  return (tree: Root) => replaceMath(tree);
}
