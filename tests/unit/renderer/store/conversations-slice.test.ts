// Search in the store: the hits with whether the word index is still building (asked again until it is done), and a hit opening at its message.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answers, calls, openStore, resetBridge, type Store } from './fake-bridge';
import type { Conversation, SearchHit } from '../../../../shared/types';

let store: Store;

beforeAll(async () => {
  store = await openStore();
});

afterEach(() => {
  vi.useRealTimers();
  resetBridge();
});

const hit: SearchHit = {
  conversationId: 'c1',
  title: 'Trip',
  messageId: 'm2',
  snippet: 'the Zebra crossing',
  ranges: [{ start: 4, end: 9 }],
};

const searches = () => calls.filter((c) => c.channel === 'semantic.search').length;

describe('search in the store', () => {
  it('says the index is still building, asks again until it is done, then stops', async () => {
    vi.useFakeTimers();
    let indexing = true;
    answers.set('semantic.wordsStatus', () => ({
      ok: true,
      data: { indexing, indexed: indexing ? 1 : 2, total: 2 },
    }));
    answers.set('semantic.search', () => ({ ok: true, data: [hit] }));
    await store.getState().searchConversations('zebra');
    expect(store.getState()).toMatchObject({ searchHits: [hit], searchIndexing: true });
    expect(searches()).toBe(1);

    indexing = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(searches()).toBe(2);
    expect(store.getState().searchIndexing).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(searches()).toBe(2);
  });

  it('does not ask again for a query the person has since changed', async () => {
    vi.useFakeTimers();
    answers.set('semantic.wordsStatus', () => ({
      ok: true,
      data: { indexing: true, indexed: 1, total: 2 },
    }));
    answers.set('semantic.search', () => ({ ok: true, data: [] }));
    await store.getState().searchConversations('zeb');
    await store.getState().searchConversations('');
    expect(store.getState()).toMatchObject({ searchHits: null, searchIndexing: false });
    await vi.advanceTimersByTimeAsync(3000);
    expect(searches()).toBe(1);
  });

  it('opens a hit at its message, and a plain opening forgets it', async () => {
    const c = { id: 'c1', title: 'Trip', messages: [] } as unknown as Conversation;
    answers.set('conversations.get', () => ({ ok: true, data: c }));
    await store.getState().openSearchHit(hit);
    expect(store.getState().activeId).toBe('c1');
    const first = store.getState().foundMessage;
    expect(first).toMatchObject({ conversationId: 'c1', messageId: 'm2' });
    // The same hit again is a new opening (the list scrolls to it again).
    await store.getState().openSearchHit(hit);
    expect(store.getState().foundMessage!.seq).toBeGreaterThan(first!.seq);
    await store.getState().openConversation('c1');
    expect(store.getState().foundMessage).toBeNull();
    // A title hit just opens the conversation.
    await store.getState().openSearchHit({ ...hit, messageId: null });
    expect(store.getState().foundMessage).toBeNull();
  });
});
