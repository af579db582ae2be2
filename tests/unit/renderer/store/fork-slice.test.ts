// The fork slice: "New chat from here" opens the branch core made at once, and a refusal is shown as the conversation's error.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Conversation } from '../../../../shared/types';
import { answers, calls, openStore, resetBridge, type Store } from './fake-bridge';

let store: Store;

beforeAll(async () => {
  store = await openStore();
});

beforeEach(() => {
  resetBridge();
  store.setState({ activeId: 'c1', open: {}, summaries: [], tab: 'settings' });
});

const branch: Conversation = {
  version: 2,
  id: 'c2',
  title: 'Tea (branch)',
  pinned: false,
  createdAt: '2026-02-01T10:00:00.000Z',
  updatedAt: '2026-02-01T10:00:00.000Z',
  model: 'm',
  messageCount: 1,
  folderId: null,
  archived: false,
  systemPrompt: '',
  temperature: null,
  maxTokens: null,
  contextStart: 0,
  messages: [{ id: 'q1', role: 'user', content: 'Tea?', createdAt: '', status: 'done' }],
};

describe('fork slice', () => {
  it('opens the branch at once, listed and loaded, with the Message box focused', async () => {
    answers.set('conversations.fork', () => ({ ok: true, data: branch }));
    const focus = store.getState().composerFocusRequest;
    expect(await store.getState().forkConversation('c1', 'q1')).toBeNull();
    expect(calls).toEqual([
      { channel: 'conversations.fork', input: { id: 'c1', messageId: 'q1' } },
    ]);
    const state = store.getState();
    expect(state).toMatchObject({ activeId: 'c2', tab: 'chat', conversationError: null });
    expect(state.open.c2).toEqual(branch);
    expect(state.summaries.map((s) => s.id)).toEqual(['c2']);
    expect(state.composerFocusRequest).toBe(focus + 1);
  });

  it('stays where it was and says why when core refuses', async () => {
    const error = { code: 'not_found', message: 'gone', status: null, retryable: false } as const;
    answers.set('conversations.fork', () => ({ ok: false, error }));
    expect(await store.getState().forkConversation('c1', 'q1')).toEqual(error);
    expect(store.getState()).toMatchObject({ activeId: 'c1', conversationError: error });
  });
});
