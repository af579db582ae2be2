// Markdown and HTML exports show an answer's tool calls: tool, server, arguments, how each ended, what it returned.
import { describe, expect, it } from 'vitest';
import {
  conversationMarkdown,
  conversationsHtml,
} from '../../../../../electron/core/features/transfer/render';
import type { Conversation } from '../../../../../shared/types';
import { conversation } from '../../../conversation-data';

const at = '2026-03-04T05:06:07.000Z';
const withTools: Conversation = {
  ...conversation('c1', [
    { id: 'm1', role: 'user', content: 'echo and peek', createdAt: at, status: 'done' },
    {
      id: 'm2',
      role: 'assistant',
      content: 'The echo said hi.',
      createdAt: at,
      status: 'done',
      toolRounds: [
        {
          content: 'Let me check.',
          calls: [
            {
              id: 'c1',
              wireName: 'echo',
              serverId: 's',
              serverName: 'everything',
              tool: 'echo',
              arguments: '{"message":"hi"}',
              state: 'done',
              result: [{ type: 'text', text: 'Echo: <b>hi</b>' }],
            },
            {
              id: 'c2',
              wireName: 'peek',
              serverId: 's',
              serverName: 'everything',
              tool: 'peek',
              arguments: '{}',
              state: 'denied',
              error: 'The person declined this call.',
            },
          ],
        },
      ],
    },
  ]),
  title: 'Tools',
  createdAt: at,
  updatedAt: at,
  model: 'openai/gpt-4o-mini',
  systemPrompt: '',
};

describe('tool calls in exports', () => {
  it('Markdown lists each call with its arguments and outcome before the answer', () => {
    const md = conversationMarkdown(withTools);
    expect(md).toContain('**Tool call: echo on everything (done)**');
    expect(md).toContain('"message": "hi"');
    expect(md).toContain('Echo: <b>hi</b>');
    expect(md).toContain('**Tool call: peek on everything (denied)**');
    expect(md).toContain('The person declined this call.');
    expect(md.indexOf('Let me check.')).toBeLessThan(md.indexOf('Tool call: echo'));
    expect(md.indexOf('Tool call: peek')).toBeLessThan(md.indexOf('The echo said hi.'));
  });

  it('HTML shows them escaped', async () => {
    const html = await conversationsHtml([withTools], () => Promise.resolve(null));
    expect(html).toContain('Tool call: echo on everything (done)');
    expect(html).toContain('Echo: &lt;b&gt;hi&lt;/b&gt;');
    expect(html).not.toContain('<b>hi</b>');
    expect(html).toContain('Tool call: peek on everything (denied)');
  });
});
