// Unit tests of an answer's markdown as the page gets it: a long growing block shown in pieces.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { MessageMarkdown, preloadMarkdown } from '../../../../renderer/src/chat/MessageMarkdown';

function render(text: string, streaming: boolean): string {
  return renderToStaticMarkup(createElement(MessageMarkdown, { text, streaming }));
}

const sentences = Array.from(
  { length: 60 },
  (_, i) => `Sentence ${i} says **something** about \`code\` and $x_${i}$.`,
);
const longParagraph = sentences.join(' ');

describe('MessageMarkdown', () => {
  // The markdown chunk loaded, as it is before a conversation opens (no suspense in a static render).
  beforeAll(async () => {
    await preloadMarkdown();
  });

  it('shows a long growing paragraph in pieces that flow as one, the next block apart', () => {
    const html = render(`Intro.\n\n${longParagraph}\n\nThe next paragraph beg`, true);
    const pieces =
      /<div class="tail-pieces paragraph">([\s\S]*?)<\/div><p>The next paragraph beg<\/p>/.exec(
        html,
      );
    expect(pieces).not.toBeNull();
    const paragraphs = pieces![1]!.match(/<p>/g) ?? [];
    expect(paragraphs.length).toBeGreaterThanOrEqual(2);
    expect(pieces![1]).toContain('Sentence 0 says <strong>something</strong>');
    expect(pieces![1]).toContain('Sentence 59 says');
  });

  it("joins a paragraph's pieces with its own space, as text (copied with it), not drawn by CSS", () => {
    const text = `Intro.\n\n${longParagraph}\n\nThe next paragraph beg`;
    const plain = (html: string) => html.replace(/<[^>]+>/g, '');
    const streamed = /<div class="tail-pieces paragraph">([\s\S]*?)<\/div>/.exec(
      render(text, true),
    );
    const whole = /<p>(Sentence 0[\s\S]*?)<\/p>/.exec(render(text, false));
    expect(streamed![1]!.match(/<\/p> <p>/g)?.length).toBeGreaterThanOrEqual(1);
    expect(plain(streamed![1]!)).toBe(plain(whole![1]!));
  });

  it('shows the same paragraph whole once the answer is finished', () => {
    const html = render(`Intro.\n\n${longParagraph}\n\nThe next paragraph.`, false);
    expect(html).not.toContain('tail-pieces');
    expect(html).toContain(`<p>Sentence 0 says <strong>something</strong>`);
    expect(html.match(/<p>/g)?.length).toBe(3);
  });

  it("puts a long growing table's pieces into one table, the head once", () => {
    const rows = Array.from({ length: 100 }, (_, i) => `| ${i} | **row** ${i} | $y_${i}$ |`);
    const html = render(
      `Intro.\n\n| # | name | formula |\n| - | - | - |\n${rows.join('\n')}`,
      true,
    );
    expect(html).toContain('<div class="table-scroll tail-pieces table"><table><thead>');
    expect(html.match(/<table>/g)).toHaveLength(1);
    expect(html.match(/<thead>/g)).toHaveLength(1);
    expect(html.match(/<tbody>/g)!.length).toBeGreaterThanOrEqual(2);
    expect(html.match(/<tr>/g)).toHaveLength(101);
  });

  it('grows a long paragraph after a long list in pieces of its own, apart from the list', () => {
    const items = Array.from({ length: 60 }, (_, i) => `${i + 1}. Item ${i} is **about** \`x\`.`);
    const html = render(`Intro.\n\n${items.join('\n')}\n\n${longParagraph}`, true);
    const list = html.indexOf('<div class="tail-pieces list">');
    const paragraph = html.indexOf('<div class="tail-pieces paragraph">');
    expect(list).toBeGreaterThan(0);
    expect(paragraph).toBeGreaterThan(list);
    // The list's pieces hold only its items; the paragraph is in none of them.
    expect(html.slice(list, paragraph)).not.toContain('Sentence 0');
    expect(html.slice(list, paragraph).match(/<li>/g)).toHaveLength(60);
  });

  it('keeps a short growing block whole', () => {
    const html = render(`Intro.\n\n${sentences.slice(0, 5).join(' ')}`, true);
    expect(html).not.toContain('tail-pieces');
  });

  it('puts finished blocks in groups of 24, skippable at once while streaming, not from disk', () => {
    const text = Array.from({ length: 60 }, (_, i) => `Paragraph ${i}.`).join('\n\n');
    const groups = (html: string) => html.match(/<div class="block-group[^"]*">/g) ?? [];
    // While streaming the last blocks may still be growing: 48 or more finished, three groups.
    const streamed = groups(render(text, true));
    expect(streamed).toHaveLength(3);
    expect(streamed.every((tag) => tag.includes('skippable'))).toBe(true);
    // Opened from disk: every block finished, and none skippable before its first layout.
    const opened = groups(render(text, false));
    expect(opened).toHaveLength(3);
    expect(opened.some((tag) => tag.includes('skippable'))).toBe(false);
    const first = /<div class="block-group">([\s\S]*?)<\/div><div class="block-group">/.exec(
      render(text, false),
    );
    expect(first![1]!.match(/<p>/g)).toHaveLength(24);
  });
});

describe('a costly answer', () => {
  beforeAll(async () => {
    await preloadMarkdown();
  });

  it('shows its costly growing block as plain text and the blocks before it formatted', () => {
    const html = render(`A **first** block.\n\n${'[ (]('.repeat(3000)}\nstill growing`, true);
    expect(html).toContain('<p>A <strong>first</strong> block.</p>');
    expect(html.match(/class="plain-block"/g)).toHaveLength(1);
    expect(html).toMatch(/<pre class="plain-block-text"><span class="plain-part"[^>]*>\[ \(\]\(/);
  });

  it('formats an ordinary answer whole and streamed alike, with no plain block', () => {
    const text = `Intro.\n\n${longParagraph}\n\n- one\n- two\n\n| a | b |\n| - | - |\n| 1 | 2 |`;
    expect(render(text, true)).not.toContain('plain-block');
    expect(render(text, false)).not.toContain('plain-block');
  });
});
