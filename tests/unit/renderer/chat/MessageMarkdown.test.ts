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

  it('keeps a short growing block whole', () => {
    const html = render(`Intro.\n\n${sentences.slice(0, 5).join(' ')}`, true);
    expect(html).not.toContain('tail-pieces');
  });
});
