// Deterministic, realistic chat markdown for the bench: paragraphs, lists, code, tables and math.
import type { ChatMessage, Conversation } from '../shared/types';

/** mulberry32: a tiny seeded generator, so every run (and both variants) sees the same text. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'the a of to and in that is for it with as on be this by are from at or an which can we will ' +
  'request response model stream token cache latency buffer render frame layout parser block ' +
  'message server client queue retry timeout error value function module component state store ' +
  'update event handler index array string number object promise result output input config ' +
  'network memory thread worker process batch chunk schedule budget limit window history ' +
  'context prompt answer question reason example case method approach design system service ' +
  'data file path key field record table column row vector matrix gradient loss training ' +
  'inference accuracy precision sample distribution probability estimate measure metric ' +
  'simple careful fast slow large small stable incremental lazy eager optional required ' +
  'first second next last every each both other same different important useful typical'
).split(' ');

const INLINE_MATH = [
  '$x^2 + y^2 = r^2$',
  '$O(n \\log n)$',
  '$\\alpha = 0.05$',
  '$e^{i\\pi} + 1 = 0$',
  '$\\frac{a}{b}$',
  '$\\sqrt{2}$',
  '$p(x \\mid \\theta)$',
];

const DISPLAY_MATH = [
  '\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}',
  '\\mathcal{L}(\\theta) = -\\sum_{i} y_i \\log \\hat{y}_i',
  '\\int_0^1 x^2 \\, dx = \\frac{1}{3}',
  'A = \\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}',
  '\\nabla f(x) = \\left( \\frac{\\partial f}{\\partial x_1}, \\dots, \\frac{\\partial f}{\\partial x_n} \\right)',
];

const CODE_SNIPPETS: ReadonlyArray<{ language: string; lines: string[] }> = [
  {
    language: 'ts',
    lines: [
      'export async function fetchAll(ids: string[]): Promise<Item[]> {',
      '  const results: Item[] = [];',
      '  for (const id of ids) {',
      '    const item = await load(id);',
      '    if (item) results.push(item);',
      '  }',
      '  return results.sort((a, b) => a.rank - b.rank);',
      '}',
    ],
  },
  {
    language: 'python',
    lines: [
      'def moving_average(values, window=3):',
      '    """Return the moving average of a list."""',
      '    out = []',
      '    for i in range(len(values) - window + 1):',
      '        chunk = values[i : i + window]',
      '        out.append(sum(chunk) / window)',
      '    return out',
    ],
  },
  {
    language: 'bash',
    lines: [
      'set -euo pipefail',
      'for file in logs/*.txt; do',
      '  grep -c "ERROR" "$file" || true',
      'done | sort -n | tail -5',
    ],
  },
  {
    language: 'json',
    lines: ['{', '  "model": "example/model",', '  "stream": true,', '  "max_tokens": 1024', '}'],
  },
  {
    language: 'rust',
    lines: [
      'fn fib(n: u64) -> u64 {',
      '    let (mut a, mut b) = (0, 1);',
      '    for _ in 0..n {',
      '        (a, b) = (b, a + b);',
      '    }',
      '    a',
      '}',
    ],
  },
];

export class MarkdownWriter {
  constructor(private readonly random: () => number) {}

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T;
  }

  private between(low: number, high: number): number {
    return low + Math.floor(this.random() * (high - low + 1));
  }

  sentence(): string {
    const count = this.between(8, 20);
    const words: string[] = [];
    for (let i = 0; i < count; i++) {
      const roll = this.random();
      const word = this.pick(WORDS);
      if (roll < 0.03) words.push(`\`${word}()\``);
      else if (roll < 0.05) words.push(`**${word}**`);
      else if (roll < 0.06) words.push(this.pick(INLINE_MATH));
      else if (roll < 0.065) words.push(`[${word}](https://example.com/${word})`);
      else words.push(word);
    }
    const text = words.join(' ');
    return text.charAt(0).toUpperCase() + text.slice(1) + (this.random() < 0.1 ? '?' : '.');
  }

  paragraph(): string {
    const count = this.between(2, 5);
    return Array.from({ length: count }, () => this.sentence()).join(' ');
  }

  list(): string {
    const ordered = this.random() < 0.4;
    const count = this.between(3, 6);
    return Array.from(
      { length: count },
      (_, i) => `${ordered ? `${i + 1}.` : '-'} ${this.sentence()}`,
    ).join('\n');
  }

  code(): string {
    const snippet = this.pick(CODE_SNIPPETS);
    return ['```' + snippet.language, ...snippet.lines, '```'].join('\n');
  }

  displayMath(): string {
    return ['$$', this.pick(DISPLAY_MATH), '$$'].join('\n');
  }

  table(): string {
    const rows = this.between(3, 5);
    const lines = ['| Option | Latency (ms) | Notes |', '| --- | ---: | --- |'];
    for (let i = 0; i < rows; i++)
      lines.push(
        `| ${this.pick(WORDS)} | ${this.between(1, 900)} | ${this.pick(WORDS)} ${this.pick(WORDS)} |`,
      );
    return lines.join('\n');
  }

  heading(): string {
    const words = Array.from({ length: this.between(2, 5) }, () => this.pick(WORDS)).join(' ');
    return `## ${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  }

  /** One block of an answer, weighted toward prose as real answers are. */
  block(): string {
    const roll = this.random();
    if (roll < 0.45) return this.paragraph();
    if (roll < 0.62) return this.list();
    if (roll < 0.74) return this.code();
    if (roll < 0.8) return this.displayMath();
    if (roll < 0.85) return this.table();
    return this.heading();
  }

  answer(blocks: number): string {
    const parts = [this.paragraph()];
    for (let i = 1; i < blocks; i++) parts.push(this.block());
    return parts.join('\n\n');
  }

  question(): string {
    const count = this.between(1, 3);
    return Array.from({ length: count }, () => this.sentence()).join(' ');
  }
}

/** Token-like pieces: a word or number with its leading space, a symbol, or a run of whitespace. */
const TOKEN = /\s*[A-Za-z]+|\s*\d+|\s*[^\sA-Za-z\d]|\s+/g;

export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/**
 * A long answer of exactly `tokens` token-like pieces, split into chunks of `tokensPerChunk`.
 * It ends inside a closing paragraph, so the cut never leaves a code fence or math block open.
 */
export function longAnswer(
  seed: number,
  tokens: number,
  tokensPerChunk: number,
): { text: string; chunks: string[] } {
  const writer = new MarkdownWriter(seededRandom(seed));
  const blocks = [writer.paragraph()];
  let count = tokenize(blocks[0] ?? '').length;
  while (count < tokens - 400) {
    const block = writer.block();
    blocks.push(block);
    count += tokenize('\n\n' + block).length;
  }
  const closing: string[] = [];
  while (tokenize(closing.join(' ')).length < 800) closing.push(writer.sentence());
  blocks.push(closing.join(' '));
  const pieces = tokenize(blocks.join('\n\n')).slice(0, tokens);
  const chunks: string[] = [];
  for (let i = 0; i < pieces.length; i += tokensPerChunk)
    chunks.push(pieces.slice(i, i + tokensPerChunk).join(''));
  return { text: pieces.join(''), chunks };
}

/**
 * An answer whose blocks keep growing: a short opening, one list of `items` items, then one
 * paragraph of `sentences` sentences (the "list every ..." and "explain at length" answers).
 * Split into chunks of `tokensPerChunk` token-like pieces, like `longAnswer`.
 */
export function longBlockAnswer(
  seed: number,
  items: number,
  sentences: number,
  tokensPerChunk: number,
): { text: string; chunks: string[] } {
  const writer = new MarkdownWriter(seededRandom(seed));
  const list = Array.from({ length: items }, (_, i) => `${i + 1}. ${writer.sentence()}`);
  const paragraph = Array.from({ length: sentences }, () => writer.sentence());
  const text = [writer.paragraph(), list.join('\n'), paragraph.join(' ')].join('\n\n');
  const pieces = tokenize(text);
  const chunks: string[] = [];
  for (let i = 0; i < pieces.length; i += tokensPerChunk)
    chunks.push(pieces.slice(i, i + tokensPerChunk).join(''));
  return { text: pieces.join(''), chunks };
}

/** Alternating questions and answers, as a long chat would hold them. */
export function chatHistory(seed: number, count: number, model: string): ChatMessage[] {
  const random = seededRandom(seed);
  const writer = new MarkdownWriter(random);
  const start = Date.parse('2026-01-01T09:00:00Z');
  const messages: ChatMessage[] = [];
  for (let i = 0; i < count; i++) {
    const createdAt = new Date(start + i * 60_000).toISOString();
    if (i % 2 === 0) {
      messages.push({
        id: `m${i}`,
        role: 'user',
        content: writer.question(),
        createdAt,
        status: 'done',
      });
    } else {
      const content = writer.answer(2 + Math.floor(random() * 6));
      const completionTokens = tokenize(content).length;
      messages.push({
        id: `m${i}`,
        role: 'assistant',
        content,
        createdAt,
        model,
        status: 'done',
        usage: {
          promptTokens: 400 + i,
          completionTokens,
          totalTokens: 400 + i + completionTokens,
          cost: '0.0012',
        },
      });
    }
  }
  return messages;
}

export function benchConversation(
  id: string,
  messages: ChatMessage[],
  model: string,
): Conversation {
  const first = messages.find((m) => m.role === 'user');
  return {
    version: 2,
    id,
    title: first ? first.content.slice(0, 50) : 'Bench',
    pinned: false,
    createdAt: messages[0]?.createdAt ?? '2026-01-01T09:00:00.000Z',
    updatedAt: messages[messages.length - 1]?.createdAt ?? '2026-01-01T09:00:00.000Z',
    model,
    messageCount: messages.length,
    systemPrompt: '',
    temperature: null,
    maxTokens: null,
    contextStart: 0,
    messages,
  };
}
