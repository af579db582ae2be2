// Searching the conversation library: words in titles, messages, other versions and attached files; the word index built in the background, kept, set aside when damaged; no build after close.
import { mkdir, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  type ConversationLibrary,
  openConversationLibrary,
} from '../../../../electron/core/library/conversations';
import { openConversationSearch } from '../../../../electron/core/library/conversation-search';
import { openRecovery } from '../../../../electron/core/library/recovery';
import { openWordIndex } from '../../../../electron/core/library/search-index';
import {
  addConversation,
  dir,
  message,
  opened,
  openLib,
  useLibraryFolder,
} from './conversations-harness';

useLibraryFolder();

describe('conversation library', () => {
  it('searches titles and text case-insensitively, with snippets, and follows later changes', async () => {
    const lib = await openLib();
    const filler = 'lorem ipsum '.repeat(20);
    const a = await addConversation(
      lib,
      'Planning a trip',
      `${filler} the Zebra crossing ${filler}`,
    );
    const b = await addConversation(lib, 'Recipes', 'no match here');
    await lib.flush();

    const reopened = await openLib();
    const hits = await reopened.search('zebra');
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ conversationId: a.id, title: 'Planning a trip' });
    expect(hits[0]!.messageId).not.toBeNull();
    expect(hits[0]!.snippet).toContain('Zebra crossing');
    expect(hits[0]!.snippet.startsWith('…')).toBe(true);
    expect(hits[0]!.snippet.length).toBeLessThan(140);

    expect((await reopened.search('RECIPES'))[0]).toMatchObject({
      conversationId: b.id,
      messageId: null,
    });

    const live = await reopened.get(b.id);
    live.messages.push(message('assistant', 'A zebra cake'));
    await reopened.save(live);
    expect((await reopened.search('zebra')).map((h) => h.conversationId).sort()).toEqual(
      [a.id, b.id].sort(),
    );

    await reopened.remove(a.id);
    expect((await reopened.search('zebra')).map((h) => h.conversationId)).toEqual([b.id]);
    expect(await reopened.search('   ')).toEqual([]);
  });

  it('reads the files once for search, then answers from memory', async () => {
    const lib = await openLib();
    const ids: string[] = [];
    for (let i = 0; i < 150; i++)
      ids.push((await addConversation(lib, `note ${i}`, `body ${i} needle${i % 10}`)).id);
    await lib.flush();
    const reopened = await openLib();
    expect(await reopened.search('needle7')).toHaveLength(15);
    // Files removed behind its back are not read again for the next keystroke.
    await Promise.all(ids.map((id) => rm(join(dir, 'conversations', `${id}.json`))));
    expect(await reopened.search('needle7')).toHaveLength(15);
    expect(await reopened.search('NEEDLE3')).toHaveLength(15);
  });

  it('finds all the words in any order, folding case and accents, and the last word as a prefix', async () => {
    const lib = await openLib();
    const c = await addConversation(
      lib,
      'Ёлочка у КАФЕ',
      'We crossed the Zebra crossing near the café',
    );
    // The title (taken from the first message) first, then the message.
    expect((await lib.search('кафе елочка')).map((h) => h.messageId)).toEqual([
      null,
      c.messages[0]!.id,
    ]);
    expect((await lib.search('crossing cafe zeb')).map((h) => h.messageId)).toEqual([
      c.messages[1]!.id,
    ]);
    const [hit] = await lib.search('cafe zebra');
    expect(hit!.ranges!.map((r) => hit!.snippet.slice(r.start, r.end))).toEqual(['Zebra', 'café']);
    // An edited message is found by its new words only, a deleted one not at all.
    c.messages[1]!.content = 'A giraffe instead';
    await lib.save(c);
    expect(await lib.search('zebra')).toEqual([]);
    expect(await lib.search('giraffe')).toHaveLength(1);
    c.messages.splice(1, 1);
    await lib.save(c);
    expect(await lib.search('giraffe')).toEqual([]);
  });

  it('finds words in other versions of a message and in attached text files, and says where', async () => {
    const fileId = `file-${'ab'.repeat(12)}`;
    await mkdir(join(dir, 'files'), { recursive: true });
    await writeFile(join(dir, 'files', `${fileId}.bin`), 'Shopping: pangolin food\n');
    await mkdir(join(dir, 'documents'), { recursive: true });
    await writeFile(join(dir, 'documents', 'doc1.json'), JSON.stringify({ text: 'An armadillo' }));
    const lib = await openLib();
    const c = await addConversation(lib, 'What should I read?', 'Read about the walrus');
    const question = c.messages[0]!;
    question.attachments = [
      { kind: 'text', fileId, name: 'notes.txt', mime: 'text/plain', size: 24, tokens: 6 },
      {
        kind: 'document',
        documentId: 'doc1',
        name: 'report.pdf',
        mime: 'application/pdf',
        size: 9,
        tokens: 3,
      },
    ];
    const answer = c.messages[1]!;
    answer.alternatives = [[{ ...message('assistant', 'Read about the okapi'), id: 'older' }]];
    answer.alternativeIndex = 1;
    await lib.save(c);

    const expectHits = async (library: ConversationLibrary) => {
      const [version] = await library.search('okapi');
      expect(version).toMatchObject({ messageId: answer.id, foundIn: { kind: 'version' } });
      expect(version!.snippet).toContain('okapi');
      const [file] = await library.search('pangolin');
      expect(file).toMatchObject({
        messageId: question.id,
        foundIn: { kind: 'file', name: 'notes.txt' },
      });
      expect(file!.snippet).toContain('pangolin');
      expect((await library.search('armadillo'))[0]).toMatchObject({
        messageId: question.id,
        foundIn: { kind: 'file', name: 'report.pdf' },
      });
      // The message shown is found as itself.
      expect((await library.search('walrus'))[0]!.foundIn).toBeUndefined();
    };
    await expectHits(lib);
    // Built again from the files, in the worker.
    await lib.close();
    await rm(join(dir, 'search'), { recursive: true, force: true });
    const reopened = await openLib();
    await reopened.searchReady();
    await expectHits(reopened);
    // A version deleted is no longer found.
    const again = await reopened.get(c.id);
    delete again.messages[1]!.alternatives;
    delete again.messages[1]!.alternativeIndex;
    await reopened.save(again);
    expect(await reopened.search('okapi')).toEqual([]);
  });

  it('builds the word index in the background at start, saying so until it is done', async () => {
    const lib = await openLib();
    for (let i = 0; i < 40; i++) await addConversation(lib, `note ${i}`, `walrus ${i}`);
    await lib.flush();
    const reopened = await openLib();
    expect(reopened.searchStatus()).toMatchObject({ indexing: true, total: 40 });
    await reopened.searchReady();
    expect(reopened.searchStatus()).toEqual({ indexing: false, indexed: 40, total: 40 });
    expect(await reopened.search('walrus')).toHaveLength(40);
  });

  it('starts from the saved word index where the files did not change, and rebuilds a corrupt one', async () => {
    const lib = await openLib();
    const c = await addConversation(lib, 'first', 'the zebra crossing');
    await addConversation(lib, 'second', 'an okapi');
    await lib.flush();
    const file = join(dir, 'conversations', `${c.id}.json`);
    // A whole-second time, so the stamp can be put back exactly after the file is changed.
    await utimes(file, 1_000, 1_000);
    const second = await openLib();
    await second.searchReady();
    await second.flush();
    expect(await readdir(join(dir, 'search'))).toContain('words.sqlite');

    // Same size and time, other words: only a re-read would see the change.
    const body = await readFile(file, 'utf8');
    await writeFile(file, body.replace('zebra', 'tapir'));
    await utimes(file, 1_000, 1_000);
    const third = await openLib();
    await third.searchReady();
    expect(await third.search('zebra')).toHaveLength(1);
    expect(await third.search('tapir')).toEqual([]);
    expect(await third.search('okapi')).toHaveLength(1);
    await third.flush();

    // Garbage bytes where the index was: set aside in recovered/, rebuilt from the conversation files.
    await writeFile(join(dir, 'search', 'words.sqlite'), 'not a database '.repeat(400));
    const fourth = await openLib();
    await fourth.searchReady();
    expect(await fourth.search('tapir')).toHaveLength(1);
    expect(await fourth.search('okapi')).toHaveLength(1);
    await fourth.flush();
    const recovered = await readdir(join(dir, 'recovered'), { recursive: true });
    expect(recovered.filter((f) => f.endsWith('words.sqlite'))).toHaveLength(1);
    const saved = openWordIndex(join(dir, 'search', 'words.sqlite'));
    expect(saved.conversationIds()).toHaveLength(2);
    saved.close();
  });

  it("sets a damaged word index aside through the library's recovery, so the person is told", async () => {
    const lib = await openLib();
    await addConversation(lib, 'first', 'the zebra crossing');
    await lib.close();
    await writeFile(join(dir, 'search', 'words.sqlite'), 'not a database '.repeat(400));
    const recovery = openRecovery(dir);
    const again = await openConversationLibrary(dir, { recovery });
    opened.push(again);
    await again.searchReady();
    expect(await again.search('zebra')).toHaveLength(1);
    expect(recovery.items().map((item) => item.file)).toEqual(['search/words.sqlite']);
  });
});

describe('closing the library', () => {
  it('starts no index build after close: the data folder is left as it was', async () => {
    const lib = await openLib();
    await addConversation(lib, 'a note', 'about walruses');
    await lib.close();
    await rm(join(dir, 'search'), { recursive: true, force: true });

    // Both build timers (after the first list, and the latest start) are pending at close.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const reopened = await openConversationLibrary(dir);
      reopened.list();
      await reopened.close();
      vi.advanceTimersByTime(60_000);
    } finally {
      vi.useRealTimers();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await readdir(dir)).not.toContain('search');
  });

  it('sends no build begun just before close, and a later search builds it after all', async () => {
    const lib = await openLib();
    await addConversation(lib, 'a note', 'about walruses');
    await lib.close();
    await rm(join(dir, 'search'), { recursive: true, force: true });

    const search = openConversationSearch({
      file: join(dir, 'search', 'words.sqlite'),
      folder: join(dir, 'conversations'),
      stamps: () => new Map(),
    });
    search.start();
    await search.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The folder was being prepared; no worker opened the index in it.
    expect(await readdir(join(dir, 'search'))).toEqual([]);
    expect(search.status().indexing).toBe(true);

    expect(await search.search('walrus')).toEqual([]);
    await search.ready();
    expect(search.status()).toEqual({ indexing: false, indexed: 0, total: 0 });
    await search.close();
    expect(await readdir(join(dir, 'search'))).toContain('words.sqlite');
  });

  it('answers a second close made while one runs with that same close, and closes anew later', async () => {
    const lib = await openLib();
    await addConversation(lib, 'a note', 'about walruses');
    await lib.close();
    const search = openConversationSearch({
      file: join(dir, 'search', 'words.sqlite'),
      folder: join(dir, 'conversations'),
      stamps: () => new Map(),
    });
    search.start();
    const first = search.close();
    expect(search.close()).toBe(first);
    await first;
    expect(await search.search('walrus')).toEqual([]);
    await search.ready();
    const later = search.close();
    expect(later).not.toBe(first);
    await later;
  });
});
