// The conversation file: old files without folders and the archive still load, new ones keep them (and what a turn records of max_tokens and usage); versions nested thousands deep are read.
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../shared/types';
import { flushAtomicWrites } from '../../../../electron/core/library/atomic-write';
import { conversationSchema } from '../../../../electron/core/library/conversation-file';
import { openConversationLibrary } from '../../../../electron/core/library/conversations';
import { deeplyForkedFile } from './fixtures/deep-forks';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-organise-'));
});

afterEach(async () => {
  await flushAtomicWrites();
  // Its libraries are left open: a background index build may still be writing there.
  await rm(dir, { recursive: true, force: true, maxRetries: 5 });
});

/** A conversation as Atelier wrote it before folders and the archive existed. */
const oldConversation = {
  version: 1,
  id: 'old-one',
  title: 'From last year',
  pinned: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
  model: 'openai/gpt-4o-mini',
  messageCount: 1,
  systemPrompt: '',
  temperature: null,
  maxTokens: null,
  contextStart: 0,
  messages: [
    {
      id: 'm1',
      role: 'user',
      content: 'From last year',
      createdAt: '2025-01-01T00:00:00.000Z',
      status: 'done',
    },
  ],
};

describe('conversation files and folders', () => {
  it('loads files and an index written before folders existed: no folder, not archived', async () => {
    const folder = join(dir, 'conversations');
    await mkdir(folder, { recursive: true });
    const file = join(folder, 'old-one.json');
    await writeFile(file, JSON.stringify(oldConversation));
    const info = await stat(file);
    const { messages: _m, systemPrompt: _s, version: _v, ...summary } = oldConversation;
    void _m;
    void _s;
    void _v;
    await writeFile(
      join(folder, 'index.json'),
      JSON.stringify({
        version: 1,
        entries: [{ ...summary, size: info.size, mtimeMs: info.mtimeMs, streaming: false }],
      }),
    );
    const lib = await openConversationLibrary(dir, { indexDelayMs: 5 });
    expect(lib.list().problems).toEqual([]);
    expect(lib.list().items).toEqual([
      expect.objectContaining({ id: 'old-one', folderId: null, archived: false }),
    ]);
    const c = await lib.get('old-one');
    expect(c.folderId).toBeNull();
    expect(c.archived).toBe(false);
  });

  it('keeps the folder and the archive mark across a restart, without moving the date', async () => {
    const lib = await openConversationLibrary(dir, { indexDelayMs: 5 });
    const c = await lib.create({ model: 'm' });
    const updatedAt = c.updatedAt;
    await new Promise((r) => setTimeout(r, 5));
    await lib.update(c.id, { folderId: 'f1', archived: true });
    expect((await lib.get(c.id)).updatedAt).toBe(updatedAt);
    await lib.flush();
    const again = await openConversationLibrary(dir, { indexDelayMs: 5 });
    expect(again.list().items[0]).toMatchObject({ id: c.id, folderId: 'f1', archived: true });
    const index = JSON.parse(await readFile(join(dir, 'conversations', 'index.json'), 'utf8'));
    expect(index.entries[0]).toMatchObject({ folderId: 'f1', archived: true });
  });

  it('takes every conversation out of a folder, and only those', async () => {
    const lib = await openConversationLibrary(dir, { indexDelayMs: 5 });
    const a = await lib.create({ model: 'm', folderId: 'f1' });
    const b = await lib.create({ model: 'm', folderId: 'f2' });
    expect((await lib.clearFolder('f1')).sort()).toEqual([a.id]);
    const items = lib.list().items;
    expect(items.find((i) => i.id === a.id)!.folderId).toBeNull();
    expect(items.find((i) => i.id === b.id)!.folderId).toBe('f2');
    await lib.flush();
  });

  it('starts a conversation from a preset: prompt, temperature and max tokens', async () => {
    const lib = await openConversationLibrary(dir, { indexDelayMs: 5 });
    const c = await lib.create({
      model: 'm',
      systemPrompt: 'Translate.',
      temperature: 0.3,
      maxTokens: 500,
    });
    expect(c).toMatchObject({ systemPrompt: 'Translate.', temperature: 0.3, maxTokens: 500 });
    await lib.flush();
  });

  it('keeps max tokens left to the account, an answer cut at max_tokens and an estimated usage', () => {
    const answer = {
      id: 'm2',
      role: 'assistant',
      content: 'Once upon',
      createdAt: '2025-01-01T00:00:01.000Z',
      status: 'done',
      cutAtMaxTokens: true,
      usage: {
        promptTokens: 9,
        completionTokens: 3,
        totalTokens: 12,
        cost: '0.1',
        estimated: true,
      },
    };
    const parsed = conversationSchema.parse({
      ...oldConversation,
      maxTokensByAccount: true,
      messages: [...oldConversation.messages, answer],
    });
    expect(parsed.maxTokensByAccount).toBe(true);
    expect(parsed.messages[1]).toMatchObject({
      cutAtMaxTokens: true,
      usage: { estimated: true },
    });
  });
});

describe('versions nested thousands deep', () => {
  /** The message at the bottom of the first version of every first message. */
  function deepest(messages: ChatMessage[]): { message: ChatMessage; depth: number } {
    let depth = 0;
    let path = messages;
    while (path[0]!.alternatives) {
      path = path[0]!.alternatives[0]!;
      depth++;
    }
    return { message: path[0]!, depth };
  }

  it('reads a conversation of 5,000 nested forks whole, without running out of stack', () => {
    const parsed = conversationSchema.safeParse(JSON.parse(deeplyForkedFile('deep', 5000)));
    expect(parsed.success).toBe(true);
    const messages = parsed.data!.messages as ChatMessage[];
    expect(messages.map((m) => m.content)).toEqual(['fork 0', 'answer 0']);
    expect(deepest(messages)).toMatchObject({
      depth: 5000,
      message: { content: 'the deepest walrus' },
    });
  });

  it('names the place of a wrong message 5,000 forks down', () => {
    const text = deeplyForkedFile('deep', 5000).replace('"id":"leaf"', '"id":""');
    const parsed = conversationSchema.safeParse(JSON.parse(text));
    expect(parsed.success).toBe(false);
    const [issue] = parsed.error!.issues;
    const down = Array.from({ length: 5000 }, () => [0, 'alternatives', 0]).flat();
    expect(issue!.path).toEqual(['messages', ...down, 0, 'id']);
  });
});
