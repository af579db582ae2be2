// An answer's markdown as the sentences voice mode speaks: code, tables, links' addresses and markup left out, split as it streams.

/**
 * Words whose period does not end a sentence, lower case, without the period. "etc.", "т. д." and
 * "т. п." usually end one, so they are not here.
 */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'st',
  'jr',
  'sr',
  'vs',
  'e.g',
  'i.e',
  'cf',
  'fig',
  'approx',
  'т',
  'т.е',
  'т.к',
  'т.н',
  'г',
  'гг',
  'им',
  'ул',
  'стр',
  'см',
  'рис',
  'напр',
  'проф',
]);

/**
 * The text to read aloud, one block per line: fenced code (to the end of the text while its fence
 * is open), tables, pictures, inline code and math are left out; a link keeps its words; headings,
 * list and quote marks, emphasis and tags are dropped.
 */
export function speakableText(markdown: string): string {
  const blocks: string[] = [];
  let inFence = false;
  let inMath = false;
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    if (/^(```|~~~)/.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (line === '$$') {
      inMath = !inMath;
      continue;
    }
    if (inFence || inMath || line.startsWith('|') || /^[-*_]{3,}$/.test(line)) {
      blocks.push('');
      continue;
    }
    const spoken = line
      .replace(/^#{1,6}\s+/, '')
      .replace(/^(>\s*)+/, '')
      .replace(/^([-*+]|\d+[.)])\s+/, '')
      .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/`[^`]*`?/g, '')
      .replace(/\$\$[^$]*\$\$|\$[^$\s][^$]*\$/g, '')
      .replace(/<[^>]+>/g, '')
      .replace(/https?:\/\/\S+/g, '')
      .replace(/(\*\*|__|\*|~~)/g, '')
      .replace(/(^|\s)_([^_]+)_(?=\s|$|[.,!?])/g, '$1$2')
      .replace(/\s+/g, ' ')
      .trim();
    blocks.push(spoken);
  }
  return blocks.join('\n');
}

/** Whether the period at `dot` in `text` ends a sentence (the next word is known to follow). */
function periodEnds(text: string, dot: number): boolean {
  const before = text.slice(0, dot);
  const word = /([\p{L}.]+)$/u.exec(before)?.[1] ?? '';
  if (ABBREVIATIONS.has(word.toLowerCase())) return false;
  // An initial: "A. S. Pushkin".
  if (/^\p{Lu}$/u.test(word)) return false;
  const next = /^[\s"'«“)\]]*(\S)/u.exec(text.slice(dot + 1))?.[1] ?? '';
  // Lower case goes on the same sentence ("approx. ten", "т. е. это").
  return next !== '' && !/\p{Ll}/u.test(next);
}

/** Splits one block of plain text into sentences; the last may be unfinished. */
function splitBlock(block: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (let i = 0; i < block.length; i++) {
    const ch = block[i]!;
    if (!'.!?…'.includes(ch)) continue;
    let end = i + 1;
    while (end < block.length && '.!?…"\'»”)]'.includes(block[end]!)) end++;
    if (end >= block.length || !/\s/.test(block[end]!)) {
      i = end - 1;
      continue;
    }
    if (ch === '.' && end === i + 1 && !periodEnds(block, i)) continue;
    sentences.push(block.slice(start, end).trim());
    start = end;
    i = end - 1;
  }
  const rest = block.slice(start).trim();
  if (rest !== '') sentences.push(rest);
  return sentences;
}

/** Every sentence of a whole text, in order, with nothing worth saying left out. */
export function sentencesOf(markdown: string): string[] {
  return speakableText(markdown)
    .split('\n')
    .flatMap(splitBlock)
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
}

export interface SentenceStream {
  /** The answer so far (it only grows): the sentences finished since the last call. */
  push(textSoFar: string): string[];
  /** The whole answer: the sentences not given yet. */
  end(finalText: string): string[];
}

/**
 * A sentence is given once text follows it: the last one of a growing answer may still change
 * ("3." may become "3.14", "Dr." may precede a name).
 */
export function createSentenceStream(): SentenceStream {
  let given = 0;
  function take(sentences: string[]): string[] {
    const fresh = sentences.slice(given);
    given = Math.max(given, sentences.length);
    return fresh;
  }
  return {
    push: (textSoFar) => take(sentencesOf(textSoFar).slice(0, -1)),
    end: (finalText) => take(sentencesOf(finalText)),
  };
}
