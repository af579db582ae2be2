// Unit tests of the streaming markdown block splitter (renderer/src/chat/markdown-blocks.ts).
import { describe, expect, it } from 'vitest';
import {
  advanceBlockSplit,
  emptyBlockSplit,
  finishBlockSplit,
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
