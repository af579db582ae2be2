// Unit tests of the streaming markdown block splitter (renderer/src/chat/markdown-blocks.ts).
import { describe, expect, it } from 'vitest';
import {
  advanceBlockSplit,
  advanceTailPieces,
  emptyBlockSplit,
  OPEN_PART_LIMIT,
  tableHead,
  tailPieceTexts,
  type TailPieces,
  finishBlockSplit,
  blockMovedOn,
  splitMarkdownBlocks,
  tailText,
  type BlockSplitState,
} from '../../../../renderer/src/chat/markdown-blocks';

function streamInPieces(text: string, size: number): BlockSplitState {
  let state = emptyBlockSplit;
  for (let i = size; i < text.length + size; i += size) {
    state = advanceBlockSplit(state, text.slice(0, Math.min(i, text.length)));
  }
  return state;
}

function finishedBlocks(state: BlockSplitState): string[] {
  return allBlocks(finishBlockSplit(state));
}

function allBlocks(state: BlockSplitState): string[] {
  const texts = state.blocks.map((b) => b.text);
  const tail = tailText(state);
  if (tail) texts.push(tail);
  return texts;
}

describe('splitMarkdownBlocks', () => {
  it('splits paragraphs on blank lines', () => {
    expect(splitMarkdownBlocks('One.\nStill one.\n\nTwo.\n\n\nThree.')).toEqual([
      'One.\nStill one.',
      'Two.',
      'Three.',
    ]);
  });

  it('keeps a fenced code block with blank lines whole', () => {
    const text = 'Intro\n\n```js\nconst a = 1;\n\n\nconst b = 2;\n```\n\nAfter';
    expect(splitMarkdownBlocks(text)).toEqual([
      'Intro',
      '```js\nconst a = 1;\n\n\nconst b = 2;\n```',
      'After',
    ]);
  });

  it('does not close a ``` fence with ~~~ or a shorter fence', () => {
    const text = '````\n```\n\n~~~\n\nstill code\n````\n\nout';
    expect(splitMarkdownBlocks(text)).toEqual(['````\n```\n\n~~~\n\nstill code\n````', 'out']);
  });

  it('keeps a $$ math block with blank lines whole, but not single-line $$x$$', () => {
    const text = '$$\na = b\n\n+ c\n$$\n\n$$x$$\n\nend';
    expect(splitMarkdownBlocks(text)).toEqual(['$$\na = b\n\n+ c\n$$', '$$x$$', 'end']);
  });

  it('keeps a loose list together, including indented continuations', () => {
    const text = '- one\n\n- two\n\n  more of two\n\n1. three\n\nParagraph';
    expect(splitMarkdownBlocks(text)).toEqual([
      '- one\n\n- two\n\n  more of two\n\n1. three',
      'Paragraph',
    ]);
  });

  it('handles CRLF line ends like LF', () => {
    const text = 'One\r\n\r\n```\r\ncode\r\n\r\nmore\r\n```\r\n\r\nTwo\r\n';
    expect(splitMarkdownBlocks(text)).toEqual(['One', '```\r\ncode\r\n\r\nmore\r\n```', 'Two']);
  });

  it('ignores leading and trailing blank lines', () => {
    expect(splitMarkdownBlocks('\n\n  \nHello\n\n\n')).toEqual(['Hello']);
    expect(splitMarkdownBlocks('')).toEqual([]);
  });
});

describe('advanceBlockSplit while streaming', () => {
  it('leaves an unclosed fence in the growing tail', () => {
    const state = advanceBlockSplit(emptyBlockSplit, 'Text\n\n```py\nprint(1)\n\nprint(2)\n');
    expect(state.blocks.map((b) => b.text)).toEqual(['Text']);
    expect(state.fence).toBe('```');
    expect(tailText(state)).toBe('```py\nprint(1)\n\nprint(2)');
  });

  it('does not complete a block until the next block has a whole line', () => {
    const partial = advanceBlockSplit(emptyBlockSplit, 'First\n\n1');
    expect(partial.blocks).toEqual([]);
    expect(tailText(partial)).toBe('First\n\n1');
    const whole = advanceBlockSplit(partial, 'First\n\n1. item\n');
    expect(whole.blocks.map((b) => b.text)).toEqual(['First']);
    expect(tailText(whole)).toBe('1. item');
  });

  it('completes the last block when the text is finished, keeping earlier keys', () => {
    const streaming = advanceBlockSplit(emptyBlockSplit, 'A\n\nB\n\nC');
    const finished = finishBlockSplit(streaming);
    expect(finished.blocks.slice(0, 1)).toEqual(streaming.blocks);
    expect(allBlocks(finished)).toEqual(['A', 'B', 'C']);
    expect(finished.source).toBe('A\n\nB\n\nC');
  });

  it('gives the same blocks whatever the chunk sizes', () => {
    const text =
      '# Title\n\nSome *text* with $x$.\n\n```ts\nlet a = 1;\n\nlet b = 2;\n```\n\n- a\n\n- b\n\n$$\n\\int x\n\n$$\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nEnd.';
    const whole = splitMarkdownBlocks(text);
    for (const size of [1, 2, 3, 7, 16, 1000])
      expect(finishedBlocks(streamInPieces(text, size))).toEqual(whole);
  });

  it('keeps earlier block objects (and keys) when more text arrives', () => {
    const first = advanceBlockSplit(emptyBlockSplit, 'A\n\nB\n\nC');
    const second = advanceBlockSplit(first, 'A\n\nB\n\nC continues\n\nD\n');
    expect(first.blocks.map((b) => b.text)).toEqual(['A']);
    expect(second.blocks[0]).toBe(first.blocks[0]);
    expect(second.blocks.map((b) => b.text)).toEqual(['A', 'B', 'C continues']);
    expect(tailText(second)).toBe('D');
    expect(new Set(second.blocks.map((b) => b.key)).size).toBe(3);
  });

  it('starts over when the text is replaced rather than extended', () => {
    const first = advanceBlockSplit(emptyBlockSplit, 'Old\n\nText\n\n');
    const second = advanceBlockSplit(first, 'New\n\nOne');
    expect(finishedBlocks(second)).toEqual(['New', 'One']);
  });

  it('returns the same state when nothing new arrived', () => {
    const state = advanceBlockSplit(emptyBlockSplit, 'A\n\nB');
    expect(advanceBlockSplit(state, 'A\n\nB')).toBe(state);
  });
});

describe('advanceBlockSplit on replaced text', () => {
  it('starts over when the new text does not continue the old one', () => {
    const first = advanceBlockSplit(emptyBlockSplit, 'alpha\n\nbeta\n\n' + 'x'.repeat(300) + '\n');
    const replaced = advanceBlockSplit(first, 'gamma\n\ndelta\n\n' + 'x'.repeat(300) + '\n');
    expect(replaced.blocks.map((block) => block.text)).toEqual(['gamma', 'delta']);
  });

  it('keeps the finished blocks when text is appended', () => {
    const first = advanceBlockSplit(emptyBlockSplit, 'one\n\ntwo\n\n' + 'y'.repeat(300));
    const next = advanceBlockSplit(first, first.source + ' more\n\nthree\n\n');
    expect(first.blocks.length).toBeGreaterThan(0);
    expect(next.blocks.slice(0, first.blocks.length)).toEqual(first.blocks);
    expect(tailText(next)).toBe('three');
  });
});

/** Streams `text` in chunks of `size`, as the growing block's component sees it. */
function piecesWhileStreaming(text: string, size: number): TailPieces | null {
  let pieces: TailPieces | null = null;
  for (let i = size; i < text.length + size; i += size)
    pieces = advanceTailPieces(text.slice(0, Math.min(i, text.length)).trimEnd(), pieces);
  return pieces;
}

/** Sentences with inline markup, some of it spanning a sentence's end (which a cut must not split). */
function longParagraph(sentences: number): string {
  const parts: string[] = [];
  for (let i = 0; i < sentences; i++) {
    if (i % 7 === 1) parts.push(`This has **bold. Still bold** text ${i}.`);
    else if (i % 7 === 2) parts.push(`Code \`a. b\` and $x. y$ here ${i}.`);
    else if (i % 7 === 3) parts.push(`A [link. With a stop](https://example.com/${i}) inside.`);
    else if (i % 7 === 4) parts.push(`Snake_case_name and 2 * 3 = 6, a < b too ${i}.`);
    else parts.push(`Sentence number ${i} is plain prose about the stream and its cost.`);
  }
  return parts.join(' ');
}

describe('advanceTailPieces', () => {
  it('leaves a block up to the open-part limit whole', () => {
    expect(piecesWhileStreaming(longParagraph(200).slice(0, OPEN_PART_LIMIT), 40)).toBeNull();
  });

  it('cuts a long paragraph only after a sentence, never inside inline markup', () => {
    const text = longParagraph(200);
    const pieces = piecesWhileStreaming(text, 23);
    expect(pieces?.kind).toBe('paragraph');
    const texts = tailPieceTexts(text, pieces!);
    expect(texts.length).toBeGreaterThan(5);
    expect(texts.join('')).toBe(text);
    // The open piece stays short: the frozen ones are never parsed again.
    expect(texts[texts.length - 1]!.length).toBeLessThanOrEqual(OPEN_PART_LIMIT + 23);
    for (const piece of texts.slice(0, -1)) {
      expect(piece).toMatch(/[.?!] $/);
      for (const mark of ['**', '`', '$']) expect(piece.split(mark).length % 2).toBe(1);
      expect(piece.split('[').length).toBe(piece.split(']').length);
    }
  });

  it('cuts a long list before a top-level item of the same kind', () => {
    const items = Array.from(
      { length: 90 },
      (_, i) =>
        `${i + 1}. Item ${i} with \`code\` and *emphasis*.` +
        (i % 10 === 0 ? '\n   - a nested point\n   - another one' : ''),
    );
    const text = items.join('\n');
    const pieces = piecesWhileStreaming(text, 17);
    expect(pieces?.kind).toBe('list');
    const texts = tailPieceTexts(text, pieces!);
    expect(texts.length).toBeGreaterThan(2);
    expect(texts.join('')).toBe(text);
    for (const piece of texts) expect(piece).toMatch(/^\d+\. Item/);
  });

  it('cuts a long table before a row, never inside its head, and not past its end', () => {
    const head = '| name | value | note |\n| :--- | ---: | --- |\n';
    const rows = Array.from({ length: 200 }, (_, i) => `| row ${i} | ${i * 7} | \`x|y\` *z* |`);
    const text = `${head}${rows.join('\n')}\n\nAfter the table`;
    expect(tableHead(text)).toBe(head);
    const pieces = piecesWhileStreaming(text, 19);
    expect(pieces?.kind).toBe('table');
    const texts = tailPieceTexts(text, pieces!);
    expect(texts.length).toBeGreaterThan(3);
    expect(texts[0]!.startsWith(head)).toBe(true);
    for (const piece of texts.slice(1)) expect(piece).toMatch(/^\| row \d+ \|/);
    expect(texts[texts.length - 1]).toContain('\n\nAfter the table');
    expect(tableHead('| a | b |\nno delimiter\n')).toBeNull();
    expect(tableHead('no pipe\n| --- |\n')).toBeNull();
  });

  it('does not cut headings, quotes or code', () => {
    const body = longParagraph(100);
    for (const start of ['# Title ', '> ', '```ts\n', '    indented '])
      expect(piecesWhileStreaming(start + body, 50)).toBeNull();
  });

  it('stops cutting a paragraph at a line that would change what it is', () => {
    const before = longParagraph(40);
    const text = `${before}\n## A heading\n${longParagraph(60)}`;
    const pieces = piecesWhileStreaming(text, 31);
    expect(pieces).not.toBeNull();
    expect(pieces!.cuts[pieces!.cuts.length - 1]!).toBeLessThanOrEqual(before.length + 1);
  });

  it('never cuts past the blank line that ends a paragraph', () => {
    const first = longParagraph(60);
    const text = `${first}\n\n${longParagraph(60)}`;
    const pieces = piecesWhileStreaming(text, 37);
    expect(pieces).not.toBeNull();
    // The blank line stays in the open piece, where the next block is split off from it.
    const open = tailPieceTexts(text, pieces!).pop()!;
    expect(open).toContain('\n\n');
  });

  it('starts over when the block is another one', () => {
    const first = piecesWhileStreaming(longParagraph(100), 50);
    expect(first).not.toBeNull();
    expect(advanceTailPieces('Short and new.', first)).toBeNull();
    const other = `Another start. ${longParagraph(100)}`;
    const next = advanceTailPieces(other, first);
    expect(next).not.toBe(first);
    if (next) expect(tailPieceTexts(other, next).join('')).toBe(other);
  });

  it('hands back the same state while no cut is due', () => {
    const text = longParagraph(100);
    const pieces = piecesWhileStreaming(text, 50)!;
    expect(advanceTailPieces(text + ' more', pieces)).toBe(pieces);
  });
});

describe('blockMovedOn', () => {
  const list = '1. one\n2. two\n   more of two';
  const lines = {
    ended: [
      'T',
      'The end',
      '**Bold** then',
      '#',
      '> q',
      '`code',
      '12a',
      '1234567890. x',
      '1.x',
      '-x',
      '---',
      '**',
    ],
    undecided: ['', '1', '12', '1.', '3)', '-', '*', '+'],
    continuing: ['3. three', '- dash', '* star', '   indented', '\tcode', '1. ', '- '],
  };

  it('finds a list ended by a line still being written after a blank line', () => {
    for (const line of lines.ended)
      expect(blockMovedOn(`${list}\n\n${line}`), line).toEqual({
        end: list.length,
        next: list.length + 2,
      });
    expect(blockMovedOn(`${list}\n  \n\nThe end`)).toEqual({
      end: list.length,
      next: list.length + 5,
    });
  });

  it('finds none while the line could still continue the list, or without a blank line', () => {
    for (const line of [...lines.undecided, ...lines.continuing])
      expect(blockMovedOn(`${list}\n\n${line}`), line).toBeNull();
    expect(blockMovedOn(`${list}\nThe end`)).toBeNull(); // a lazy line of the last item
    expect(blockMovedOn(list)).toBeNull();
  });

  it('agrees with the splitter once the line is complete, whatever follows', () => {
    for (const line of [...lines.ended, ...lines.undecided, ...lines.continuing])
      for (const rest of ['', ' x', '. y', 'z']) {
        const text = `${list}\n\n${line}`;
        const complete = `${text}${rest}\nlater`;
        const ended = splitMarkdownBlocks(complete)[0] === list;
        // Whenever it says the list has ended, the splitter ends it there.
        if (blockMovedOn(text)) expect(ended, JSON.stringify(line + rest)).toBe(true);
      }
  });
});
