// Deterministic text for answers: hashing, token estimates, and long markdown on demand.

/** FNV-1a over UTF-16 code units: a stable 32-bit number for any text. */
export function hash32(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export function hashHex(text: string): string {
  return hash32(text).toString(16).padStart(8, '0');
}

/** The service's rough count, used for context checks and usage: one token per 4 characters. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function pick<T>(items: readonly T[], seed: number): T {
  const item = items[seed % items.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Pieces of a few words each whose concatenation is exactly the text (stream chunks). */
export function splitIntoPieces(text: string, wordsPerPiece = 3): string[] {
  const tokens = text.split(/(?<=\s)(?=\S)/);
  const pieces: string[] = [];
  for (let i = 0; i < tokens.length; i += wordsPerPiece)
    pieces.push(tokens.slice(i, i + wordsPerPiece).join(''));
  return pieces.length > 0 ? pieces : [''];
}

const TOPICS = [
  'streaming',
  'rendering',
  'caching',
  'scheduling',
  'storage',
  'networking',
  'indexing',
  'layout',
];
const SENTENCES = [
  'The simulated model writes this text so that long answers can be measured.',
  'Each paragraph repeats a pattern with small changes, which keeps it deterministic.',
  'A renderer should only redo the work for the block that is still growing.',
  'Completed blocks can be memoized, since their text no longer changes.',
  'Virtualized lists keep the number of mounted nodes small in long conversations.',
  'Batching deltas per animation frame keeps the main thread responsive.',
];

function longSection(index: number): string {
  const topic = pick(TOPICS, index);
  const sentences = [0, 1, 2, 3].map((i) => pick(SENTENCES, index * 7 + i)).join(' ');
  switch (index % 5) {
    case 0:
      return `## Part ${index + 1}: ${topic}\n\n${sentences}\n\n`;
    case 1:
      return `- **${topic}** item ${index}: ${pick(SENTENCES, index)}\n- second point about ${topic}\n- third point, number ${index * 3}\n\n`;
    case 2:
      return `\`\`\`ts\nfunction ${topic}Step${index}(n: number): number {\n  return n * ${index + 2} + ${index % 7};\n}\n\`\`\`\n\n`;
    case 3:
      return `The cost grows as $O(n \\log n)$ for ${topic}; in full:\n\n$$\\sum_{k=1}^{${index + 2}} k = \\frac{${index + 2}(${index + 3})}{2}$$\n\n`;
    default:
      return `| step | ${topic} |\n| --- | --- |\n| ${index} | ${sentences.slice(0, 40)} |\n\n${sentences}\n\n`;
  }
}

/** Markdown of about `tokens` tokens (4 characters each, whole sections), built in linear time. */
export function longMarkdown(tokens: number): string {
  const targetChars = Math.max(1, tokens) * 4;
  const sections: string[] = [];
  let length = 0;
  for (let i = 0; length < targetChars; i += 1) {
    const section = longSection(i);
    sections.push(section);
    length += section.length;
  }
  return sections.join('').trimEnd();
}

/**
 * One numbered list of `items` items and a closing line: the "list every ..." answer, whose last
 * block keeps growing for the whole stream.
 */
export function longList(items: number): string {
  const lines = Array.from({ length: Math.max(1, items) }, (_, i) => {
    const topic = pick(TOPICS, i);
    return `${i + 1}. **${topic}** point ${i + 1}: ${pick(SENTENCES, i * 5 + 1)}`;
  });
  return `Here are ${lines.length} points.\n\n${lines.join('\n')}\n\nThat is the whole list.`;
}

/** One table of `rows` rows and a closing line: the "compare them all" answer, growing row by row. */
export function longTable(rows: number): string {
  const lines = Array.from({ length: Math.max(1, rows) }, (_, i) => {
    const topic = pick(TOPICS, i);
    return `| ${i + 1} | **${topic}** | ${(i * 37) % 1000} ms | ${pick(SENTENCES, i * 3 + 2)} |`;
  });
  return [
    `Here are ${lines.length} rows.`,
    ['| # | topic | latency | note |', '| ---: | --- | ---: | --- |', ...lines].join('\n'),
    'That is the whole table.',
  ].join('\n\n');
}
