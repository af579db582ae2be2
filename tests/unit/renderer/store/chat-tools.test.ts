// The store folds 'tools' events: the answer's rounds replace what was shown and its text starts anew.
import { beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from './fake-bridge';
import { conversation, message, summaryOf } from '../../conversation-data';
import type { ToolRound } from '../../../../shared/tools';
import type { ChatEvent, ChatMessage } from '../../../../shared/types';

let store: Store;

beforeAll(async () => {
  store = await openStore();
});

describe("'tools' events in the store", () => {
  it('replace the streamed rounds and the text, and done keeps the saved message', () => {
    const c = conversation('c1', [message('q1', 'user', 'echo hi')]);
    store.setState({
      activeId: c.id,
      open: { [c.id]: c },
      summaries: [summaryOf(c)],
      streams: {},
      turnFailures: {},
      drafts: {},
    });
    const asking: ToolRound[] = [
      {
        content: 'Let me check.',
        calls: [
          {
            id: 'call_1',
            wireName: 'echo',
            serverId: 's',
            serverName: 'everything',
            tool: 'echo',
            arguments: '{}',
            state: 'asking',
          },
        ],
      },
    ];
    const events: ChatEvent[] = [
      {
        type: 'start',
        conversationId: 'c1',
        messageId: 'a1',
        model: 'm/a',
        question: message('q1', 'user', 'echo hi'),
        contextStart: 0,
        summary: summaryOf(c),
      },
      {
        type: 'delta',
        conversationId: 'c1',
        messageId: 'a1',
        content: 'Let me check.',
        reasoning: '',
      },
      { type: 'tools', conversationId: 'c1', messageId: 'a1', rounds: asking, content: '' },
    ];
    store.getState().applyChatEvents(events);
    expect(store.getState().streams.c1).toMatchObject({
      messageId: 'a1',
      hasContent: false,
      toolRounds: asking,
    });
    expect(store.getState().liveTexts.get('c1')?.content).toBe('');
    const done: ToolRound[] = [
      { ...asking[0]!, calls: [{ ...asking[0]!.calls[0]!, state: 'done', result: [] }] },
    ];
    store.getState().applyChatEvents([
      { type: 'tools', conversationId: 'c1', messageId: 'a1', rounds: done, content: '' },
      {
        type: 'delta',
        conversationId: 'c1',
        messageId: 'a1',
        content: 'It said hi.',
        reasoning: '',
      },
    ]);
    expect(store.getState().streams.c1).toMatchObject({ hasContent: true, toolRounds: done });
    expect(store.getState().liveTexts.get('c1')?.content).toBe('It said hi.');
    const answer: ChatMessage = { ...message('a1', 'assistant', 'It said hi.'), toolRounds: done };
    store
      .getState()
      .applyChatEvents([
        { type: 'done', conversationId: 'c1', message: answer, summary: summaryOf(c) },
      ]);
    expect(store.getState().streams.c1).toBeUndefined();
    expect(store.getState().open.c1!.messages[1]!.toolRounds).toEqual(done);
  });
});
