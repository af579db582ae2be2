// Formulas from answers get bounded work: macro bombs, huge sizes and links in TeX end quickly as text.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import MarkdownBlock from '../../../../../renderer/src/chat/markdown/MarkdownBlock';
import { MAX_FORMULA_LENGTH } from '../../../../../renderer/src/chat/markdown/math';

function renderFormula(tex: string): { html: string; ms: number } {
  const started = performance.now();
  const html = renderToStaticMarkup(
    createElement(MarkdownBlock, { text: `$$\n${tex}\n$$`, streaming: false }),
  );
  return { html, ms: performance.now() - started };
}

/** Each level doubles the one below; the first holds a long run of glyphs. */
function nestedDefinitions(levels: number): string {
  let tex = `\\def\\la{${'x'.repeat(2000)}}`;
  const names = 'bcdefghijklmnopqrstuvwxyz'.slice(0, levels);
  let previous = 'a';
  for (const name of names) {
    tex += `\\def\\l${name}{\\l${previous}\\l${previous}}`;
    previous = name;
  }
  return `${tex}\\l${previous}`;
}

describe('formula limits', () => {
  it.each([
    ['a self-doubling macro', '\\def\\a{\\a\\a}\\a'],
    ['nested definitions', nestedDefinitions(20)],
    ['a long macro used many times', `\\def\\a{${'x'.repeat(2000)}}${'\\a'.repeat(99)}`],
    ['\\newcommand', `\\newcommand{\\a}{${'x'.repeat(2000)}}${'\\a'.repeat(99)}`],
    ['\\let and \\global', '\\global\\let\\a\\frac \\a12'],
  ])('shows %s as its source at once, never typeset', (_name, tex) => {
    const { html, ms } = renderFormula(tex);
    expect(ms).toBeLessThan(1000);
    expect(html).toContain('katex-error');
    expect(html).not.toContain('class="katex"');
    expect(html).toContain(tex.slice(0, 20));
  });

  it('stops a formula needing more expansions than the cap, quickly and as its source', () => {
    const { html, ms } = renderFormula(Array(200).fill('a \\dots b \\neq c').join(' + '));
    expect(ms).toBeLessThan(1000);
    expect(html).toContain('katex-error');
  });

  it('still typesets a long ordinary formula full of builtin macros', () => {
    const tex = Array(15).fill('x_1 + \\dots + x_n \\neq \\implies \\iff \\le').join(' , ');
    const { html } = renderFormula(tex);
    expect(html).toContain('class="katex-display"');
    expect(html).not.toContain('katex-error');
  });

  it('shows an overlong formula as text instead of typesetting it', () => {
    const { html, ms } = renderFormula('x+'.repeat(MAX_FORMULA_LENGTH / 2 + 1));
    expect(ms).toBeLessThan(1000);
    expect(html).toContain('katex-error');
  });

  it('clamps sizes to 20em', () => {
    const { html } = renderFormula('\\rule{1000em}{1000em}');
    expect(html).toContain('height:20em');
    expect(html).not.toContain('1000em;');
  });

  it('never turns TeX into a link or a picture from elsewhere', () => {
    const { html } = renderFormula(
      '\\href{https://evil.example/x}{click} \\url{https://evil.example/y} \\includegraphics{https://evil.example/p.png}',
    );
    expect(html).not.toMatch(/<a |<img /);
    expect(html).not.toMatch(/(href|src)="https:\/\/evil/);
  });
});
