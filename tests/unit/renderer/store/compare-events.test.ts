// A compare's events folded into the open conversation: the answers as versions of one answer, each column's live text and end apart.
import { describe, expect, it } from 'vitest';
import type { CompareEvent } from '../../../../shared/compare';
import type { ChatMessage, Conversation, ConversationSummary } from '../../../../shared/types';
import {
  comparedVersions,
  foldCompareEvents,
  openCompare,
} from '../../../../renderer/src/store/compare-events';
import { createLiveTexts } from '../../../../renderer/src/store/live-text';

const summary: ConversationSummary = {
  id: 'c1',
  title: 'Seas',
  pinned: false,
  createdAt: '2026-11-29T00:00:00.000Z',
  updatedAt: '2026-11-29T00:00:01.000Z',
  model: 'a',
  messageCount: 2,
};

const conversation: Conversation = {
  ...summary,
  version: 2,
  systemPrompt: '',
  temperature: null,
  maxTokens: null,
  contextStart: 0,
  messages: [],
};

const message = (id: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  role: 'assistant',
  content: '',
  createdAt: '',
  status: 'streaming',
  model: id.toUpperCase(),
  ...extra,
});

const question: ChatMessage = {
  id: 'q',
  role: 'user',
  content: 'Which sea?',
  createdAt: '',
  status: 'done',
  comparing: true,
};

const start: CompareEvent = {
  type: 'start',
  conversationId: 'c1',
  question,
  answers: [message('a'), message('b'), message('c')],
  contextStart: 0,
  questionIndex: 0,
  summary,
};

function fold(
  events: CompareEvent[],
  before = { open: { c1: conversation }, summaries: [summary], compareStreams: {} },
) {
  const texts = createLiveTexts();
  return { ...foldCompareEvents(events, before, texts), texts };
}

describe('foldCompareEvents', () => {
  it('shows the question and every answer as a version of one answer, each streaming', () => {
    const { open, compareStreams } = fold([start]);
    const head = openCompare(open.c1);
    expect(head?.id).toBe('a');
    expect(comparedVersions(head!).map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(Object.keys(compareStreams).sort()).toEqual(['a', 'b', 'c']);
  });

  it('grows each column’s own text and ends one column while the others stream', () => {
    const delta = (id: string, content: string): CompareEvent => ({
      type: 'delta',
      conversationId: 'c1',
      messageId: id,
      content,
      reasoning: '',
    });
    const { open, compareStreams, texts, grown } = fold([
      start,
      delta('b', 'Dead '),
      delta('c', 'Red'),
      delta('b', 'Sea'),
      {
        type: 'done',
        conversationId: 'c1',
        message: message('c', { content: 'Red Sea', status: 'done' }),
        summary,
      },
    ]);
    expect(texts.get('b')?.content).toBe('Dead Sea');
    expect(texts.get('c')).toBeUndefined();
    expect([...grown]).toEqual(['b']);
    expect(Object.keys(compareStreams).sort()).toEqual(['a', 'b']);
    const versions = comparedVersions(openCompare(open.c1)!);
    expect(versions.map((m) => m.status)).toEqual(['streaming', 'streaming', 'done']);
    expect(versions[2]!.content).toBe('Red Sea');
  });

  it('keeps the versions on the first answer when it ends', () => {
    const { open } = fold([
      start,
      {
        type: 'error',
        conversationId: 'c1',
        message: message('a', { status: 'error' }),
        error: { code: 'server_error', message: 'x', status: 500 } as never,
        summary,
      },
    ]);
    const versions = comparedVersions(openCompare(open.c1)!);
    expect(versions.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(versions[0]!.status).toBe('error');
  });

  it('is no open compare once the question is no longer marked (the person chose)', () => {
    const { open } = fold([start]);
    const chosen = {
      ...open.c1!,
      messages: [{ ...question, comparing: undefined }, open.c1!.messages[1]!],
    };
    expect(openCompare(chosen)).toBeNull();
  });
});
