// The store folds a turn's events into the open conversation and the list without asking core again.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answers, calls, openStore, resetBridge, type Store } from './fake-bridge';
import { conversation, message, summaryOf } from '../../conversation-data';
import type { ChatEvent, Conversation, ModelInfo } from '../../../../shared/types';

let store: Store;

beforeAll(async () => {
  store = await openStore();
});

const older = conversation('c-old', [message('o1', 'user', 'Older chat')]);

function openWith(c: Conversation): void {
  store.setState({
    activeId: c.id,
    open: { [c.id]: c },
    summaries: [summaryOf(older, { updatedAt: '2026-02-01T11:00:00.000Z' }), summaryOf(c)],
    streams: {},
    turnFailures: {},
    drafts: {},
  });
}

beforeEach(() => {
  resetBridge();
});

describe('a chat turn in the store', () => {
  it('shows the question at once, swaps in the saved one on start, folds deltas, ends on done', async () => {
    const c = conversation('c1', [
      message('q0', 'user', 'First'),
      message('a0', 'assistant', 'One'),
    ]);
    openWith(c);
    answers.set('chat.send', () => ({ ok: true, data: { messageId: 'a1' } }));

    await store.getState().sendTurn({ kind: 'send', text: 'Second' });
    const shown = store.getState().open.c1!.messages;
    expect(shown.map((m) => m.content)).toEqual(['First', 'One', 'Second']);
    expect(shown[2]!.id.startsWith('local-')).toBe(true);

    const question = message('q1', 'user', 'Second');
    const startSummary = summaryOf(c, {
      title: 'A title core chose',
      updatedAt: '2026-02-01T12:00:00.000Z',
      messageCount: 4,
    });
    const events: ChatEvent[] = [
      {
        type: 'start',
        conversationId: 'c1',
        messageId: 'a1',
        model: 'm/a',
        question,
        contextStart: 0,
        summary: startSummary,
      },
      { type: 'delta', conversationId: 'c1', messageId: 'a1', content: 'Tw', reasoning: '' },
      { type: 'delta', conversationId: 'c1', messageId: 'a1', content: 'o', reasoning: 'r' },
    ];
    store.getState().applyChatEvents(events);
    let state = store.getState();
    expect(state.open.c1!.messages.map((m) => m.id)).toEqual(['q0', 'a0', 'q1']);
    // The open conversation's header follows the list entry (the title comes from core).
    expect(state.open.c1!.title).toBe('A title core chose');
    expect(state.streams.c1).toMatchObject({
      messageId: 'a1',
      hasContent: true,
      hasReasoning: true,
    });
    expect(state.liveTexts.get('c1')).toEqual({ content: 'Two', reasoning: 'r' });
    // The changed conversation moves to the top of the list.
    expect(state.summaries.map((s) => s.id)).toEqual(['c1', 'c-old']);

    const answer = { ...message('a1', 'assistant', 'Two'), model: 'm/a' };
    const doneSummary = { ...startSummary, updatedAt: '2026-02-01T12:00:05.000Z' };
    store
      .getState()
      .applyChatEvents([
        { type: 'done', conversationId: 'c1', message: answer, summary: doneSummary },
      ]);
    state = store.getState();
    expect(state.streams.c1).toBeUndefined();
    expect(state.open.c1!.messages.map((m) => m.content)).toEqual([
      'First',
      'One',
      'Second',
      'Two',
    ]);
    expect(state.summaries[0]).toEqual(doneSummary);

    // Everything came with the events: nothing was read back from core.
    expect(calls.map((call) => call.channel)).toEqual(['chat.send']);
  });

  it('drops what followed the question on a regenerate or an edit', () => {
    const c = conversation('c2', [
      message('q0', 'user', 'A'),
      message('a0', 'assistant', 'B'),
      message('q1', 'user', 'C'),
      message('a1', 'assistant', 'D'),
    ]);
    openWith(c);
    const edited = { ...message('q0', 'user', 'A, edited') };
    store.getState().applyChatEvents([
      {
        type: 'start',
        conversationId: 'c2',
        messageId: 'a2',
        model: 'm/a',
        question: edited,
        contextStart: 0,
        summary: summaryOf(c, { messageCount: 2 }),
      },
    ]);
    expect(store.getState().open.c2!.messages).toEqual([edited]);
    expect(store.getState().summaries.find((s) => s.id === 'c2')?.messageCount).toBe(2);
  });

  it('puts an edit (a new message id) at its place on the path, and keeps a continued answer', async () => {
    const c = conversation('c5', [
      message('q0', 'user', 'A'),
      message('a0', 'assistant', 'B'),
      message('q1', 'user', 'C'),
      message('a1', 'assistant', 'D'),
    ]);
    openWith(c);
    const forked = { ...message('q1-new', 'user', 'C, edited'), alternativeIndex: 1 };
    store.getState().applyChatEvents([
      {
        type: 'start',
        conversationId: 'c5',
        messageId: 'a2',
        model: 'm/a',
        question: forked,
        questionIndex: 2,
        contextStart: 0,
        summary: summaryOf(c, { messageCount: 4 }),
      },
    ]);
    expect(store.getState().open.c5!.messages.map((m) => m.id)).toEqual(['q0', 'a0', 'q1-new']);

    openWith(c);
    const continues = { ...message('a1', 'assistant', 'D'), status: 'streaming' as const };
    store.getState().applyChatEvents([
      {
        type: 'start',
        conversationId: 'c5',
        messageId: 'a1',
        model: 'm/a',
        question: c.messages[2]!,
        questionIndex: 2,
        continues,
        contextStart: 0,
        summary: summaryOf(c),
      },
      { type: 'delta', conversationId: 'c5', messageId: 'a1', content: ' more', reasoning: '' },
    ]);
    expect(store.getState().open.c5!.messages.map((m) => m.id)).toEqual(['q0', 'a0', 'q1', 'a1']);
  });

  it('a continued answer streams on from its text', async () => {
    const cut = { ...message('a0', 'assistant', 'Half'), status: 'stopped' as const };
    const c = conversation('c6', [message('q0', 'user', 'Q'), cut]);
    openWith(c);
    answers.set('chat.continue', () => ({ ok: true, data: { messageId: 'a0' } }));
    await store.getState().sendTurn({ kind: 'continue', messageId: 'a0' });
    expect(calls).toEqual([
      { channel: 'chat.continue', input: { conversationId: 'c6', messageId: 'a0' } },
    ]);
    store.getState().applyChatEvents([
      {
        type: 'delta',
        conversationId: 'c6',
        messageId: 'a0',
        content: ' and rest',
        reasoning: '',
      },
    ]);
    expect(store.getState().liveTexts.get('c6')?.content).toBe('Half and rest');
  });

  it('a delta that only lengthens the text reaches the live text and its readers, not the store', () => {
    const c = conversation('c8', [message('q0', 'user', 'Q')]);
    openWith(c);
    const delta = (content: string, reasoning = ''): ChatEvent => ({
      type: 'delta',
      conversationId: 'c8',
      messageId: 'a8',
      content,
      reasoning,
    });
    store.getState().applyChatEvents([
      {
        type: 'start',
        conversationId: 'c8',
        messageId: 'a8',
        model: 'm/a',
        question: message('q0', 'user', 'Q'),
        contextStart: 0,
        summary: summaryOf(c),
      },
    ]);
    let storeChanges = 0;
    const unsubscribe = store.subscribe(() => (storeChanges += 1));
    const seen: (string | undefined)[] = [];
    const live = store.getState().liveTexts;
    const stopReading = live.subscribe('c8', () => seen.push(live.get('c8')?.content));
    try {
      // The first text changes the stream's look (it has text now): the store changes once.
      store.getState().applyChatEvents([delta('One')]);
      expect(storeChanges).toBe(1);
      expect(store.getState().streams.c8).toMatchObject({ hasContent: true, hasReasoning: false });
      store.getState().applyChatEvents([delta(' two'), delta(' three')]);
      store.getState().applyChatEvents([delta(' four')]);
      expect(storeChanges).toBe(1);
      // Readers are told once per batch, with the text so far.
      expect(seen).toEqual(['One', 'One two three', 'One two three four']);
      // Reasoning beginning is a change of look again.
      store.getState().applyChatEvents([delta('', 'hm')]);
      expect(storeChanges).toBe(2);
      expect(live.get('c8')).toEqual({ content: 'One two three four', reasoning: 'hm' });
      store.getState().applyChatEvents([
        {
          type: 'done',
          conversationId: 'c8',
          message: message('a8', 'assistant', 'One two three four'),
          summary: summaryOf(c),
        },
      ]);
      expect(storeChanges).toBe(3);
      expect(store.getState().streams.c8).toBeUndefined();
      expect(live.get('c8')).toBeUndefined();
      // The end reaches readers through the store (the row stops streaming), not as a last text.
      expect(seen).toHaveLength(4);
    } finally {
      stopReading();
      unsubscribe();
    }
  });

  it("deletes a message, offers undo, and puts core's copy back on undo", async () => {
    const c = conversation('c7', [message('q0', 'user', 'Q'), message('a0', 'assistant', 'A')]);
    openWith(c);
    const without = { ...c, messages: [c.messages[0]!], messageCount: 1 };
    answers.set('chat.deleteMessage', () => ({
      ok: true,
      data: { conversation: without, undoToken: 'tok', kind: 'message' },
    }));
    answers.set('chat.undoDelete', () => ({ ok: true, data: c }));
    await store.getState().deleteMessage('c7', 'a0');
    expect(store.getState().open.c7!.messages.map((m) => m.id)).toEqual(['q0']);
    expect(store.getState().deleted).toEqual({
      conversationId: 'c7',
      undoToken: 'tok',
      kind: 'message',
    });
    await store.getState().undoDelete();
    expect(store.getState().open.c7!.messages.map((m) => m.id)).toEqual(['q0', 'a0']);
    expect(store.getState().deleted).toBeNull();
    expect(calls.at(-1)).toEqual({
      channel: 'chat.undoDelete',
      input: { conversationId: 'c7', undoToken: 'tok' },
    });
  });

  it('reads the conversation back only when core refused the turn', async () => {
    const c = conversation('c3', [message('q0', 'user', 'Hi')]);
    openWith(c);
    const refusal = { code: 'no_key', message: 'No key', status: null, retryable: false } as const;
    answers.set('chat.send', () => ({ ok: false, error: refusal }));
    answers.set('conversations.get', () => ({ ok: true, data: c }));

    await store.getState().sendTurn({ kind: 'send', text: 'Lost?' });
    const state = store.getState();
    expect(calls.map((call) => call.channel)).toEqual(['chat.send', 'conversations.get']);
    expect(state.open.c3!.messages.map((m) => m.content)).toEqual(['Hi']);
    expect(state.turnFailures.c3?.error.code).toBe('no_key');
    expect(state.drafts.c3).toBe('Lost?');
    expect(state.streams.c3).toBeUndefined();
  });
});

describe('conversations.changed in the store', () => {
  it('puts in the new entry, removes a deleted one, and reads the list only when told to', async () => {
    const c = conversation('c4', [message('q0', 'user', 'Keep')]);
    openWith(c);
    const pinned = summaryOf(c, { pinned: true, title: 'Pinned now' });
    store.getState().applyConversationChange({ id: 'c4', summary: pinned });
    expect(store.getState().summaries[0]).toEqual(pinned);

    store.getState().applyConversationChange({ id: 'c4', summary: null });
    const state = store.getState();
    expect(state.summaries.map((s) => s.id)).toEqual(['c-old']);
    expect(state.open.c4).toBeUndefined();
    expect(state.activeId).toBeNull();
    expect(calls).toEqual([]);

    answers.set('conversations.list', () => ({
      ok: true,
      data: { items: [summaryOf(older)], total: 1, problems: [] },
    }));
    store.getState().applyConversationChange({ id: null });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls.map((call) => call.channel)).toEqual(['conversations.list']);
  });
});

describe('the ask-first guard before a turn', () => {
  it('asks before a request goes out; "Don\'t" sends nothing and leaves the words in the box', async () => {
    const c = conversation('c-money', [message('q0', 'user', 'First')]);
    openWith(c);
    store.setState({
      balance: {
        state: 'ok',
        credits: '5',
        userStatus: 2,
        userStatusText: 'Account blocked',
        subscriptionStatus: null,
        subscriptionEnd: null,
        subscriptionEndUtc: null,
        reason: null,
        error: null,
        checkedAt: null,
      },
    });
    answers.set('chat.send', () => ({ ok: true, data: { messageId: 'a1' } }));
    const turn = store.getState().sendTurn({ kind: 'send', text: 'Costly?' });
    await Promise.resolve();
    expect(store.getState().spendAsk?.questions).toEqual([
      { kind: 'status_red', text: 'Account blocked' },
    ]);
    expect(calls).toEqual([]);
    store.getState().answerSpendAsk(false);
    await turn;
    expect(calls).toEqual([]);
    expect(store.getState().drafts['c-money']).toBe('Costly?');
    expect(store.getState().open['c-money']!.messages).toHaveLength(1);

    const again = store.getState().sendTurn({ kind: 'send', text: 'Costly?' });
    await Promise.resolve();
    store.getState().answerSpendAsk(true);
    await again;
    expect(calls.map((call) => call.channel)).toEqual(['chat.send']);
    store.setState({ balance: null });
  });

  it('holds a turn from a message while the pictures of its history wait for the vis- choice', async () => {
    const picture = {
      kind: 'image' as const,
      name: 'p.png',
      mime: 'image/png',
      size: 9,
      tokens: 1,
    };
    const c = conversation('c-pic', [
      { ...message('q0', 'user', 'What is on it?'), attachments: [picture] },
      message('a0', 'assistant', 'A cat.'),
    ]);
    openWith(c);
    const plain = { id: 'm/a', name: 'A' } as ModelInfo;
    store.setState({ models: [plain, { id: 'vis-m/a', name: 'A (vision)' } as ModelInfo] });
    answers.set('chat.regenerate', () => ({ ok: true, data: { messageId: 'a1' } }));

    await store.getState().sendTurn({ kind: 'regenerate', messageId: 'a0' });
    expect(calls).toEqual([]);
    expect(store.getState().visionAsked['c-pic']).toBe(true);

    // Once the person keeps the plain model, the same turn goes.
    store.getState().keepModelForImages('c-pic', 'm/a');
    await store.getState().sendTurn({ kind: 'regenerate', messageId: 'a0' });
    expect(calls[0]?.channel).toBe('chat.regenerate');
    store.setState({ models: [] });
  });
});
