// The store folds 'tools' events: the answer's rounds replace what was shown and its text starts anew.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AtelierApi } from '../../../../shared/channels';
import type { ToolRound } from '../../../../shared/tools';
import type {
  ChatEvent,
  ChatMessage,
  Conversation,
  ConversationSummary,
  Envelope,
} from '../../../../shared/types';

type Answer = (input: unknown) => Envelope<unknown>;

const calls: Array<{ channel: string; input: unknown }> = [];
const answers = new Map<string, Answer>();

const fakeBridge: AtelierApi = {
  platform: 'web',
  invoke: (async (channel: string, input: unknown) => {
    calls.push({ channel, input });
    const answer = answers.get(channel);
    return answer
      ? answer(input)
      : {
          ok: false,
          error: { code: 'unknown', message: 'not faked', status: null, retryable: false },
        };
  }) as AtelierApi['invoke'],
  on: () => () => undefined,
};

let store: typeof import('../../../../renderer/src/store').useAppStore;

beforeAll(async () => {
  (globalThis as { window?: unknown }).window = { atelier: fakeBridge };
  const platform = await import('../../../../renderer/src/platform');
  await platform.connectPlatform(100);
  store = (await import('../../../../renderer/src/store')).useAppStore;
});

const at = '2026-02-01T10:00:00.000Z';

function message(id: string, role: ChatMessage['role'], content: string): ChatMessage {
  return { id, role, content, createdAt: at, status: 'done' };
}

function summaryOf(c: Conversation, patch: Partial<ConversationSummary> = {}): ConversationSummary {
  const { id, title, pinned, createdAt, updatedAt, model, messageCount } = c;
  return { id, title, pinned, createdAt, updatedAt, model, messageCount, ...patch };
}

function conversation(id: string, messages: ChatMessage[]): Conversation {
  return {
    version: 2,
    id,
    title: messages[0]?.content ?? '',
    pinned: false,
    createdAt: at,
    updatedAt: at,
    model: 'm/a',
    messageCount: messages.length,
    systemPrompt: '',
    temperature: null,
    maxTokens: null,
    contextStart: 0,
    messages,
  };
}

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
      content: '',
      toolRounds: asking,
    });
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
    expect(store.getState().streams.c1).toMatchObject({ content: 'It said hi.', toolRounds: done });
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
