// The chat feature's history channels through createCore against the simulator: reading a conversation's end, versions, delete and undo, continue, old files.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChatEvent, Conversation, ConversationList } from '../../../../../shared/types';
import { CONTINUE_INSTRUCTION } from '../../../../../electron/core/features/chat/engine';
import { TITLE_INSTRUCTION } from '../../../../../electron/core/features/chat/titles';
import { env, openCore } from '../../simulated-core';

type Opened = Awaited<ReturnType<typeof openCore>>;

/** The end (done or error) of the conversation's `nth` turn, counting from 1. */
async function nthEnd(opened: Opened, conversationId: string, nth: number): Promise<ChatEvent> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const ends = opened.emitted
      .filter((e) => e.event === 'chat.event')
      .map((e) => e.payload as ChatEvent)
      .filter(
        (e) => e.conversationId === conversationId && (e.type === 'done' || e.type === 'error'),
      );
    if (ends.length >= nth) return ends[nth - 1]!;
    if (Date.now() > deadline) throw new Error('the turn did not end');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * The last turn's request: a background title request (asked after a first answer) may land after
 * it.
 */
const lastTurnBody = () =>
  env.chatBodies.filter((b) => b.messages[0]?.content !== TITLE_INSTRUCTION).at(-1)!;

const contents = (c: Conversation) => c.messages.map((m) => m.content.split('\n')[0]);

describe('conversation history', () => {
  it('edit forks, regenerate keeps versions, switching sends the branch on screen', async () => {
    const opened = await openCore();
    const { call } = opened;
    const c = await call<Conversation>('conversations.create', {});
    await call('chat.send', { conversationId: c.id, text: 'Teapot' });
    await nthEnd(opened, c.id, 1);
    await call('chat.send', { conversationId: c.id, text: 'Lid' });
    await nthEnd(opened, c.id, 2);
    const first = structuredClone(await call<Conversation>('conversations.get', { id: c.id }));
    await call('chat.edit', {
      conversationId: c.id,
      messageId: first.messages[0]!.id,
      text: 'Kettle',
    });
    await nthEnd(opened, c.id, 3);
    const forked = await call<Conversation>('conversations.get', { id: c.id });
    expect(forked.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(forked.messages[0]).toMatchObject({ content: 'Kettle', alternativeIndex: 1 });

    // A running turn blocks switching.
    await call('chat.regenerate', { conversationId: c.id });
    const blocked = await opened.attempt('chat.switchVersion', {
      conversationId: c.id,
      messageId: forked.messages[0]!.id,
      index: 0,
    });
    expect(blocked.ok).toBe(false);
    await nthEnd(opened, c.id, 4);
    const regenerated = await call<Conversation>('conversations.get', { id: c.id });
    expect(regenerated.messages[1]).toMatchObject({ alternativeIndex: 1 });
    expect(regenerated.messages[1]!.alternatives).toHaveLength(1);

    const back = await call<Conversation>('chat.switchVersion', {
      conversationId: c.id,
      messageId: regenerated.messages[0]!.id,
      index: 0,
    });
    expect(contents(back)).toEqual(contents(first));
    expect(back.messages[0]!.content).toBe('Teapot');
    // Saved: a fresh read has the same path; the next turn sends that branch.
    const read = await call<Conversation>('conversations.get', { id: c.id });
    expect(read.messages.map((m) => m.id)).toEqual(back.messages.map((m) => m.id));
    await call('chat.send', { conversationId: c.id, text: 'Spout' });
    await nthEnd(opened, c.id, 5);
    const sent = env.chatBodies.at(-1)!.messages;
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expect(sent[0]!.content).toBe('Teapot');
    expect(sent[2]!.content).toBe('Lid');
  });

  it('answers only the last messages when asked, with how many came before; all when they fit', async () => {
    const opened = await openCore();
    const { call } = opened;
    const c = await call<Conversation>('conversations.create', {});
    for (const [nth, text] of ['One', 'Two', 'Three'].entries()) {
      await call('chat.send', { conversationId: c.id, text });
      await nthEnd(opened, c.id, nth + 1);
    }
    const whole = await call<Conversation>('conversations.get', { id: c.id });
    expect(whole.messages).toHaveLength(6);
    expect(whole).not.toHaveProperty('earlierMessages');
    const end = await call<Conversation & { earlierMessages?: number }>('conversations.get', {
      id: c.id,
      lastMessages: 2,
    });
    expect(end.earlierMessages).toBe(4);
    expect(end.messages.map((m) => m.id)).toEqual(whole.messages.slice(4).map((m) => m.id));
    const all = await call<Conversation>('conversations.get', { id: c.id, lastMessages: 6 });
    expect(all).toEqual(whole);
    const refused = await opened.attempt('conversations.get', { id: c.id, lastMessages: 0 });
    expect(refused.ok).toBe(false);
  });

  it('deletes one message and puts it back exactly, even after the list was read again', async () => {
    const opened = await openCore();
    const { call } = opened;
    const c = await call<Conversation>('conversations.create', {});
    await call('chat.send', { conversationId: c.id, text: 'One' });
    await nthEnd(opened, c.id, 1);
    await call('chat.send', { conversationId: c.id, text: 'Two' });
    await nthEnd(opened, c.id, 2);
    // Core answers with its live object here (no IPC copy): keep a copy of how it was.
    const before = structuredClone(await call<Conversation>('conversations.get', { id: c.id }));
    const deleted = await call<{ conversation: Conversation; undoToken: string; kind: string }>(
      'chat.deleteMessage',
      { conversationId: c.id, messageId: before.messages[1]!.id },
    );
    expect(deleted.kind).toBe('message');
    expect(deleted.conversation.messages.map((m) => m.id)).toEqual(
      [0, 2, 3].map((i) => before.messages[i]!.id),
    );
    await call('conversations.list');
    const reread = await call<Conversation>('conversations.get', { id: c.id });
    expect(reread.messageCount).toBe(3);
    const restored = await call<Conversation>('chat.undoDelete', {
      conversationId: c.id,
      undoToken: deleted.undoToken,
    });
    expect(restored.messages).toEqual(before.messages);
    // An undo is spent once.
    const again = await opened.attempt('chat.undoDelete', {
      conversationId: c.id,
      undoToken: deleted.undoToken,
    });
    expect(again.ok).toBe(false);
  });

  it('deletes a question with its answer, undoes both, and no longer sends the answer', async () => {
    const opened = await openCore();
    const { call } = opened;
    const c = await call<Conversation>('conversations.create', {});
    for (const [nth, text] of ['Teapot', 'Lid'].entries()) {
      await call('chat.send', { conversationId: c.id, text });
      await nthEnd(opened, c.id, nth + 1);
    }
    const before = structuredClone(await call<Conversation>('conversations.get', { id: c.id }));
    const deleted = await call<{ conversation: Conversation; undoToken: string; kind: string }>(
      'chat.deleteMessage',
      { conversationId: c.id, messageId: before.messages[0]!.id, withAnswer: true },
    );
    expect(deleted.kind).toBe('turn');
    expect(deleted.conversation.messages.map((m) => m.id)).toEqual(
      [2, 3].map((i) => before.messages[i]!.id),
    );
    const restored = await call<Conversation>('chat.undoDelete', {
      conversationId: c.id,
      undoToken: deleted.undoToken,
    });
    expect(restored.messages).toEqual(before.messages);

    // Deleted again, the next turn carries neither the question nor its answer.
    await call('chat.deleteMessage', {
      conversationId: c.id,
      messageId: before.messages[0]!.id,
      withAnswer: true,
    });
    await call('chat.send', { conversationId: c.id, text: 'Spout' });
    await nthEnd(opened, c.id, 3);
    const sent = lastTurnBody().messages.filter((m) => m.role !== 'system');
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(sent[0]!.content).toBe('Lid');
    expect(sent.map((m) => m.content)).not.toContain(before.messages[1]!.content);
  });

  it('continues a cut answer: the partial text and an instruction go out, the rest is added', async () => {
    const opened = await openCore();
    const { call } = opened;
    const c = await call<Conversation>('conversations.create', {});
    await call('chat.send', { conversationId: c.id, text: 'Write at length [[cut]]' });
    const cut = await nthEnd(opened, c.id, 1);
    expect(cut.type).toBe('error');
    const partial = cut.type === 'error' ? cut.message : null;
    expect(partial?.content).not.toBe('');
    await call('chat.continue', { conversationId: c.id, messageId: partial!.id });
    const end = await nthEnd(opened, c.id, 2);
    expect(end.type).toBe('done');
    const sent = lastTurnBody().messages;
    expect(sent).toEqual([
      { role: 'user', content: 'Write at length [[cut]]' },
      { role: 'assistant', content: partial!.content },
      { role: 'user', content: CONTINUE_INSTRUCTION },
    ]);
    const after = await call<Conversation>('conversations.get', { id: c.id });
    expect(after.messages).toHaveLength(2);
    const answer = after.messages[1]!;
    expect(answer.id).toBe(partial!.id);
    expect(answer.status).toBe('done');
    expect(answer.content.startsWith(partial!.content)).toBe(true);
    // The simulator quotes the last user text: the instruction's answer follows the partial text.
    expect(answer.content.slice(partial!.content.length)).toContain(
      'Continue your previous answer',
    );
  });

  it('opens a conversation file of the first version (no message versions)', async () => {
    const folder = join(env.dir, 'conversations');
    await mkdir(folder, { recursive: true });
    const old = {
      version: 1,
      id: 'old-one',
      title: 'Old',
      pinned: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      model: 'openai/gpt-4o-mini',
      systemPrompt: '',
      temperature: null,
      maxTokens: null,
      contextStart: 0,
      messages: [
        { id: 'u1', role: 'user', content: 'Old question', createdAt: '', status: 'done' },
        { id: 'a1', role: 'assistant', content: 'Old answer', createdAt: '', status: 'done' },
      ],
    };
    await writeFile(join(folder, 'old-one.json'), JSON.stringify(old));
    const { call } = await openCore();
    const list = await call<{ items: Array<{ id: string }>; problems: unknown[] }>(
      'conversations.list',
    );
    expect(list.problems).toEqual([]);
    expect(list.items.map((i) => i.id)).toContain('old-one');
    const read = await call<Conversation>('conversations.get', { id: 'old-one' });
    expect(read.version).toBe(2);
    expect(read.messages.map((m) => m.content)).toEqual(['Old question', 'Old answer']);
    const deleted = await call<{ conversation: Conversation }>('chat.deleteMessage', {
      conversationId: 'old-one',
      messageId: 'a1',
    });
    expect(deleted.conversation.version).toBe(2);
  });
});

describe('the conversation list', () => {
  it('answers its first page in the list order, with how many there are in all', async () => {
    const { call } = await openCore();
    const made: Conversation[] = [];
    for (let i = 0; i < 5; i += 1) made.push(await call<Conversation>('conversations.create', {}));
    await call('conversations.update', { id: made[1]!.id, pinned: true });
    const whole = await call<ConversationList>('conversations.list');
    expect(whole.total).toBe(5);
    expect(whole.items).toHaveLength(5);
    expect(whole.items[0]!.id).toBe(made[1]!.id);
    const page = await call<ConversationList>('conversations.list', { limit: 3 });
    expect(page.total).toBe(5);
    expect(page.items).toEqual(whole.items.slice(0, 3));
    const roomy = await call<ConversationList>('conversations.list', { limit: 50 });
    expect(roomy.items).toEqual(whole.items);
    const refused = await (await openCore()).attempt('conversations.list', { limit: 0 });
    expect(refused.ok).toBe(false);
  });
});
