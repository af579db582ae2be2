// Unit tests of how an answer's blocks render: the open code fence shortcut and typeset math.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import katex from 'katex';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import MarkdownBlock, { plainParts } from '../../../../../renderer/src/chat/markdown/MarkdownBlock';
import {
  advanceTailPieces,
  openCodeFence,
  tableHead,
  tailPieceTexts,
  type TailPieces,
} from '../../../../../renderer/src/chat/markdown-blocks';

/** Fixed in CI; FC_SEED and FC_RUNS ask for other or more runs. */
const PROPERTY = {
  seed: Number(process.env.FC_SEED ?? 37),
  numRuns: Number(process.env.FC_RUNS ?? 100),
};

function render(text: string, streaming: boolean): string {
  return renderToStaticMarkup(createElement(MarkdownBlock, { text, streaming }));
}

describe('openCodeFence', () => {
  it('reads an open fence: language and the code so far', () => {
    expect(openCodeFence('```python\nimport os\nprint(1)')).toEqual({
      language: 'python',
      code: 'import os\nprint(1)',
    });
    expect(openCodeFence('~~~~\nplain')).toEqual({ language: '', code: 'plain' });
    expect(openCodeFence('```ts title="a.ts"\nlet a')).toEqual({ language: 'ts', code: 'let a' });
    expect(openCodeFence('```js')).toEqual({ language: 'js', code: '' });
    expect(openCodeFence('```c++\nint x;\n\n')).toEqual({ language: 'c++', code: 'int x;\n\n' });
  });

  it('leaves to the parser whatever it could read differently', () => {
    expect(openCodeFence('```js\nlet a\n```')).toBeNull(); // closed
    expect(openCodeFence('```js\nlet a\n```\nmore')).toBeNull();
    expect(openCodeFence('~~~\na\n~~~~~')).toBeNull();
    expect(openCodeFence('  ```js\nlet a')).toBeNull(); // indented
    expect(openCodeFence('Text first\n```js\nlet a')).toBeNull();
    expect(openCodeFence('```math\nx^2')).toBeNull(); // typeset as a formula
    expect(openCodeFence('``` a`b\ncode')).toBeNull(); // inline code, not a fence
    expect(openCodeFence('```j\\s\nlet a')).toBeNull(); // an escape in the info string
    expect(openCodeFence('```js\r\nlet a')).toBeNull();
    expect(openCodeFence('``js\nlet a')).toBeNull();
  });

  it('renders exactly what the markdown parser renders for the same text', () => {
    const texts = [
      '```python\nimport os\n\nprint(os.getcwd())',
      '```\nno language <b>not html</b> & entities &amp;',
      '~~~bash\nset -e\n  indented line',
      '```js',
      '```ts {1,3}\nconst a = 1;',
    ];
    for (const text of texts) {
      expect(openCodeFence(text)).not.toBeNull();
      // Not streaming, the block goes through react-markdown (no colouring runs in a static render).
      expect(render(text, true)).toBe(render(text, false));
    }
  });
});

describe('typeset math', () => {
  it('puts KaTeX output for inline and display formulas into one host each', () => {
    const html = render('Energy $E = mc^2$ and\n\n$$\n\\int_0^1 x\\,dx\n$$', false);
    const inline = katex.renderToString('E = mc^2', { displayMode: false, throwOnError: true });
    const display = katex.renderToString('\\int_0^1 x\\,dx', {
      displayMode: true,
      throwOnError: true,
    });
    expect(html).toContain(`<span class="math-inline">${inline}</span>`);
    expect(html).toContain(`<div class="math-block">${display}</div>`);
  });

  it('typesets a ```math fence as a display formula', () => {
    const html = render('```math\na^2 + b^2\n```', false);
    expect(html).toContain('<div class="math-block"><span class="katex-display">');
  });

  it('shows a formula KaTeX cannot read as its source in the error colour', () => {
    const html = render('Broken $\\frac{1}{$ formula', false);
    expect(html).toContain('class="math-inline"');
    expect(html).toContain('katex-error');
    expect(html).toContain('\\frac{1}{');
  });

  it('leaves code and text that only look like math alone', () => {
    const html = render('Costs `$5` and $ signs', false);
    expect(html).not.toContain('katex');
    expect(html).toContain('<code>$5</code>');
  });
});

describe('links and pictures', () => {
  it('shows a picture from another site as a placeholder with its alt text and host, never an img', () => {
    const html = render('See ![the diagram](https://images.example.net/d.png) here', false);
    expect(html).not.toContain('<img');
    expect(html).toContain('class="remote-picture"');
    expect(html).toContain('the diagram');
    expect(html).toContain('images.example.net');
  });

  it('makes links only of http(s) and mailto addresses', () => {
    const html = render(
      '[web](https://example.com/a) [mail](mailto:a@example.com) [ftp](ftp://x/y)',
      false,
    );
    expect(html).toContain('href="https://example.com/a"');
    expect(html).toContain('href="mailto:a@example.com"');
    expect(html).not.toContain('ftp://');
    expect(html).toContain('<span>ftp</span>');
  });
});

describe('numbered lists', () => {
  const list = (start: number, count: number, marker = '') =>
    Array.from({ length: count }, (_, i) => `${start + i}. ${marker}item ${i}`).join('\n');
  const olOf = (html: string) => /<ol[^>]*>/.exec(html)?.[0];

  it('marks a list whose numbers reach three digits or more, by its last number', () => {
    expect(olOf(render(list(1, 99), false))).toBe('<ol>');
    expect(olOf(render(list(1, 100), false))).toBe('<ol class="numbers-3">');
    expect(olOf(render(list(98, 2), false))).toBe('<ol start="98">');
    expect(olOf(render(list(98, 3), false))).toBe('<ol start="98" class="numbers-3">');
    expect(olOf(render(list(1, 1000), false))).toBe('<ol class="numbers-4">');
    expect(olOf(render(list(99998, 3), false))).toBe('<ol start="99998" class="numbers-5">');
    expect(olOf(render(list(999999, 2), false))).toBe('<ol start="999999" class="numbers-5">');
  });

  it("keeps a task list's own class beside the mark", () => {
    expect(olOf(render(list(1, 120, '[ ] '), false))).toBe(
      '<ol class="contains-task-list numbers-3">',
    );
  });
});

describe('a long growing block in pieces', () => {
  /** The pieces a stream of `text` in chunks of `size` ends with, each rendered on its own. */
  function renderedPieces(text: string, size: number): string[] {
    let pieces: TailPieces | null = null;
    for (let i = size; i < text.length + size; i += size)
      pieces = advanceTailPieces(text.slice(0, Math.min(i, text.length)).trimEnd(), pieces);
    expect(pieces).not.toBeNull();
    return tailPieceTexts(text, pieces!).map((piece) => render(piece, false));
  }

  it("renders a paragraph's pieces as the paragraph's own inline content", () => {
    const sentences = Array.from(
      { length: 160 },
      (_, i) =>
        [
          `Plain sentence ${i} about the answer.`,
          `With **strong. words** and *soft ones* in it.`,
          `Some \`code. here\` and $a^2. b$ maths.`,
          `A [link. text](https://example.com/${i}) and an <https://example.org/x${i}> address.`,
          `Line ${i} ends here.\nA soft break, then a_b_c and 3 * 4.`,
        ][i % 5],
    );
    const text = sentences.join(' ');
    const whole = render(text, false);
    const inner = (html: string) => {
      expect(html).toMatch(/^<p>[\s\S]*<\/p>$/);
      return html.slice(3, -4);
    };
    // The stylesheet puts a space between pieces, where the cut took a space or a line end.
    const normalize = (html: string) => html.replace(/\s+/g, ' ');
    // Chunks of several sizes put the cuts in different places.
    for (const size of [7, 29, 113]) {
      const pieces = renderedPieces(text, size);
      expect(pieces.length).toBeGreaterThan(4);
      expect(normalize(pieces.map(inner).join(' '))).toBe(normalize(inner(whole)));
    }
  });

  it("renders a table's pieces as the table's own head and rows", () => {
    const head = '| name | value | note |\n| :--- | ---: | :-: |\n';
    const rows = Array.from(
      { length: 150 },
      (_, i) => `| row **${i}** | ${i * 7} | [a](https://example.com/${i}) \`c|d\` $x_${i}$ |`,
    );
    const text = head + rows.join('\n');
    const whole = render(text, false);
    for (const size of [13, 67]) {
      let pieces: TailPieces | null = null;
      for (let i = size; i < text.length + size; i += size)
        pieces = advanceTailPieces(text.slice(0, Math.min(i, text.length)), pieces);
      expect(pieces?.kind).toBe('table');
      const texts = tailPieceTexts(text, pieces!);
      expect(texts.length).toBeGreaterThan(3);
      const parts = texts.map((piece, index) =>
        renderToStaticMarkup(
          createElement(MarkdownBlock, {
            text: index === 0 ? piece : tableHead(text)! + piece,
            tablePart: index === 0 ? 'head' : 'rows',
          }),
        ),
      );
      // One table element around all the pieces (the caller's), one tbody per piece.
      const joined = `<div class="table-scroll"><table>${parts.join('')}</table></div>`;
      expect(joined.replace(/<\/tbody><tbody>/g, '')).toBe(whole.replace(/\n/g, ''));
      expect(parts.slice(1).join('')).not.toContain('<thead>');
    }
  });

  it("renders a list's pieces as the list's own items, numbered on", () => {
    const items = Array.from(
      { length: 120 },
      (_, i) =>
        `${i + 1}. Item ${i} has \`code\`, **bold** and a [link](https://example.com/${i}).` +
        (i % 9 === 0 ? '\n   - nested point\n   - and another' : ''),
    );
    const text = items.join('\n');
    // Room for the numbers aside (a list that counts past 99 is marked wide; CSS widens its pieces).
    const unmarked = (html: string) => html.replace(/ class="numbers-\d"/g, '');
    const whole = unmarked(render(text, false));
    for (const size of [11, 41, 97]) {
      const pieces = renderedPieces(text, size).map(unmarked);
      expect(pieces.length).toBeGreaterThan(2);
      // Each piece after the first is a list that starts at its first item's number.
      const joined = pieces.join('\n').replace(/\n<\/ol>\n<ol start="\d+">\n/g, '\n');
      expect(joined).toBe(whole);
      expect(pieces[1]).toMatch(/^<ol start="\d+">/);
    }
  });
});

describe('a block too costly to format', () => {
  const costly = '*a_ '.repeat(5000);

  it('is shown as its text under a note saying so, not parsed', () => {
    const html = render(`${costly}<b>bold</b> **not bold**`, false);
    expect(html).toMatch(
      /^<div class="plain-block"><p class="plain-block-note">Shown as plain text: too complex to format\.<\/p><pre class="plain-block-text"><span class="plain-part"[^>]*>\*a_ \*a_ /,
    );
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt; **not bold**</span></pre></div>');
    expect(html).not.toContain('<em>');
    expect(html).not.toContain('<strong>');
  });

  it('keeps a piece of a long table inside the table: its rows, without the head', () => {
    const head = `|${' h |'.repeat(100)}\n|${' - |'.repeat(100)}\n`;
    const html = renderToStaticMarkup(
      createElement(MarkdownBlock, { text: `${head}| a | b |`, tablePart: 'rows' }),
    );
    expect(html).toMatch(/^<tbody><tr><td><div class="plain-block">/);
    expect(html).toMatch(
      /<pre class="plain-block-text"><span class="plain-part"[^>]*>\| a \| b \|<\/span><\/pre>/,
    );
  });

  it('shows long text in parts cut at line ends, which stay as they are while it grows', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constant(''),
            fc.string({ unit: fc.constantFrom('a', ' ', '*'), maxLength: 3000 }),
          ),
          { maxLength: 60 },
        ),
        fc.nat(),
        (lines, grown) => {
          const text = lines.join('\n');
          const parts = plainParts(text);
          // Each part one block: joined by the line ends they were cut at, they are the text.
          expect(parts.join('\n')).toBe(text);
          for (const part of parts.slice(0, -1)) {
            expect(part.length).toBeLessThanOrEqual(16_000);
            // A blank line at a cut starts the next part, where it shows.
            expect(part.endsWith('\n')).toBe(false);
          }
          const prefix = plainParts(text.slice(0, grown % (text.length + 1)));
          expect(parts.slice(0, prefix.length - 1)).toEqual(prefix.slice(0, -1));
        },
      ),
      PROPERTY,
    );
    const line = 'x'.repeat(40_000);
    expect(plainParts(line)).toEqual(['x'.repeat(16_000), 'x'.repeat(16_000), 'x'.repeat(8000)]);
  });

  it('still formats an ordinary block', () => {
    expect(render('Some **bold** and `code`.', true)).toBe(
      '<p>Some <strong>bold</strong> and <code>code</code>.</p>',
    );
  });
});
