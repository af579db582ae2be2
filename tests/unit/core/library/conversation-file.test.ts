// Folders and the archive in the conversation files: old files without the fields still load, new ones keep them.
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushAtomicWrites } from '../../../../electron/core/library/atomic-write';
import { openConversationLibrary } from '../../../../electron/core/library/conversations';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-organise-'));
});

afterEach(async () => {
  await flushAtomicWrites();
  await rm(dir, { recursive: true, force: true });
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
});
