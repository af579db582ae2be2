// Unit tests of the formatting bound: pathological blocks go to plain text, ordinary ones are formatted.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FINISHED_BLOCK_BUDGET,
  MAX_NESTING,
  QUADRATIC_BUDGET,
} from '../../../../../renderer/src/chat/markdown/bounds';
import {
  estimatedMs,
  formatCost,
  judgeBlock,
  quadraticMs,
  tooComplexToFormat,
} from '../../../../../renderer/src/chat/markdown/format-cost';

/** Fixed in CI; FC_SEED and FC_RUNS ask for other or more runs. */
const PROPERTY = {
  seed: Number(process.env.FC_SEED ?? 37),
  numRuns: Number(process.env.FC_RUNS ?? 200),
};

const nestedList = (levels: number) =>
  Array.from({ length: levels }, (_, i) => `${'  '.repeat(i)}- item`).join('\n');
const words = (count: number) => 'The quick brown fox jumps over the lazy dog. '.repeat(count / 9);
const row = (cells: number, text: string) => `|${` ${text} |`.repeat(cells)}`;

/**
 * The issue's answers and the inputs of CommonMark's own pathological tests, each at a size the
 * renderer took from a quarter of a second to minutes over (or ran out of call stack on).
 */
const PATHOLOGICAL: Record<string, string> = {
  'mixed inline markup, 128 KB': '*a _b `c` [d](e) **f '.repeat(6400),
  'mixed inline markup with open code, 128 KB': '*a _b `c [d](e) **f '.repeat(6400),
  'a list 400 levels deep': nestedList(400),
  'a list 2,000 levels deep': nestedList(2000),
  'a list 2,000 levels deep on one line': `${'- '.repeat(2000)}x`,
  '5,000 nested quotes': `${'>'.repeat(5000)} x`,
  'a 1 MB paragraph': words(180_000),
  'a table of 2,000 columns': [row(2000, 'h'), row(2000, '-'), row(2000, 'c')].join('\n'),
  '10,000 nested brackets': `${'['.repeat(10_000)}a${']'.repeat(10_000)}`,
  '5,000 links nested in links': `${'['.repeat(5000)}a${'](b)'.repeat(5000)}`,
  '10,000 HTML tags': '<a>'.repeat(10_000),
  '10,000 unclosed HTML tags': '<a '.repeat(10_000),
  'a long run of nested emphasis': `${'*a **a '.repeat(5000)}b${' a** a*'.repeat(5000)}`,
  'emphasis closers without openers': 'a_ '.repeat(10_000),
  'mismatched emphasis openers and closers': '*a_ '.repeat(10_000),
  'emphasis closers in multiples of three': `a**b${'c* '.repeat(10_000)}`,
  'link openers without closers': '[a'.repeat(10_000),
  'link closers without openers': 'a]'.repeat(10_000),
  'link openers and emphasis closers': '[ a_'.repeat(10_000),
  'unclosed link titles': '[ (]('.repeat(10_000),
  'unclosed link destinations in angle brackets': '[a](<b'.repeat(10_000),
  'unclosed link destinations': '[a](b'.repeat(10_000),
  'backtick runs of every length': Array.from(
    { length: 1000 },
    (_, i) => `e${'`'.repeat(i + 1)}`,
  ).join(''),
  'one "[" before 20,000 words': `[${' a'.repeat(20_000)}`,
  '5,000 references to 5,000 definitions': `${'[a]: b\n'.repeat(5000)}${'[a] '.repeat(5000)}`,
};

const codeLines = Array.from(
  { length: 400 },
  (_, i) => `const x${i} = a[${i}] * b_${i} + \`t\${y}\` < 3 && f(**k); // *note* [x] <b>`,
);

/** Ordinary answers' blocks, each kind the renderer formats, some of them long. */
const ORDINARY: Record<string, string> = {
  headings: '# Title\n## A *sub* title\n### With `code`',
  paragraph:
    'A paragraph with **bold**, *emphasis*, _more_, `code`, ~~struck~~, $e^{i\\pi} + 1 = 0$, ' +
    'a [link](https://example.com "title"), <https://example.org>, www.example.net and a<br>break. ' +
    'It multiplies 2 * 3, names snake_case and __init__, globs *.ts and counts [1], [2].',
  'a list ten deep': nestedList(10).replace(/item/g, 'item with **bold** and `code`'),
  'an ordered list ten deep': Array.from(
    { length: 10 },
    (_, i) => `${'   '.repeat(i)}1. level ${i} with *emphasis* and [a link](https://x.org)`,
  ).join('\n'),
  'a list with code in its items':
    '1. Install:\n   ```bash\n   npm install *.ts [a] `x` <b>\n   ```\n2. Then **run** it:\n' +
    '   - nested with `code`\n     ```python\n     def f(*args, **kwargs): return a_b[1]\n     ```',
  'a long code block': ['```ts', ...codeLines, '```'].join('\n'),
  'a table': [
    '| Option | Latency (ms) | Notes |',
    '| :--- | ---: | :-: |',
    ...Array.from(
      { length: 20 },
      (_, i) => `| **opt${i}** | ${i * 7} | \`c\` [l](https://e.com/${i}) |`,
    ),
  ].join('\n'),
  'display maths': '$$\n\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}\n$$',
  'a quote': Array.from(
    { length: 40 },
    (_, i) => `> Line ${i} with **bold** and [a link](https://e.com).`,
  ).join('\n'),
  'footnotes and a task list': 'Text[^1].\n\n[^1]: A note.\n\n- [x] done\n- [ ] to do ~~maybe~~',
  'a 300-item list': Array.from(
    { length: 300 },
    (_, i) =>
      `${i + 1}. Item **${i}** says \`something\` about [a page](https://example.com/${i}).`,
  ).join('\n'),
  'a 300-row table': [
    '| # | name | link |',
    '| - | - | - |',
    ...Array.from(
      { length: 300 },
      (_, i) => `| ${i} | **row** \`${i}\` | [l](https://e.com/${i}) |`,
    ),
  ].join('\n'),
  'a 30 KB paragraph': Array.from(
    { length: 300 },
    (_, i) => `Sentence ${i} has **bold**, \`code\`, $x_${i}$ and a [link](https://e.com/${i}).`,
  ).join(' '),
};

describe('tooComplexToFormat', () => {
  it.each(Object.entries(PATHOLOGICAL))('shows %s as plain text', (_, text) => {
    expect(tooComplexToFormat(text, false)).toBe(true);
    expect(tooComplexToFormat(text, true)).toBe(true);
  });

  it.each(Object.entries(ORDINARY))('formats %s', (_, text) => {
    expect(tooComplexToFormat(text, false)).toBe(false);
  });

  it('formats the pieces of about 1,500 characters a long block grows in', () => {
    for (const text of Object.values(ORDINARY))
      for (let start = 0; start < text.length; start += 1500)
        expect(tooComplexToFormat(text.slice(start, start + 1500), true)).toBe(false);
  });

  it('bounds the quadratic part on its own: 5 KB of mismatched emphasis is text', () => {
    const text = '*a_ '.repeat(1250);
    expect(estimatedMs(formatCost(text))).toBeLessThan(FINISHED_BLOCK_BUDGET);
    expect(quadraticMs(formatCost(text))).toBeGreaterThan(QUADRATIC_BUDGET);
    expect(tooComplexToFormat(text, false)).toBe(true);
  });

  it('formats underscores and asterisks alone: they are a rule, quickly parsed', () => {
    expect(tooComplexToFormat('_'.repeat(16_000), true)).toBe(false);
    expect(tooComplexToFormat('*'.repeat(16_000), true)).toBe(false);
  });

  it('counts nesting from quotes and list markers, and from the indentation of lists', () => {
    expect(formatCost(nestedList(10)).depth).toBeLessThanOrEqual(10);
    expect(formatCost(nestedList(MAX_NESTING + 1)).depth).toBeGreaterThan(MAX_NESTING);
    expect(formatCost(`${'> '.repeat(40)}x`).depth).toBe(40);
    expect(formatCost(`${'- '.repeat(40)}x`).depth).toBeGreaterThanOrEqual(40);
    // A code block's own indentation is not nesting.
    expect(formatCost(`\`\`\`\n${' '.repeat(200)}x\n\`\`\``).depth).toBe(0);
  });

  it('reads each list item, table row and paragraph on its own', () => {
    // The same unclosed emphasis walks back over one item, not the whole list.
    const item = 'a_ b_ c_ d_ e_ f_ g_ h_ i_ j_';
    const list = Array.from({ length: 200 }, () => `- ${item}`).join('\n');
    const paragraph = Array.from({ length: 200 }, () => item).join('\n');
    expect(formatCost(list).walks * 50).toBeLessThan(formatCost(paragraph).walks);
    const table = ['| a |', '| - |', ...Array.from({ length: 200 }, () => `| ${item} |`)].join(
      '\n',
    );
    expect(formatCost(table).walks * 50).toBeLessThan(formatCost(paragraph).walks);
    expect(formatCost(table).cells).toBe(201);
  });

  it('skips code: spans and fences hold no markup', () => {
    expect(formatCost('`a_ b_ c_ [d`').walks).toBeLessThan(20);
    expect(formatCost(['```', ...codeLines, '```'].join('\n')).marks).toBe(0);
  });

  it('ends a fence with the quote or list item it is in, and reads what follows', () => {
    const costly = 'a_ '.repeat(2000);
    expect(tooComplexToFormat(`> \`\`\`\n> code\n${costly}`, false)).toBe(true);
    expect(tooComplexToFormat(`- \`\`\`\n  code\n${costly}`, false)).toBe(true);
    expect(tooComplexToFormat(`\`\`\`\ncode\n${costly}`, false)).toBe(false);
  });

  it('reads list markers indented into a paragraph as its text, not as items', () => {
    const lines = Array.from({ length: 400 }, () => '        * a_ b_ c_').join('\n');
    expect(tooComplexToFormat(`A paragraph\n${lines}`, false)).toBe(true);
  });

  it('reads any text without failing', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'*_~`$[]()<>!\\|#-+>. \n\taz1é'), maxLength: 400 }),
        (text) => {
          const cost = formatCost(text);
          for (const value of Object.values(cost)) {
            expect(Number.isFinite(value)).toBe(true);
            expect(value).toBeGreaterThanOrEqual(0);
          }
          expect(typeof tooComplexToFormat(text, true)).toBe('boolean');
        },
      ),
      PROPERTY,
    );
  });
});

describe('judgeBlock', () => {
  const costly = 'a_ '.repeat(10_000);

  it('keeps a growing block shown as plain text so as it grows and once it is finished', () => {
    const first = judgeBlock(costly, true, null);
    expect(first).toEqual({ plain: true, plainWhileGrowing: costly });
    // Grown by ordinary text, it is not judged again.
    const grown = `${costly} and then plain words`;
    expect(judgeBlock(grown, true, first.plainWhileGrowing)).toEqual({
      plain: true,
      plainWhileGrowing: grown,
    });
    expect(judgeBlock(grown, false, grown).plain).toBe(true);
  });

  it('judges a block anew when its text is not the one it was shown plain at, grown', () => {
    expect(judgeBlock('A **short** answer.', true, costly)).toEqual({
      plain: false,
      plainWhileGrowing: null,
    });
    // Opened again (nothing remembered), a finished block has the finished bound.
    expect(judgeBlock(costly, false, null)).toEqual({ plain: true, plainWhileGrowing: null });
  });
});
