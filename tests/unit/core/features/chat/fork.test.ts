// "New chat from here" through createCore against the simulator: the active path up to a message, the original's settings, and attachments that outlive either conversation.
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MessageAttachment } from '../../../../../shared/attachments';
import type {
  ChatEvent,
  ChatMessage,
  Conversation,
  Folder,
  MediaItem,
} from '../../../../../shared/types';
import { branchConversation, branchOf } from '../../../../../electron/core/features/chat/fork';
import type { ConversationLibrary } from '../../../../../electron/core/library/conversations';
import { TITLE_INSTRUCTION } from '../../../../../electron/core/features/chat/titles';
import { makePng } from '../../../../e2e/files';
import { env, openCore } from '../../simulated-core';

type Opened = Awaited<ReturnType<typeof openCore>>;

/** The conversation's `nth` turn end (done or error), counting from 1. */
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

/** The last turn's request body (a title request may land after it). */
const lastTurnBody = () =>
  env.chatBodies.filter((b) => b.messages[0]?.content !== TITLE_INSTRUCTION).at(-1)!;

/** A three-turn chat on a vision model whose first question carries a picture; its second answer has two versions. */
async function threeTurnChat(opened: Opened) {
  const { call, upload } = opened;
  const file = await upload('teapot.png', 'image/png', makePng(40, 30));
  const picture = await call<MessageAttachment>('attachments.prepare', { fileId: file.fileId });
  const folder = await call<Folder>('folders.create', { name: 'Kitchen' });
  const c = await call<Conversation>('conversations.create', {
    model: 'vis-openai/gpt-4o-mini',
    systemPrompt: 'Answer briefly.',
    temperature: 0.4,
    folderId: folder.id,
  });
  await call('conversations.update', {
    id: c.id,
    title: 'Teapots',
    maxTokens: 300,
    answerFormat: { type: 'json' },
    tools: { enabled: false, servers: null },
  });
  await call('chat.send', { conversationId: c.id, text: 'What is this?', attachments: [picture] });
  await nthEnd(opened, c.id, 1);
  await call('chat.send', { conversationId: c.id, text: 'Its colour?' });
  await nthEnd(opened, c.id, 2);
  await call('chat.regenerate', { conversationId: c.id });
  await nthEnd(opened, c.id, 3);
  await call('chat.send', { conversationId: c.id, text: 'And the lid?' });
  await nthEnd(opened, c.id, 4);
  const original = await call<Conversation>('conversations.get', { id: c.id });
  return { original, picture, file, folder };
}

describe('new chat from here', () => {
  it('holds the active path up to the message, the settings, and the picture it still sends', async () => {
    const opened = await openCore();
    const { call } = opened;
    const { original, picture, folder } = await threeTurnChat(opened);
    expect(original.messages).toHaveLength(6);
    const middle = original.messages[3]!;
    expect(middle.alternatives).toHaveLength(1);

    const branch = await call<Conversation>('conversations.fork', {
      id: original.id,
      messageId: middle.id,
    });
    expect(branch.id).not.toBe(original.id);
    expect(branch.title).toBe('Teapots (branch)');
    expect(branch.messages.map((m) => m.content)).toEqual(
      original.messages.slice(0, 4).map((m) => m.content),
    );
    expect(branch.messages.some((m) => m.alternatives || m.alternativeIndex !== undefined)).toBe(
      false,
    );
    expect(branch.messages[0]!.attachments).toEqual([picture]);
    expect(branch).toMatchObject({
      model: 'vis-openai/gpt-4o-mini',
      systemPrompt: 'Answer briefly.',
      temperature: 0.4,
      maxTokens: 300,
      folderId: folder.id,
      answerFormat: { type: 'json' },
      tools: { enabled: false, servers: null },
      pinned: false,
      archived: false,
    });
    const listed = opened.emitted.find(
      (e) => e.event === 'conversations.changed' && (e.payload as { id: string }).id === branch.id,
    );
    expect(listed).toBeDefined();
    // The original is untouched.
    const again = await call<Conversation>('conversations.get', { id: original.id });
    expect(again.messages).toHaveLength(6);

    await call('conversations.update', { id: branch.id, answerFormat: { type: 'text' } });
    await call('chat.send', { conversationId: branch.id, text: 'Who made it?' });
    expect((await nthEnd(opened, branch.id, 1)).type).toBe('done');
    const sent = lastTurnBody().messages;
    expect(sent.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
    ]);
    expect(sent[4]!.content).toBe(middle.content);
    const parts = sent[1]!.content as Array<{ type: string; image_url?: string }>;
    expect(parts[1]!.image_url?.startsWith('data:image/png;base64,')).toBe(true);
  });

  it('deleting either conversation leaves the other its picture and upload', async () => {
    const opened = await openCore();
    const { call } = opened;
    const { original, picture, file } = await threeTurnChat(opened);
    const at = original.messages[1]!.id;
    const stored = join(env.dir, 'files', `${file.fileId}.bin`);

    // The branch goes: the original still shows and sends its picture.
    const first = await call<Conversation>('conversations.fork', {
      id: original.id,
      messageId: at,
    });
    const usage = await call<{ conversations: { id: string }[] }>('media.usage', {
      id: picture.mediaId,
    });
    expect(usage.conversations.map((c) => c.id).sort()).toEqual([original.id, first.id].sort());
    await call('conversations.delete', { id: first.id });
    await expect(call<MediaItem>('media.get', { id: picture.mediaId })).resolves.toMatchObject({
      id: picture.mediaId,
    });
    await expect(access(stored)).resolves.toBeUndefined();

    // The original goes: the second branch still shows and sends it.
    const second = await call<Conversation>('conversations.fork', {
      id: original.id,
      messageId: at,
    });
    await call('conversations.delete', { id: original.id });
    await expect(call<MediaItem>('media.get', { id: picture.mediaId })).resolves.toMatchObject({
      id: picture.mediaId,
    });
    await expect(access(stored)).resolves.toBeUndefined();
    const left = await call<{ conversations: { id: string }[] }>('media.usage', {
      id: picture.mediaId,
    });
    expect(left.conversations.map((c) => c.id)).toEqual([second.id]);
    await call('chat.send', { conversationId: second.id, text: 'Still there?' });
    expect((await nthEnd(opened, second.id, 1)).type).toBe('done');
    const parts = lastTurnBody().messages.find((m) => m.role === 'user')!.content as Array<{
      image_url?: string;
    }>;
    expect(parts[1]!.image_url?.startsWith('data:image/png;base64,')).toBe(true);
  });

  it('refuses a message not on the path and a conversation that is gone', async () => {
    const opened = await openCore();
    const { call, attempt } = opened;
    const c = await call<Conversation>('conversations.create', {});
    const missing = await attempt('conversations.fork', { id: c.id, messageId: 'nope' });
    expect(!missing.ok && missing.error.code).toBe('not_found');
    const gone = await attempt('conversations.fork', { id: 'no-such', messageId: 'nope' });
    expect(!gone.ok && gone.error.code).toBe('not_found');
  });
});

describe('branchOf', () => {
  const message = (id: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
    id,
    role: id.startsWith('q') ? 'user' : 'assistant',
    content: id,
    createdAt: '',
    status: 'done',
    ...extra,
  });
  const original: Conversation = {
    version: 2,
    id: 'c1',
    title: '',
    pinned: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    model: 'm',
    messageCount: 4,
    systemPrompt: '',
    temperature: null,
    maxTokens: null,
    contextStart: 3,
    messages: [
      message('q1', { content: 'Как заварить чай?' }),
      message('a1', { alternatives: [[message('a1-old')]], alternativeIndex: 1 }),
      message('q2'),
      message('a2'),
    ],
    archived: true,
  };
  const made = { id: 'c2', at: '2026-02-02T00:00:00.000Z', language: 'ru' as const };

  it('copies the path without versions, names an untitled original by its first question, keeps a trim within the path', () => {
    const branch = branchOf(original, 'a1', made)!;
    expect(branch.messages.map((m) => m.id)).toEqual(['q1', 'a1']);
    expect(branch.messages[1]).not.toHaveProperty('alternatives');
    expect(branch.messages[1]).not.toHaveProperty('alternativeIndex');
    expect(branch.title).toBe('Как заварить чай? (ветка)');
    expect(branch).toMatchObject({ contextStart: 2, pinned: false, archived: false, id: 'c2' });
    // A copy: changing the branch leaves the original as it was.
    branch.messages[0]!.content = 'changed';
    expect(original.messages[0]!.content).toBe('Как заварить чай?');
    expect(branchOf(original, 'a1-old', made)).toBeNull();
  });

  it('refuses an answer still being written, and adopts nothing then', async () => {
    const running = {
      ...original,
      messages: [message('q1'), message('a1', { status: 'streaming' })],
    };
    let adopted = 0;
    const library = {
      get: async () => running,
      adopt: async () => {
        adopted += 1;
        return { id: 'c2', renamed: false };
      },
    } as unknown as ConversationLibrary;
    await expect(branchConversation(library, { id: 'c1', messageId: 'a1' }, 'en')).rejects.toThrow(
      /still being written/,
    );
    expect(adopted).toBe(0);
  });
});
