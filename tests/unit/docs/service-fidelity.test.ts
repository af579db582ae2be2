// docs/SERVICE-FIDELITY.md held to the code: every file, symbol and test its rules tables name exists, every row has a verdict and a test, the counts it states are the tables' own.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Root, Table } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PAGE = 'docs/SERVICE-FIDELITY.md';

/** The header of a rules table, cell by cell. */
const RULES_HEADER = ['#', 'the document says', 'Atelier', 'test'];

/** How each row's Atelier cell must begin; the longer form is tried first. */
const VERDICTS = ['followed with a guess:', 'followed', 'deviates:', 'not used:'] as const;
type Verdict = (typeof VERDICTS)[number];

/** A test cell without a test starts so, and says why. */
const NO_TEST = 'none:';

interface RuleRow {
  line: number;
  number: string;
  rule: string;
  atelier: string;
  test: string;
}

/** A code span or a quoted test name in a cell's source, in order. */
type Token = { kind: 'code'; text: string } | { kind: 'name'; text: string };

/** A reference to a file: source from the repository's root, tests from tests/. */
const FILE_SPAN = /^(?<path>[\w./-]+\.(?:ts|tsx|js|mjs|json|md|css))(?::(?<symbols>[\w.$,]+))?$/;
const TEST_PATH = /^(unit|e2e)\/[\w./-]+\.(test|spec)\.ts$/;

/** The cells of every rules table, from the page's source (names keep their escapes). */
function ruleRows(markdown: string): RuleRow[] {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown) as Root;
  const rows: RuleRow[] = [];
  // A cell's position takes in the bar before it (and the last one's, the bar after it).
  const source = (node: { position?: { start: { offset?: number }; end: { offset?: number } } }) =>
    markdown
      .slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0)
      .replace(/^\|/, '')
      .replace(/(?<!\\)\|$/, '')
      .trim();
  for (const table of tree.children.filter((n): n is Table => n.type === 'table')) {
    const [header, ...body] = table.children;
    if (!header || header.children.map(source).join('|') !== RULES_HEADER.join('|')) continue;
    for (const row of body) {
      const [number = '', rule = '', atelier = '', test = ''] = row.children.map(source);
      rows.push({ line: row.position?.start.line ?? 0, number, rule, atelier, test });
    }
  }
  return rows;
}

/** Code spans and "quoted" names (\" inside a name is a quote, \| a bar) of a cell's source. */
function tokens(cell: string): Token[] {
  const found: Token[] = [];
  const pattern = /`([^`]+)`|"((?:\\.|[^"\\])*)"/g;
  for (const m of cell.matchAll(pattern)) {
    if (m[1] !== undefined) found.push({ kind: 'code', text: m[1] });
    else found.push({ kind: 'name', text: (m[2] ?? '').replace(/\\(.)/g, '$1') });
  }
  return found;
}

/** Whether a test file holds this title as a string: whole, or its start when it ends with "…". */
function holdsTitle(fileText: string, name: string): boolean {
  const text = fileText.replace(/\\(['"`])/g, '$1');
  const prefix = name.endsWith('…');
  const title = prefix ? name.slice(0, -1) : name;
  return ["'", '"', '`'].some((q) => text.includes(prefix ? q + title : q + title + q));
}

function readOrNull(path: string): string | null {
  return existsSync(path) ? readFileSync(path, 'utf8') : null;
}

/** What is wrong with one code span: a file that is missing or named short, a symbol not in it. */
function fileProblems(span: string, root: string): string[] {
  const m = FILE_SPAN.exec(span);
  if (!m?.groups?.path) return [];
  const path = m.groups.path;
  if (!path.includes('/'))
    return [`\`${span}\`: name the file by its path (from the repository, tests from tests/)`];
  const text = readOrNull(join(root, TEST_PATH.test(path) ? 'tests' : '', path));
  if (text === null) return [`\`${span}\`: no such file`];
  return (m.groups.symbols ?? '')
    .split(',')
    .filter(Boolean)
    .filter(
      (symbol) =>
        !new RegExp(`(^|[^\\w$])${symbol.replace(/[.$]/g, '\\$&')}($|[^\\w$])`).test(text),
    )
    .map((symbol) => `\`${span}\`: ${path} has no ${symbol}`);
}

/** Everything wrong with one row's references and verdict. */
function rowProblems(row: RuleRow, root: string): string[] {
  const problems: string[] = [];
  for (const cell of [row.rule, row.atelier, row.test])
    for (const token of tokens(cell))
      if (token.kind === 'code') problems.push(...fileProblems(token.text, root));
  if (verdictOf(row) === null)
    problems.push(`the Atelier cell must begin with one of: ${VERDICTS.join(' | ')}`);
  const testTokens = tokens(row.test);
  const tests = testTokens.filter((t) => t.kind === 'code' && TEST_PATH.test(t.text));
  if (tests.length === 0 && !row.test.startsWith(NO_TEST))
    problems.push(`the test cell names no test file and does not begin with "${NO_TEST}"`);
  let file: { path: string; text: string | null; names: number } | null = null;
  const closeFile = (): void => {
    if (file && file.names === 0) problems.push(`\`${file.path}\`: name the test(s) in it`);
  };
  for (const token of testTokens) {
    if (token.kind === 'code') {
      if (!TEST_PATH.test(token.text)) continue;
      closeFile();
      file = {
        path: token.text,
        text: readOrNull(join(root, 'tests', token.text)),
        names: 0,
      };
    } else if (file === null) {
      problems.push(`"${token.text}" comes before any test file`);
    } else {
      file.names++;
      if (file.text !== null && !holdsTitle(file.text, token.text))
        problems.push(`\`${file.path}\` has no test "${token.text}"`);
    }
  }
  closeFile();
  return problems.map((p) => `line ${row.line} (#${row.number}): ${p}`);
}

function verdictOf(row: RuleRow): Verdict | null {
  return VERDICTS.find((v) => row.atelier.startsWith(v)) ?? null;
}

/** Every problem of the page: the rows', numbering, and the counts it states. */
function pageProblems(markdown: string, root: string): string[] {
  const rows = ruleRows(markdown);
  const problems = rows.flatMap((row) => rowProblems(row, root));
  rows.forEach((row, i) => {
    if (row.number !== String(i + 1))
      problems.push(`line ${row.line}: rule #${row.number} should be #${i + 1}`);
  });
  const counts = new Map<Verdict | null, number>();
  for (const row of rows) counts.set(verdictOf(row), (counts.get(verdictOf(row)) ?? 0) + 1);
  const stated =
    /The tables list (\d+) rules: (\d+) followed, (\d+) followed with a guess, (\d+) deviating, (\d+) not used\./.exec(
      markdown,
    );
  const actual = [
    rows.length,
    counts.get('followed') ?? 0,
    counts.get('followed with a guess:') ?? 0,
    counts.get('deviates:') ?? 0,
    counts.get('not used:') ?? 0,
  ];
  if (!stated) problems.push('the page does not state its counts ("The tables list N rules: …")');
  else if (stated.slice(1).join() !== actual.join())
    problems.push(
      `the page states ${stated.slice(1).join('/')} (rules/followed/guess/deviating/unused); the tables hold ${actual.join('/')}`,
    );
  return problems;
}

describe('docs/SERVICE-FIDELITY.md', () => {
  const page = readFileSync(join(ROOT, PAGE), 'utf8');

  it('has rules tables', () => {
    expect(ruleRows(page).length).toBeGreaterThan(100);
  });

  it('names only files, symbols and tests that exist, gives every rule a verdict and a test, and counts them right', () => {
    expect(pageProblems(page, ROOT)).toEqual([]);
  });
});

describe('the page check', () => {
  const table = (...rows: string[]): string =>
    [
      'The tables list 1 rules: 1 followed, 0 followed with a guess, 0 deviating, 0 not used.',
      '',
      `| ${RULES_HEADER.join(' | ')} |`,
      '| - | - | - | - |',
      ...rows,
    ].join('\n');
  const good =
    '| 1 | `model` | followed: `electron/core/service/calls.ts:createServiceCalls` | `unit/shared/links.test.ts` "linkAddressOf" |';

  it('passes a row whose references all hold', () => {
    expect(pageProblems(table(good), ROOT)).toEqual([]);
  });

  it.each([
    ['a missing test file', good.replace('links.test.ts', 'no-such.test.ts'), 'no such file'],
    [
      'a test name its file lacks',
      good.replace('"linkAddressOf"', '"linkAddressOff"'),
      'has no test',
    ],
    [
      'a missing source file',
      good.replace('service/calls.ts', 'service/no-such.ts'),
      'no such file',
    ],
    [
      'a symbol its file lacks',
      good.replace(':createServiceCalls', ':createNothing'),
      'has no createNothing',
    ],
    [
      'a short file name',
      good.replace('electron/core/service/calls.ts', 'calls.ts'),
      'by its path',
    ],
    ['a test file without a test name', good.replace(' "linkAddressOf"', ''), 'name the test'],
    ['a row without a test', good.replace(/\| `unit.*\|$/, '| nothing |'), 'names no test file'],
    ['a row without a verdict', good.replace('followed: ', 'done: '), 'must begin with'],
    [
      "counts that are not the tables'",
      good.replace('| 1 |', '| 1 |').replace('followed: ', 'deviates: '),
      'the page states',
    ],
  ])('fails on %s', (_what, row, problem) => {
    const problems = pageProblems(table(row), ROOT);
    expect(problems.join('\n')).toContain(problem);
  });

  it('takes a title by its start when the page ends it with "…", and a quote inside a title as \\"', () => {
    const file = `it('says "Retry" and waits (\${look.name})', () => {});`;
    expect(holdsTitle(file, 'says "Retry" and waits…')).toBe(true);
    expect(holdsTitle(file, 'says "Retry" and waits')).toBe(false);
    expect(tokens('`unit/x.test.ts` "says \\"Retry\\" and waits…"')).toEqual([
      { kind: 'code', text: 'unit/x.test.ts' },
      { kind: 'name', text: 'says "Retry" and waits…' },
    ]);
  });
});
