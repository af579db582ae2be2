// Markdown and HTML exports: the active path with roles, model and time; HTML escapes everything and runs nothing.
import { describe, expect, it } from 'vitest';
import {
  conversationMarkdown,
  conversationsHtml,
  escapeHtml,
} from '../../../../../electron/core/features/transfer/render';
import type { Conversation } from '../../../../../shared/types';
import { conversation } from '../../../conversation-data';

const at = '2026-03-04T05:06:07.000Z';
const hostile: Conversation = {
  ...conversation('c1', [
    {
      id: 'm1',
      role: 'user',
      content: '<script>alert("hi")</script> & "quotes"',
      createdAt: at,
      status: 'done',
      attachments: [
        {
          kind: 'image',
          mediaId: 'image-a',
          name: '"><svg onload=x>',
          mime: 'image/svg+xml',
          size: 10,
          tokens: 1,
        },
      ],
    },
    {
      id: 'm2',
      role: 'assistant',
      content: '**bold**',
      createdAt: at,
      model: 'm/x',
      status: 'done',
    },
  ]),
  title: '<img src=x onerror=alert(1)>',
  createdAt: at,
  updatedAt: at,
  model: 'openai/gpt-4o-mini',
  systemPrompt: 'Be brief ```',
};

describe('HTML export', () => {
  it('escapes every text, forbids scripts and shows no picture of a type it does not trust', async () => {
    const html = await conversationsHtml([hostile], async () => ({
      mime: 'image/svg+xml',
      base64: 'PHN2Zz4=',
    }));
    expect(html).not.toMatch(/<script|<svg|<img src=x/i);
    expect(html).toContain(
      '&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; &quot;quotes&quot;',
    );
    expect(html).toContain("default-src 'none'; img-src data:");
    expect(html).toContain('Attached: &quot;&gt;&lt;svg onload=x&gt;');
    expect(html).toContain('Assistant (m/x) · 2026-03-04 05:06 UTC');
    expect(escapeHtml(`<'&">`)).toBe('&lt;&#39;&amp;&quot;&gt;');
  });

  it('embeds a trusted picture as a data URI', async () => {
    const html = await conversationsHtml([hostile], async () => ({
      mime: 'image/png',
      base64: 'AAAA',
    }));
    expect(html).toContain('src="data:image/png;base64,AAAA"');
  });
});

const hostileAnswer = [
  '## Plan',
  '',
  'Some **bold** and a [web link](https://example.com/a) and a [trap](javascript:alert(1)).',
  '',
  '<script>alert("x")</script>',
  '',
  '<img src=x onerror="alert(2)"> and <a href="javascript:alert(3)" onclick="alert(4)">click</a>',
  '',
  '![picture](https://tracker.example/p.png)',
  '',
  '| a | b |',
  '| - | - |',
  '| 1 | 2 |',
  '',
  '```ts',
  'const answer: number = 42; // the answer',
  '```',
].join('\n');

describe('HTML export of an answer', () => {
  const withAnswer: Conversation = {
    ...hostile,
    messages: hostile.messages.map((m) => (m.id === 'm2' ? { ...m, content: hostileAnswer } : m)),
  };

  it('renders the Markdown: headings, emphasis, tables and links to the web', async () => {
    const html = await conversationsHtml([withAnswer], async () => null);
    expect(html).toContain('<h2>Plan</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toMatch(/<table>[\s\S]*<td>1<\/td>/);
    expect(html).toContain(
      '<a href="https://example.com/a" rel="noopener noreferrer">web link</a>',
    );
    expect(html).not.toContain('**bold**');
  });

  it('colours code with highlight.js classes', async () => {
    const html = await conversationsHtml([withAnswer], async () => null);
    expect(html).toContain('<pre><code class="hljs language-ts">');
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    expect(html).toContain('<span class="hljs-comment">// the answer</span>');
  });

  it('holds no script, no event attribute, no javascript: link and no outside picture', async () => {
    const html = await conversationsHtml([withAnswer], async () => null);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<[^>]*\son\w+=/i);
    expect(html).not.toMatch(/href="\s*javascript:/i);
    expect(html).not.toMatch(/<img[^>]*tracker/);
    expect(html).not.toMatch(/<a [^>]*onclick/i);
    // The raw HTML the answer carried is shown as its text.
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('<span>trap</span>');
  });
});

describe('Markdown export', () => {
  it('writes roles, model and time, and fences a system prompt that holds backticks', () => {
    const text = conversationMarkdown(hostile);
    expect(text).toContain('## You · 2026-03-04 05:06 UTC');
    expect(text).toContain('## Assistant (m/x) · 2026-03-04 05:06 UTC');
    expect(text).toContain('````\nBe brief ```\n````');
    expect(text).toContain('**bold**');
  });
});
