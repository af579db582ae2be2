// folders.* and assistants.* through core: folders never take conversations with them, built-ins are kept, everything survives a restart.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../../../../shared/types';
import type {
  Assistant,
  Conversation,
  ConversationList,
  Folder,
} from '../../../../../shared/types';
import type { RecoveredFiles } from '../../../../../shared/storage';
import { fillDisk } from '../../disk-full';
import type { FeatureContext } from '../../../../../electron/core/features/context';
import { openOrganiseFeature } from '../../../../../electron/core/features/organise/feature';
import { openConversationLibrary } from '../../../../../electron/core/library/conversations';
import { openRecovery } from '../../../../../electron/core/library/recovery';
import { env, openCore } from '../../simulated-core';

describe('folders', () => {
  it('creates, renames, lists by name and deletes a folder, leaving its conversations in place', async () => {
    const { call, attempt, emitted } = await openCore();
    const work = await call<Folder>('folders.create', { name: '  Work  ' });
    expect(work.name).toBe('Work');
    await call<Folder>('folders.create', { name: 'Home' });
    const refused = await attempt('folders.create', { name: 'work' });
    expect(refused.ok).toBe(false);
    const renamed = await call<Folder>('folders.rename', { id: work.id, name: 'Projects' });
    expect(renamed.name).toBe('Projects');
    expect((await call<Folder[]>('folders.list')).map((f) => f.name)).toEqual(['Home', 'Projects']);

    const c = await call<Conversation>('conversations.create', {});
    const filed = await call<Conversation>('conversations.update', {
      id: c.id,
      folderId: work.id,
    });
    expect(filed.folderId).toBe(work.id);
    await call('folders.delete', { id: work.id });
    expect((await call<Folder[]>('folders.list')).map((f) => f.name)).toEqual(['Home']);
    const list = await call<ConversationList>('conversations.list');
    expect(list.items.find((i) => i.id === c.id)).toMatchObject({ folderId: null });
    expect(emitted.some((e) => e.event === 'conversations.changed')).toBe(true);
  });

  it('keeps folders across a restart and reports a corrupt folder file', async () => {
    const first = await openCore();
    await first.call('folders.create', { name: 'Kept' });
    await env.cores.pop()!.dispose();
    const second = await openCore();
    expect((await second.call<Folder[]>('folders.list')).map((f) => f.name)).toEqual(['Kept']);
    await env.cores.pop()!.dispose();
    await writeFile(join(env.dir, 'folders.json'), '{ not json');
    const third = await openCore();
    expect(await third.call<Folder[]>('folders.list')).toEqual([]);
  });

  it('archives and restores a conversation', async () => {
    const { call } = await openCore();
    const c = await call<Conversation>('conversations.create', {});
    await call('conversations.update', { id: c.id, archived: true });
    let list = await call<ConversationList>('conversations.list');
    expect(list.items.find((i) => i.id === c.id)!.archived).toBe(true);
    await call('conversations.update', { id: c.id, archived: false });
    list = await call<ConversationList>('conversations.list');
    expect(list.items.find((i) => i.id === c.id)!.archived).toBe(false);
  });
});

describe('folders after a crash (issue 37)', () => {
  async function conversationInFolder() {
    const first = await openCore();
    const folder = await first.call<Folder>('folders.create', { name: 'Work' });
    const c = await first.call<Conversation>('conversations.create', {});
    await first.call('conversations.update', { id: c.id, folderId: folder.id });
    await env.cores.pop()!.dispose();
    return { folder, c };
  }

  it('puts a conversation whose folder is gone back in the main list at start, whole', async () => {
    const { c } = await conversationInFolder();
    // What a crash between the two writes of an older delete left: the folder gone, its conversation still in it.
    await writeFile(join(env.dir, 'folders.json'), JSON.stringify({ version: 1, folders: [] }));
    const { call } = await openCore();
    const list = await call<ConversationList>('conversations.list');
    expect(list.items.find((i) => i.id === c.id)).toMatchObject({ folderId: null });
  });

  it('leaves conversations in their folders when the folder list was set aside, so putting it back brings them back', async () => {
    const { folder, c } = await conversationInFolder();
    await writeFile(join(env.dir, 'folders.json'), '{ not json');
    const { call } = await openCore();
    const list = await call<ConversationList>('conversations.list');
    expect(list.items.find((i) => i.id === c.id)).toMatchObject({ folderId: folder.id });
  });

  it('takes the conversations out before the folder goes, so a delete cut short leaves none in a missing folder', async () => {
    const conversations = await openConversationLibrary(env.dir);
    const ctx = {
      dataDir: env.dir,
      conversations: {
        ...conversations,
        clearFolder: async () => {
          throw new Error('killed');
        },
      },
      recovery: openRecovery(env.dir),
      emit: () => undefined,
    } as unknown as FeatureContext;
    const organise = await openOrganiseFeature(ctx);
    const folder = await organise.handlers['folders.create']({ name: 'Work' });
    await expect(organise.handlers['folders.delete']({ id: folder.id })).rejects.toThrow('killed');
    expect(await organise.handlers['folders.list']({})).toEqual([folder]);
    await conversations.close();
  });
});

describe('assistants', () => {
  it('ships built-ins in the person’s language, which cannot be changed or deleted', async () => {
    const { call, attempt } = await openCore();
    const en = await call<Assistant[]>('assistants.list');
    expect(en.map((a) => a.name)).toEqual([
      'Translator',
      'Proof-reader',
      'Code reviewer',
      'Summariser',
    ]);
    expect(en.every((a) => a.builtIn && a.systemPrompt.length > 40)).toBe(true);
    await call('settings.update', { language: 'ru' });
    const ru = await call<Assistant[]>('assistants.list');
    expect(ru.map((a) => a.name)).toEqual([
      'Переводчик',
      'Корректор',
      'Ревьюер кода',
      'Конспектор',
    ]);
    expect(ru[0]!.systemPrompt).toMatch(/переводчик/);
    expect(ru.map((a) => a.id)).toEqual(en.map((a) => a.id));

    const deleted = (await attempt('assistants.delete', { id: en[0]!.id })) as Envelope<unknown>;
    expect(deleted.ok).toBe(false);
    const changed = await attempt('assistants.save', {
      id: en[0]!.id,
      name: 'Mine',
      systemPrompt: '',
      model: '',
      temperature: null,
      maxTokens: null,
    });
    expect(changed.ok).toBe(false);
  });

  it('creates, edits and deletes the person’s own, kept across a restart', async () => {
    const first = await openCore();
    const made = await first.call<Assistant>('assistants.save', {
      name: 'Poet',
      systemPrompt: 'Answer in verse.',
      model: 'openai/gpt-4o-mini',
      temperature: 1.2,
      maxTokens: 300,
    });
    expect(made.builtIn).toBe(false);
    const edited = await first.call<Assistant>('assistants.save', {
      id: made.id,
      name: 'Haiku poet',
      systemPrompt: 'Answer in haiku.',
      model: '',
      temperature: null,
      maxTokens: null,
    });
    expect(edited).toMatchObject({ id: made.id, name: 'Haiku poet', temperature: null });
    await env.cores.pop()!.dispose();
    const stored = JSON.parse(await readFile(join(env.dir, 'assistants.json'), 'utf8'));
    expect(stored.assistants).toHaveLength(1);

    const second = await openCore();
    const list = await second.call<Assistant[]>('assistants.list');
    expect(list.at(-1)).toMatchObject({ id: made.id, name: 'Haiku poet', builtIn: false });
    await second.call('assistants.delete', { id: made.id });
    expect((await second.call<Assistant[]>('assistants.list')).some((a) => !a.builtIn)).toBe(false);
  });

  it('a conversation started from an assistant takes its prompt, model and parameters', async () => {
    const { call } = await openCore();
    const c = await call<Conversation>('conversations.create', {
      model: 'openai/gpt-4o-mini',
      systemPrompt: 'Answer in verse.',
      temperature: 1.2,
      maxTokens: 300,
    });
    const read = await call<Conversation>('conversations.get', { id: c.id });
    expect(read).toMatchObject({
      model: 'openai/gpt-4o-mini',
      systemPrompt: 'Answer in verse.',
      temperature: 1.2,
      maxTokens: 300,
    });
  });
});

describe('folders and assistants on a damaged or full disk', () => {
  it('sets a damaged folder list and assistant list aside, says so, and starts without them', async () => {
    await writeFile(join(env.dir, 'folders.json'), '{ not json');
    await writeFile(join(env.dir, 'assistants.json'), '{"version": 1, "assistants": 3}');
    const { call } = await openCore();
    expect(await call<Folder[]>('folders.list')).toEqual([]);
    expect((await call<Assistant[]>('assistants.list')).every((a) => a.builtIn)).toBe(true);
    const { items } = await call<RecoveredFiles>('storage.recovered');
    expect(items.map((i) => i.file).sort()).toEqual(['assistants.json', 'folders.json']);
    expect(
      await readFile(join(env.dir, items.find((i) => i.file === 'folders.json')!.movedTo!), 'utf8'),
    ).toBe('{ not json');
    // A new folder is a new file: the one set aside is not written over.
    await call('folders.create', { name: 'New' });
    expect(
      await readFile(join(env.dir, items.find((i) => i.file === 'folders.json')!.movedTo!), 'utf8'),
    ).toBe('{ not json');
  });

  it('keeps folders and assistants as on disk when a full disk refuses their save', async () => {
    const { call, attempt } = await openCore();
    const kept = await call<Folder>('folders.create', { name: 'Kept' });
    const freeDisk = fillDisk();
    try {
      for (const [channel, input] of [
        ['folders.create', { name: 'Lost' }],
        ['folders.rename', { id: kept.id, name: 'Renamed' }],
        ['folders.delete', { id: kept.id }],
        [
          'assistants.save',
          { name: 'Poet', systemPrompt: 'Rhyme.', model: '', temperature: null, maxTokens: null },
        ],
      ] as const) {
        const refused = await attempt(channel, input);
        expect(refused.ok, channel).toBe(false);
        if (!refused.ok) expect(refused.error.message).toMatch(/disk is full/);
      }
    } finally {
      freeDisk();
    }
    expect(await call<Folder[]>('folders.list')).toEqual([kept]);
    expect((await call<Assistant[]>('assistants.list')).every((a) => a.builtIn)).toBe(true);
  });
});
