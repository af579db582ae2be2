// The list loaded once (an empty list says nothing before that), search in the store, and opening: the hits with whether the word index is still building (asked again until it is done), a hit opening at its message, and a long conversation's end shown before the whole of it.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answers, calls, openStore, resetBridge, type Store } from './fake-bridge';
import type { Conversation, SearchHit, WordIndexProblem } from '../../../../shared/types';
import {
  FIRST_LIST_PAGE,
  OPENING_TAIL_MESSAGES,
} from '../../../../renderer/src/store/conversations-slice';
import { summaryOf } from '../../../../shared/conversations';
import { conversation, message } from '../../conversation-data';

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

describe('the conversation list', () => {
  it('is loaded only once core has answered, with its items or its error', async () => {
    store.setState({ listLoaded: false, summaries: [] });
    answers.set('conversations.list', () => ({
      ok: true,
      data: { items: [conversation('c1', [])], total: 1, problems: [] },
    }));
    const loading = store.getState().loadConversations();
    expect(store.getState().listLoaded).toBe(false);
    await loading;
    expect(store.getState()).toMatchObject({ listLoaded: true, summaries: [{ id: 'c1' }] });

    store.setState({ listLoaded: false });
    answers.set('conversations.list', () => ({
      ok: false,
      error: { code: 'unknown', message: 'disk', status: null, retryable: false },
    }));
    await store.getState().loadConversations();
    expect(store.getState()).toMatchObject({ listLoaded: true, listError: { message: 'disk' } });
  });

  it('comes as a first page at the start, then whole once that is shown; a reload comes whole', async () => {
    store.setState({ listLoaded: false, listComplete: false, summaries: [] });
    const all = Array.from({ length: FIRST_LIST_PAGE + 5 }, (_, i) =>
      summaryOf(conversation(`c${i}`, [])),
    );
    answers.set('conversations.list', (input) => {
      const { limit } = input as { limit?: number };
      return { ok: true, data: { items: all.slice(0, limit), total: all.length, problems: [] } };
    });
    // What the sidebar is given first: the page, not yet complete.
    let firstShown: { count: number; complete: boolean } | null = null;
    const stop = store.subscribe((state) => {
      if (state.listLoaded && !firstShown)
        firstShown = { count: state.summaries.length, complete: state.listComplete };
    });
    await store.getState().loadConversations();
    stop();
    expect(firstShown).toEqual({ count: FIRST_LIST_PAGE, complete: false });
    expect(store.getState().summaries).toHaveLength(all.length);
    expect(store.getState().listComplete).toBe(true);
    expect(calls.map((c) => c.input)).toEqual([{ limit: FIRST_LIST_PAGE }, {}]);

    calls.length = 0;
    await store.getState().loadConversations();
    expect(calls.map((c) => c.input)).toEqual([{}]);
    expect(store.getState()).toMatchObject({ listComplete: true });
  });

  it('keeps the first page when the rest fails, says why, and completes when asked again', async () => {
    store.setState({ listLoaded: false, listComplete: false, summaries: [], listError: null });
    const all = Array.from({ length: FIRST_LIST_PAGE + 5 }, (_, i) =>
      summaryOf(conversation(`c${i}`, [])),
    );
    let failWhole = true;
    answers.set('conversations.list', (input) => {
      const { limit } = input as { limit?: number };
      if (limit === undefined && failWhole)
        return {
          ok: false,
          error: { code: 'unknown', message: 'disk', status: null, retryable: false },
        };
      return { ok: true, data: { items: all.slice(0, limit), total: all.length, problems: [] } };
    });
    await store.getState().loadConversations();
    expect(store.getState()).toMatchObject({ listComplete: false, listError: { message: 'disk' } });
    expect(store.getState().summaries).toHaveLength(FIRST_LIST_PAGE);

    failWhole = false;
    calls.length = 0;
    await store.getState().loadConversations();
    expect(calls.map((c) => c.input)).toEqual([{}]);
    expect(store.getState()).toMatchObject({ listComplete: true, listError: null });
    expect(store.getState().summaries).toHaveLength(all.length);
  });

  it('is complete at once when the first page holds every conversation', async () => {
    store.setState({ listLoaded: false, listComplete: false, summaries: [] });
    answers.set('conversations.list', () => ({
      ok: true,
      data: { items: [summaryOf(conversation('c1', []))], total: 1, problems: [] },
    }));
    await store.getState().loadConversations();
    expect(store.getState()).toMatchObject({ listComplete: true, summaries: [{ id: 'c1' }] });
    expect(calls).toHaveLength(1);
  });
});

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

  it('says why the word index may miss hits, as the status after the search has it', async () => {
    vi.useFakeTimers();
    let problem: WordIndexProblem | undefined;
    answers.set('semantic.wordsStatus', () => ({
      ok: true,
      data: { indexing: problem === 'rebuilding', indexed: 2, total: 2, problem },
    }));
    // The search itself meets the damage: the index is set aside and built again.
    answers.set('semantic.search', () => {
      problem = 'rebuilding';
      return { ok: true, data: [] };
    });
    await store.getState().searchConversations('zebra');
    expect(store.getState()).toMatchObject({ searchProblem: 'rebuilding', searchIndexing: true });

    answers.set('semantic.search', () => {
      problem = undefined;
      return { ok: true, data: [hit] };
    });
    await vi.advanceTimersByTimeAsync(2000);
    expect(store.getState()).toMatchObject({
      searchHits: [hit],
      searchProblem: null,
      searchIndexing: false,
    });

    answers.set('semantic.search', () => ({ ok: true, data: [hit] }));
    for (const next of ['stale', 'unavailable'] as const) {
      problem = next;
      await store.getState().searchConversations(`zebra ${next}`);
      expect(store.getState().searchProblem).toBe(next);
    }
    await store.getState().searchConversations('');
    expect(store.getState().searchProblem).toBeNull();
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

describe('opening a long conversation', () => {
  const messages = Array.from({ length: 100 }, (_, i) =>
    message(`m${i}`, i % 2 ? 'assistant' : 'user', `text ${i}`),
  );
  const whole = conversation('long', messages);

  /** Core's answer: the last `lastMessages` with how many came before, or all of it. */
  function answerLikeCore() {
    answers.set('conversations.get', (input) => {
      const { lastMessages } = input as { lastMessages?: number };
      if (lastMessages === undefined) return { ok: true, data: whole };
      const earlierMessages = whole.messages.length - lastMessages;
      return {
        ok: true,
        data: { ...whole, messages: whole.messages.slice(earlierMessages), earlierMessages },
      };
    });
  }

  it('shows its end first, then holds it in full and forgets the end', async () => {
    answerLikeCore();
    const seen: Array<number | undefined> = [];
    const unsubscribe = store.subscribe((state) => seen.push(state.openingTail?.messages.length));
    await store.getState().openConversation('long');
    unsubscribe();
    expect(calls.filter((c) => c.channel === 'conversations.get').map((c) => c.input)).toEqual([
      { id: 'long', lastMessages: OPENING_TAIL_MESSAGES },
      { id: 'long' },
    ]);
    // The end was shown (its last messages, with the count of those before), then put away.
    expect(seen).toContain(OPENING_TAIL_MESSAGES);
    expect(store.getState().openingTail).toBeNull();
    expect(store.getState().open.long!.messages).toHaveLength(100);
    // Opened again while held: read once, in full.
    calls.length = 0;
    await store.getState().reloadConversation('long');
    expect(calls.map((c) => c.input)).toEqual([{ id: 'long' }]);
  });

  it('reads a short conversation once: its end is all of it', async () => {
    const short = conversation('short', messages.slice(0, 3));
    answers.set('conversations.get', () => ({ ok: true, data: short }));
    await store.getState().openConversation('short');
    expect(calls.filter((c) => c.channel === 'conversations.get')).toHaveLength(1);
    expect(store.getState().open.short!.messages).toHaveLength(3);
    expect(store.getState().openingTail).toBeNull();
  });

  it('puts the end away when the full read fails, and says why', async () => {
    answers.set('conversations.get', (input) =>
      (input as { lastMessages?: number }).lastMessages
        ? {
            ok: true,
            data: { ...conversation('broken', messages.slice(60)), earlierMessages: 60 },
          }
        : {
            ok: false,
            error: { code: 'unknown', message: 'unreadable', status: null, retryable: false },
          },
    );
    await store.getState().openConversation('broken');
    expect(store.getState().openingTail).toBeNull();
    expect(store.getState().open.broken).toBeUndefined();
    expect(store.getState().conversationError).toMatchObject({ message: 'unreadable' });
  });
});
