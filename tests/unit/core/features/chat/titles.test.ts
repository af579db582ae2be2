// Model-made titles: the cleaning of a model's answer, and the background request against the simulator.
import { describe, expect, it } from 'vitest';
import { cheapestChatModel } from '../../../../../shared/titles';
import type { Conversation, ConversationList, ModelInfo } from '../../../../../shared/types';
import { cleanTitle } from '../../../../../electron/core/features/chat/titles';
import { env, openCore } from '../../simulated-core';

describe('cleanTitle', () => {
  it('takes the title out of labels, quotes, markdown and a final period', () => {
    expect(cleanTitle('Title: "Weekend in Lisbon".')).toBe('Weekend in Lisbon');
    expect(cleanTitle('**Title:** "Chat about plan a trip".')).toBe('Chat about plan a trip');
    expect(cleanTitle('Название: «Поездка в Лиссабон»')).toBe('Поездка в Лиссабон');
    expect(cleanTitle('**Заголовок беседы:** Рецепт борща.')).toBe('Рецепт борща');
    expect(cleanTitle('# Sorting algorithms')).toBe('Sorting algorithms');
    expect(cleanTitle('`useEffect` cleanup')).toBe('useEffect cleanup');
    expect(cleanTitle('“Conversation title: Tax return”')).toBe('Tax return');
    expect(cleanTitle("'Single quotes'")).toBe('Single quotes');
    expect(cleanTitle('*Italic title*')).toBe('Italic title');
  });

  it('keeps the first line with words and drops reasoning blocks', () => {
    expect(cleanTitle('<think>the user asks about tea</think>\nGreen tea brewing')).toBe(
      'Green tea brewing',
    );
    expect(cleanTitle('\n\n**\nBudget plan\nThis title sums it up.')).toBe('Budget plan');
  });

  it('keeps an ellipsis, words that merely begin like a label, and inner punctuation', () => {
    expect(cleanTitle('Waiting for Godot...')).toBe('Waiting for Godot...');
    expect(cleanTitle('Titles of nobility')).toBe('Titles of nobility');
    expect(cleanTitle('Node.js streams')).toBe('Node.js streams');
  });

  it('cuts a long title at a word near 60 characters', () => {
    const long =
      'A very long title about the history of the printing press in early modern Europe and beyond';
    const cut = cleanTitle(long)!;
    expect(cut.length).toBeLessThanOrEqual(61);
    expect(cut.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cleanTitle('x'.repeat(100))).toBe('x'.repeat(60) + '…');
  });

  it('gives null when nothing usable is left', () => {
    expect(cleanTitle('')).toBeNull();
    expect(cleanTitle('   \n  ')).toBeNull();
    expect(cleanTitle('Title: ""')).toBeNull();
    expect(cleanTitle('**')).toBeNull();
    expect(cleanTitle('<think>only thinking')).toBeNull();
  });
});

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 30));
  }
}

describe('titles made by a model (simulator)', () => {
  it('names the conversation after the first answer, in the background, once', async () => {
    const { call, turnEnd, emitted } = await openCore();
    const c = await call<Conversation>('conversations.create', {});
    await call('chat.send', { conversationId: c.id, text: 'Plan a weekend trip to Lisbon please' });
    expect((await turnEnd(c.id)).type).toBe('done');
    const titled = await waitFor(
      () => call<Conversation>('conversations.get', { id: c.id }),
      (x) => x.title !== 'Plan a weekend trip to Lisbon please',
    );
    expect(titled.title).toBe('Plan a weekend trip to');
    const titleBodies = env.chatBodies.filter((b) => b.purpose === 'title');
    expect(titleBodies).toHaveLength(1);
    // The cheapest chat model on the simulator's list, not the conversation's own.
    const cheapest = cheapestChatModel(await call<ModelInfo[]>('models.list', {}));
    expect(cheapest?.id).toBe('sim/tiny-context');
    expect(titleBodies[0]!.model).toBe(cheapest!.id);
    expect(c.model).not.toBe(cheapest!.id);
    const told = await waitFor(
      async () =>
        emitted.some(
          (e) =>
            e.event === 'conversations.changed' &&
            (e.payload as { summary?: { title: string } }).summary?.title ===
              'Plan a weekend trip to',
        ),
      (x) => x,
    );
    expect(told).toBe(true);
    // Later answers keep it; no second title request.
    await new Promise((r) => setTimeout(r, 150));
    await call('chat.send', { conversationId: c.id, text: 'And what about Porto?' });
    await waitFor(
      () => call<Conversation>('conversations.get', { id: c.id }),
      (x) => x.messages.length === 4 && x.messages[3]!.status === 'done',
    );
    await new Promise((r) => setTimeout(r, 300));
    const after = await call<Conversation>('conversations.get', { id: c.id });
    expect(after.title).toBe('Plan a weekend trip to');
    expect(env.chatBodies.filter((b) => b.purpose === 'title')).toHaveLength(1);
  });

  it('uses the title model from the settings, and falls back silently when it fails', async () => {
    const { call, turnEnd } = await openCore();
    await call('settings.update', { titleModel: 'no-such/model' });
    const c = await call<Conversation>('conversations.create', {});
    await call('chat.send', { conversationId: c.id, text: 'How do I boil an egg' });
    expect((await turnEnd(c.id)).type).toBe('done');
    await waitFor(
      async () => env.chatBodies.length,
      (n) => n >= 2,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(env.chatBodies[1]!.model).toBe('no-such/model');
    const after = await call<Conversation>('conversations.get', { id: c.id });
    expect(after.title).toBe('How do I boil an egg');
    expect(after.messages[1]!.status).toBe('done');
  });

  it('asks nothing when the setting is off, nor for a conversation the person renamed', async () => {
    const { call, turnEnd } = await openCore();
    await call('settings.update', { autoTitle: false });
    const off = await call<Conversation>('conversations.create', {});
    await call('chat.send', { conversationId: off.id, text: 'Tell me about owls' });
    await turnEnd(off.id);

    await call('settings.update', { autoTitle: true });
    const renamed = await call<Conversation>('conversations.create', {});
    await call('conversations.update', { id: renamed.id, title: 'My own name' });
    await call('chat.send', { conversationId: renamed.id, text: 'Tell me about cats' });
    await turnEnd(renamed.id);
    await new Promise((r) => setTimeout(r, 400));

    expect(env.chatBodies).toHaveLength(2);
    const list = await call<ConversationList>('conversations.list');
    expect(list.items.find((i) => i.id === off.id)!.title).toBe('Tell me about owls');
    expect(list.items.find((i) => i.id === renamed.id)!.title).toBe('My own name');
  });

  it('with titles off, names a conversation after the first words of its first question', async () => {
    const { call, turnEnd } = await openCore();
    await call('settings.update', { autoTitle: false });
    const c = await call<Conversation>('conversations.create', {});
    await call('chat.send', {
      conversationId: c.id,
      text: '## Could you explain, step by step, how a bill becomes a law in the United Kingdom?\nThanks!',
    });
    await turnEnd(c.id);
    const list = await call<ConversationList>('conversations.list');
    expect(list.items.find((i) => i.id === c.id)!.title).toBe(
      'Could you explain, step by step, how a',
    );
    expect(env.chatBodies).toHaveLength(1);
  });

  it('a rename after the model named it wins, and clearing the name goes back to the first line', async () => {
    const { call, turnEnd } = await openCore();
    const c = await call<Conversation>('conversations.create', {});
    await call('chat.send', {
      conversationId: c.id,
      text: 'Explain quantum tunnelling simply for a child',
    });
    await turnEnd(c.id);
    await waitFor(
      () => call<Conversation>('conversations.get', { id: c.id }),
      (x) => x.title === 'Explain quantum tunnelling simply for',
    );
    expect((await call<Conversation>('conversations.get', { id: c.id })).title).toBe(
      'Explain quantum tunnelling simply for',
    );
    await call('conversations.update', { id: c.id, title: 'Physics' });
    expect((await call<Conversation>('conversations.get', { id: c.id })).title).toBe('Physics');
    await call('conversations.update', { id: c.id, title: '' });
    expect((await call<Conversation>('conversations.get', { id: c.id })).title).toBe(
      'Explain quantum tunnelling simply for a child',
    );
  });
});
