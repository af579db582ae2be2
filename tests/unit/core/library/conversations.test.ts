// The conversation library on disk: the list, corrupt files set aside, index rebuild, crash recovery, titles, versions, a full disk, imports.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StoredConversation } from '../../../../electron/core/library/conversation-file';
import { ServiceError } from '../../../../electron/core/service/errors';
import { fillDisk } from '../disk-full';
import { deeplyForkedFile } from './fixtures/deep-forks';
import { addConversation, dir, message, openLib, useLibraryFolder } from './conversations-harness';

useLibraryFolder();

describe('conversation library', () => {
  it('lists pinned first, then the most recently updated', async () => {
    const lib = await openLib();
    const a = await addConversation(lib, 'first');
    const b = await addConversation(lib, 'second');
    const c = await addConversation(lib, 'third');
    await lib.update(a.id, { pinned: true });
    await lib.save(b);
    expect(lib.list().items.map((s) => s.id)).toEqual([a.id, b.id, c.id]);
    expect(lib.list().items[1]).toMatchObject({ title: 'second', messageCount: 1 });
  });

  it('reports a corrupt conversation file, sets it aside to recovered/, and still loads the rest', async () => {
    const lib = await openLib();
    const good1 = await addConversation(lib, 'keep me', 'answer');
    const bad = await addConversation(lib, 'doomed');
    const good2 = await addConversation(lib, 'me too');
    await lib.flush();
    await writeFile(join(dir, 'conversations', `${bad.id}.json`), '{"version":1,"id":');

    const reopened = await openLib();
    const list = reopened.list();
    expect(list.items.map((s) => s.id).sort()).toEqual([good1.id, good2.id].sort());
    expect(list.problems).toHaveLength(1);
    expect(list.problems[0]!.file).toBe(`${bad.id}.json`);
    expect(list.problems[0]!.reason).toMatch(/not valid JSON/);
    const where = /set aside in (recovered\/\S+\.json)\./.exec(list.problems[0]!.reason)?.[1];
    expect(where).toMatch(new RegExp(`^recovered/[^/]+/conversations/${bad.id}\\.json$`));
    expect(await readFile(join(dir, where!), 'utf8')).toBe('{"version":1,"id":');
    expect(await readFile(join(dir, `${where!}.why.txt`), 'utf8')).toMatch(/not valid JSON/);
    expect(await readdir(join(dir, 'conversations'))).not.toContain(`${bad.id}.json`);
    expect((await reopened.get(good1.id)).messages.map((m) => m.content)).toEqual([
      'keep me',
      'answer',
    ]);
  });

  it('reports a file of the wrong shape with the field at fault', async () => {
    const lib = await openLib();
    const c = await addConversation(lib, 'x');
    await lib.flush();
    const file = join(dir, 'conversations', `${c.id}.json`);
    const json = JSON.parse(await readFile(file, 'utf8'));
    json.messages[0].role = 'robot';
    await writeFile(file, JSON.stringify(json));
    const reopened = await openLib();
    expect(reopened.list().items).toEqual([]);
    expect(reopened.list().problems[0]!.reason).toMatch(/messages\.0\.role/);
  });

  it('rebuilds a missing or corrupt index from the files', async () => {
    const lib = await openLib();
    const a = await addConversation(lib, 'alpha question');
    const b = await addConversation(lib, 'beta question');
    await lib.flush();
    const indexFile = join(dir, 'conversations', 'index.json');

    await rm(indexFile);
    const fromNothing = await openLib();
    expect(
      fromNothing
        .list()
        .items.map((s) => s.title)
        .sort(),
    ).toEqual(['alpha question', 'beta question']);
    await fromNothing.flush();
    expect(JSON.parse(await readFile(indexFile, 'utf8')).entries).toHaveLength(2);

    await writeFile(indexFile, 'garbage{');
    const fromGarbage = await openLib();
    expect(
      fromGarbage
        .list()
        .items.map((s) => s.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    // A cache made again: kept aside all the same, never a missing conversation.
    expect(fromGarbage.list().problems).toEqual([]);
    const [run] = await readdir(join(dir, 'recovered'));
    expect(
      await readFile(join(dir, 'recovered', run!, 'conversations', 'index.json'), 'utf8'),
    ).toBe('garbage{');
  });

  it('keeps the assistant a conversation was started from, in its file and its list entry', async () => {
    const lib = await openLib();
    const assistant = { id: 'builtin-translator', name: 'Translator' };
    const c = await lib.create({ model: 'm/x', systemPrompt: 'Translate.', assistant });
    const plain = await lib.create({ model: 'm/x' });
    expect(lib.list().items.find((s) => s.id === c.id)?.assistant).toEqual(assistant);
    await lib.flush();
    // After a restart, from the saved index and from the file alike.
    const reopened = await openLib();
    expect(reopened.list().items.find((s) => s.id === c.id)?.assistant).toEqual(assistant);
    expect(reopened.list().items.find((s) => s.id === plain.id)).not.toHaveProperty('assistant');
    expect((await reopened.get(c.id)).assistant).toEqual(assistant);
    await rm(join(dir, 'conversations', 'index.json'));
    expect((await openLib()).list().items.find((s) => s.id === c.id)?.assistant).toEqual(assistant);
  });

  it('re-reads a file the index no longer matches (a crash between the two writes)', async () => {
    const lib = await openLib();
    const c = await addConversation(lib, 'old title text');
    await lib.flush();
    const file = join(dir, 'conversations', `${c.id}.json`);
    const json = JSON.parse(await readFile(file, 'utf8'));
    json.title = 'Renamed while the index was stale';
    json.titleEdited = true;
    await writeFile(file, JSON.stringify(json));
    const reopened = await openLib();
    expect(reopened.list().items[0]!.title).toBe('Renamed while the index was stale');
  });

  it('turns answers left streaming by a crash into interrupted ones, keeping their text', async () => {
    const lib = await openLib();
    const c = await lib.create({ model: 'm/x' });
    c.messages.push(
      message('user', 'tell me a story'),
      message('assistant', 'Once upon a', 'streaming'),
    );
    await lib.save(c);
    await lib.flush();

    const reopened = await openLib();
    const recovered = await reopened.get(c.id);
    expect(recovered.messages[1]).toMatchObject({ status: 'interrupted', content: 'Once upon a' });
    await reopened.flush();
    const onDisk = JSON.parse(await readFile(join(dir, 'conversations', `${c.id}.json`), 'utf8'));
    expect(onDisk.messages[1].status).toBe('interrupted');
  });

  it('titles a conversation from its first message until the user renames it', async () => {
    const lib = await openLib();
    const c = await addConversation(lib, 'How do I   bake\nbread at home?');
    expect(c.title).toBe('How do I bake');
    await lib.update(c.id, { title: 'Bread' });
    c.messages.unshift(message('user', 'something else'));
    await lib.save(c);
    expect((await lib.get(c.id)).title).toBe('Bread');
    await lib.update(c.id, { title: '' });
    expect((await lib.get(c.id)).title).toBe('something else');
    const long = await addConversation(lib, 'word '.repeat(40));
    expect(long.title).toBe('word word word word word word word word');
  });

  it('answers not_found for unknown ids and ids that try to leave the folder', async () => {
    const lib = await openLib();
    for (const id of ['nope', '../settings', 'a/b']) {
      const failure = await lib.get(id).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(ServiceError);
      expect((failure as ServiceError).error.code).toBe('not_found');
    }
  });

  it('deletes the file and the index entry', async () => {
    const lib = await openLib();
    const c = await addConversation(lib, 'bye');
    await lib.remove(c.id);
    await lib.flush();
    expect(lib.list().items).toEqual([]);
    expect(await readdir(join(dir, 'conversations'))).toEqual(['index.json']);
    expect((await openLib()).list().items).toEqual([]);
  });
});

describe('message versions on disk', () => {
  it('saves nested versions as version 2 and reads them back whole', async () => {
    const lib = await openLib();
    const c = await addConversation(lib, 'q1', 'a1');
    const inner = { ...message('assistant', 'a2 old') };
    const older = [message('user', 'q1 old'), { ...message('assistant', 'a1 old') }];
    older[1] = { ...older[1]!, alternatives: [[inner]], alternativeIndex: 1 };
    c.messages[0] = { ...c.messages[0]!, alternatives: [older], alternativeIndex: 1 };
    await lib.save(c);
    await lib.flush();
    const file = JSON.parse(await readFile(join(dir, 'conversations', `${c.id}.json`), 'utf8'));
    expect(file.version).toBe(2);

    const again = await openLib();
    const read = await again.get(c.id);
    expect(read.messages).toEqual(c.messages);
    expect(read.messages[0]!.alternatives?.[0]?.[1]?.alternatives?.[0]?.[0]?.content).toBe(
      'a2 old',
    );
  });

  it('sets aside a file whose versions are malformed', async () => {
    const lib = await openLib();
    const c = await addConversation(lib, 'q1', 'a1');
    await lib.flush();
    const path = join(dir, 'conversations', `${c.id}.json`);
    const file = JSON.parse(await readFile(path, 'utf8'));
    file.messages[0].alternatives = [[{ id: 'x', role: 'robot' }]];
    await writeFile(path, JSON.stringify(file));
    const again = await openLib();
    expect(again.list().problems.map((p) => p.file)).toEqual([`${c.id}.json`]);
  });

  it('lists, opens and indexes a conversation of 5,000 nested forks at start', async () => {
    await mkdir(join(dir, 'conversations'), { recursive: true });
    await writeFile(join(dir, 'conversations', 'deep.json'), deeplyForkedFile('deep', 5000));
    const lib = await openLib();
    expect(lib.list().problems).toEqual([]);
    expect(lib.list().items.map((i) => i.id)).toEqual(['deep']);
    expect((await lib.get('deep')).messages.map((m) => m.content)).toEqual(['fork 0', 'answer 0']);
    await lib.searchReady();
    expect(lib.searchStatus()).toEqual({ indexing: false, indexed: 1, total: 1 });
    // Its other versions are searched too: three hits, the most one conversation gives.
    expect((await lib.search('answer')).map((h) => h.conversationId)).toEqual([
      'deep',
      'deep',
      'deep',
    ]);
  });
});

describe('a full disk', () => {
  it('undoes a change whose save it refused, saying so, and keeps the file whole', async () => {
    const lib = await openLib();
    const c = await addConversation(lib, 'question', 'answer');
    await lib.flush();
    const file = join(dir, 'conversations', `${c.id}.json`);
    const before = await readFile(file, 'utf8');
    const held = structuredClone(await lib.get(c.id));
    const freeDisk = fillDisk();
    try {
      await expect(lib.update(c.id, { title: 'Renamed', pinned: true })).rejects.toThrow(
        /the disk is full. Nothing saved before was lost/,
      );
      expect(await lib.setModelTitle(c.id, 'A model title').catch((e: Error) => e.message)).toMatch(
        /disk is full/,
      );
    } finally {
      freeDisk();
    }
    expect(await lib.get(c.id)).toEqual(held);
    expect(lib.list().items[0]).toMatchObject({ title: 'question', pinned: false });
    expect(await readFile(file, 'utf8')).toBe(before);
    expect((await readdir(join(dir, 'conversations'))).filter((n) => n.endsWith('.tmp'))).toEqual(
      [],
    );
  });

  it('keeps no conversation it could not create', async () => {
    const lib = await openLib();
    const freeDisk = fillDisk();
    let failure: unknown;
    try {
      failure = await lib.create({ model: 'm/x' }).catch((e: unknown) => e);
    } finally {
      freeDisk();
    }
    expect(failure).toBeInstanceOf(ServiceError);
    expect((failure as ServiceError).error.details).toEqual({ reason: 'disk_full' });
    expect(lib.list().items).toEqual([]);
  });

  it('starts on a full disk with a stale index, and reads the files', async () => {
    const lib = await openLib();
    const c = await addConversation(lib, 'kept');
    await lib.flush();
    await rm(join(dir, 'conversations', 'index.json'));
    const freeDisk = fillDisk();
    try {
      const reopened = await openLib();
      expect(reopened.list().items.map((s) => s.id)).toEqual([c.id]);
    } finally {
      freeDisk();
    }
  });
});

describe('imported conversations: their titles, their origins, their folders (issue 37)', () => {
  const at = '2026-01-01T00:00:00.000Z';
  /** A conversation as an import wrote it: a title of its own, not marked as given. */
  function imported(id: string, title: string, question: string): StoredConversation {
    return {
      version: 2,
      id,
      title,
      pinned: false,
      createdAt: at,
      updatedAt: at,
      model: '',
      messageCount: 1,
      systemPrompt: '',
      temperature: null,
      maxTokens: null,
      contextStart: 0,
      messages: [{ id: 'm1', role: 'user', content: question, createdAt: at, status: 'done' }],
    };
  }

  it('keeps the title of a conversation imported before titles were marked, through pin, archive and move', async () => {
    await mkdir(join(dir, 'conversations'), { recursive: true });
    const old = imported('imported-1', 'Garden plans', 'What should I plant in April?');
    await writeFile(join(dir, 'conversations', 'imported-1.json'), JSON.stringify(old));
    const lib = await openLib();
    await lib.update('imported-1', { pinned: true });
    await lib.update('imported-1', { archived: true });
    expect((await lib.update('imported-1', { folderId: 'f' })).title).toBe('Garden plans');
    const adopted = await lib.adopt(imported('x', 'Plans for May', 'What to plant?'));
    expect((await lib.update(adopted.id, { pinned: true })).title).toBe('Plans for May');
  });

  it('still titles a conversation made here by its first question, and a cleared name goes back to it', async () => {
    const lib = await openLib();
    const c = await addConversation(lib, 'First question', 'An answer');
    await lib.update(c.id, { pinned: true });
    expect((await lib.get(c.id)).title).toBe('First question');
    await lib.update(c.id, { title: 'Named' });
    expect((await lib.update(c.id, { title: '' })).title).toBe('First question');
  });

  it('finds what imports added by their origins, from the index and from the files when it is lost', async () => {
    const origin = { source: 'chatgpt', id: 'gpt-1', hash: 'a'.repeat(64) };
    const lib = await openLib();
    const fromChatGpt: StoredConversation = {
      ...imported('y', 'From ChatGPT', 'Hi'),
      origins: [origin],
    };
    const { id } = await lib.adopt(fromChatGpt);
    expect(lib.originIndex()).toEqual(new Map([[`chatgpt:${'a'.repeat(64)}`, id]]));
    await lib.close();
    expect((await openLib()).originIndex().get(`chatgpt:${'a'.repeat(64)}`)).toBe(id);
    await rm(join(dir, 'conversations', 'index.json'));
    expect((await openLib()).originIndex().get(`chatgpt:${'a'.repeat(64)}`)).toBe(id);
  });

  it('reads a conversation whose origins are damaged, dropping only them', async () => {
    await mkdir(join(dir, 'conversations'), { recursive: true });
    const damaged = {
      ...imported('z', 'Kept', 'Hi'),
      origins: [{ source: 1, hash: 'not a hash' }],
    };
    await writeFile(join(dir, 'conversations', 'z.json'), JSON.stringify(damaged));
    const lib = await openLib();
    expect((await lib.get('z')).title).toBe('Kept');
    expect(lib.originIndex().size).toBe(0);
  });

  it('takes conversations out of folders that are gone, and leaves the others filed', async () => {
    const lib = await openLib();
    const kept = await addConversation(lib, 'in a folder that exists');
    const lost = await addConversation(lib, 'in a folder that is gone');
    await lib.update(kept.id, { folderId: 'here' });
    await lib.update(lost.id, { folderId: 'gone' });
    expect(await lib.clearMissingFolders((id) => id === 'here')).toEqual([lost.id]);
    const byId = new Map(lib.list().items.map((i) => [i.id, i.folderId]));
    expect(byId.get(kept.id)).toBe('here');
    expect(byId.get(lost.id)).toBeNull();
    expect((await lib.get(lost.id)).messages).toHaveLength(1);
  });
});
