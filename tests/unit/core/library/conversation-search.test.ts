// Conversation search against what a crash, damage and a full disk leave: saves a crash cut short are
// indexed at the next start, a damaged index is set aside and rebuilt (and says so), and a disk that
// refuses the index's writes leaves search answering, saying it is behind, and catching up later.
import fs from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, Conversation } from '../../../../shared/types';
import {
  type ConversationSearch,
  type ConversationSearchDeps,
  openConversationSearch,
} from '../../../../electron/core/library/conversation-search';
import { openRecovery, REASON_SUFFIX } from '../../../../electron/core/library/recovery';
import { type FileStamp, indexedPart } from '../../../../electron/core/library/search-doc';
import { openWordIndex } from '../../../../electron/core/library/search-index';
import {
  openSearchService,
  type SearchRequest,
} from '../../../../electron/core/library/search-service';
import { SearchFailure, type SearchThread } from '../../../../electron/core/library/search-thread';
import { garbleFirstWordPages } from './fixtures/word-index-damage';

let dir: string;
let folder: string;
let file: string;
let opened: ConversationSearch[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-search-'));
  folder = join(dir, 'conversations');
  file = join(dir, 'search', 'words.sqlite');
  await mkdir(folder);
  opened = [];
});

afterEach(async () => {
  vi.useRealTimers();
  for (const search of opened) await search.close();
  await rm(dir, { recursive: true, force: true });
});

function conversation(id: string, texts: string[]): Conversation {
  return {
    version: 2,
    id,
    title: `Notes ${id}`,
    pinned: false,
    createdAt: '',
    updatedAt: '',
    model: 'm',
    messageCount: texts.length,
    systemPrompt: '',
    temperature: null,
    maxTokens: null,
    contextStart: 0,
    messages: texts.map((content, i): ChatMessage => ({
      id: `${id}-m${i}`,
      role: i % 2 === 0 ? 'user' : 'assistant',
      content,
      createdAt: '',
      status: 'done',
    })),
  };
}

const fileOf = (id: string) => join(folder, `${id}.json`);

async function stampOf(id: string): Promise<FileStamp> {
  const info = await stat(fileOf(id));
  return { size: info.size, mtimeMs: info.mtimeMs };
}

/** Every conversation file in the folder with its stamp now, as the library lists them. */
async function stamps(): Promise<Map<string, FileStamp>> {
  const all = new Map<string, FileStamp>();
  for (const name of await readdir(folder))
    all.set(name.slice(0, -'.json'.length), await stampOf(name.slice(0, -'.json'.length)));
  return all;
}

/** A search over the folder as it is when opened (the list of a library opening now). */
async function openSearch(deps: Partial<ConversationSearchDeps> = {}): Promise<ConversationSearch> {
  const listed = await stamps();
  const search = openConversationSearch({ file, folder, stamps: () => listed, ...deps });
  opened.push(search);
  return search;
}

/** Fifty conversations of ten messages each, with many words. */
async function writeLibrary(): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const texts = Array.from(
      { length: 10 },
      (_, j) => `walrus ${i} ${j} ${'lorem ipsum dolor '.repeat(10)}`,
    );
    await writeFile(fileOf(`c${i}`), JSON.stringify(conversation(`c${i}`, texts)));
  }
}

describe('after a crash', () => {
  it('indexes at the next start a save the crash cut off from the index, though its stamp matches', async () => {
    // Two saves of one size within one tick of the file clock leave one stamp (whole seconds
    // here, so the test can give both the same time; Linux's clock ticks every few ms).
    const second = Math.floor(Date.now() / 1000);
    await writeFile(fileOf('c1'), JSON.stringify(conversation('c1', ['a zebra here'])));
    await utimes(fileOf('c1'), second, second);
    const before = await openSearch();
    before.saved(conversation('c1', ['a zebra here']), await stampOf('c1'));
    await before.flush();
    await before.close();

    // The second save reached the file; the kill came before the index heard of it.
    await writeFile(fileOf('c1'), JSON.stringify(conversation('c1', ['a tapir here'])));
    await utimes(fileOf('c1'), second, second);

    const after = await openSearch();
    await after.ready();
    expect((await after.search('tapir')).map((h) => h.conversationId)).toEqual(['c1']);
    expect(await after.search('zebra')).toEqual([]);
  });
});

/**
 * Garbles the open index: every page's head, and its change counter, so SQLite reads the pages
 * again rather than trusting its cache.
 */
async function garbleUnderIt(): Promise<void> {
  const bytes = await readFile(file);
  const pageSize = bytes.readUInt16BE(16);
  for (let at = pageSize; at < bytes.length; at += pageSize) bytes.fill(0xa5, at, at + 12);
  bytes.writeUInt32BE(bytes.readUInt32BE(24) + 1, 24);
  await writeFile(file, bytes);
}

describe('a damaged index', () => {
  it('is found at start though it opens, set aside with its reason, and rebuilt from the conversations', async () => {
    await writeLibrary();
    // The library's index, written in one transaction (one segment of many pages), then garbled
    // where the open does not look.
    await mkdir(join(dir, 'search'));
    const index = openWordIndex(file);
    const items = [];
    for (const [id, stamp] of await stamps()) {
      const c = JSON.parse(await readFile(fileOf(id), 'utf8')) as Conversation;
      items.push({ conversation: indexedPart(c), stamp: { ...stamp, takenAt: Date.now() + 1e9 } });
    }
    index.setConversations(items);
    index.close();
    expect(garbleFirstWordPages(file)).toBeGreaterThan(0);
    openWordIndex(file).close();

    const recovery = openRecovery(dir);
    const search = await openSearch({ recovery });
    await search.ready();
    expect(search.status()).toEqual({ indexing: false, indexed: 50, total: 50 });
    expect(await search.search('dolor')).not.toEqual([]);
    expect(await search.search('walrus 17 3')).toHaveLength(1);
    const [aside] = recovery.items();
    expect(aside).toMatchObject({ file: 'search/words.sqlite' });
    expect(aside!.reason).toMatch(/corruption/);
    expect(aside!.reason).toMatch(/built again from them, and nothing is lost/);
    expect(await readFile(join(dir, aside!.movedTo! + REASON_SUFFIX), 'utf8')).toContain(
      'search/words.sqlite',
    );
  });

  it('met by a search, is never answered with nothing in silence: rebuilt, and the status says so until it is', async () => {
    await writeLibrary();
    const recovery = openRecovery(dir);
    const search = await openSearch({ recovery, waitMs: 0 });
    await search.ready();
    expect(await search.search('walrus 17 3')).toHaveLength(1);

    await garbleUnderIt();
    const hits = await search.search('walrus 17 3');
    expect(hits.length === 1 || search.status().problem === 'rebuilding').toBe(true);
    await search.ready();
    expect(search.status()).toEqual({ indexing: false, indexed: 50, total: 50 });
    expect(await search.search('walrus 17 3')).toHaveLength(1);
    expect(recovery.items().map((item) => item.file)).toEqual(['search/words.sqlite']);
  });

  it('met by a save, is rebuilt from the files, that save included', async () => {
    await writeLibrary();
    const recovery = openRecovery(dir);
    const search = await openSearch({ recovery });
    await search.ready();
    await garbleUnderIt();

    const changed = conversation('c7', ['a quokka arrived']);
    await writeFile(fileOf('c7'), JSON.stringify(changed));
    search.saved(changed, await stampOf('c7'));
    await search.flush();
    await search.ready();
    expect(search.status()).toEqual({ indexing: false, indexed: 50, total: 50 });
    expect((await search.search('quokka')).map((h) => h.conversationId)).toEqual(['c7']);
    expect(await search.search('walrus 17 3')).toHaveLength(1);
    expect(recovery.items().map((item) => item.file)).toEqual(['search/words.sqlite']);
  });

  it('with a file where its folder should be: that file is set aside and search works', async () => {
    await writeLibrary();
    await writeFile(join(dir, 'search'), 'not a folder');
    const recovery = openRecovery(dir);
    const search = await openSearch({ recovery });
    await search.ready();
    expect(await search.search('walrus 17 3')).toHaveLength(1);
    expect(search.status().problem).toBeUndefined();
    expect(recovery.items().map((item) => item.file)).toEqual(['search']);
  });
});

/** The search service run in this thread (where a test can make the disk full), as the worker runs it. */
function inThisThread(indexFile: string): SearchThread {
  const pending = new Map<number, { resolve(a: never): void; reject(e: Error): void }>();
  let next = 1;
  let open = false;
  let progress: (indexed: number, total: number) => void = () => undefined;
  const service = openSearchService((reply) => {
    if ('progress' in reply) {
      progress(reply.progress.indexed, reply.progress.total);
      return;
    }
    const job = pending.get(reply.id);
    if (!job) return;
    pending.delete(reply.id);
    if (reply.ok) job.resolve(reply as never);
    else job.reject(new SearchFailure(reply.message, reply.failure));
  });
  return {
    send(request) {
      if (!open) {
        open = true;
        service.handle({ id: -1, op: 'open', file: indexFile });
      }
      const id = next++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        service.handle({ ...request, id } as SearchRequest);
      });
    },
    onProgress(listener) {
      progress = listener;
    },
    async stop() {
      service.handle({ id: -2, op: 'close' });
      open = false;
      for (const job of pending.values()) job.reject(new SearchFailure('Stopped.', 'other'));
      pending.clear();
    },
  };
}

/** ENOSPC for every write to the index's files while `full()` says so (SQLite's file layer writes with fs.writeSync). */
function diskFullFor(full: () => boolean): void {
  const ours = new Set<number>();
  const { openSync, writeSync } = fs;
  vi.spyOn(fs, 'openSync').mockImplementation(((...args: Parameters<typeof openSync>) => {
    const fd = openSync(...args);
    if (String(args[0]).startsWith(file)) ours.add(fd);
    return fd;
  }) as typeof openSync);
  vi.spyOn(fs, 'writeSync').mockImplementation(((fd: number, ...rest: unknown[]) => {
    if (full() && ours.has(fd))
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    return (writeSync as (...a: unknown[]) => number)(fd, ...rest);
  }) as typeof writeSync);
}

describe('a full disk', () => {
  it('with a stale index (what a crash leaves): start goes on, search answers from what is in and says it is behind, then catches up', async () => {
    await writeFile(fileOf('a'), JSON.stringify(conversation('a', ['a walrus on the ice'])));
    await writeFile(fileOf('b'), JSON.stringify(conversation('b', ['an okapi in the woods'])));
    const first = await openSearch({ thread: inThisThread(file) });
    await first.ready();
    await first.close();
    // Changed behind the index's back (a crash before it heard), and an old MiniSearch index.
    await writeFile(fileOf('b'), JSON.stringify(conversation('b', ['a kumquat in the woods'])));
    await utimes(fileOf('b'), 2_000, 2_000);
    const legacy = join(dir, 'search', 'words.index');
    await writeFile(legacy, '{"version":1,"stamps":{}}\n{}');

    let full = true;
    diskFullFor(() => full);
    const search = await openSearch({ thread: inThisThread(file), legacyFiles: [legacy] });
    await search.ready();
    expect(search.status()).toEqual({ indexing: false, indexed: 2, total: 2, problem: 'stale' });
    expect((await search.search('walrus')).map((h) => h.conversationId)).toEqual(['a']);
    expect(await search.search('kumquat')).toEqual([]);
    // Its migration waits for a build that is whole: the old file stays until then.
    expect(fs.existsSync(legacy)).toBe(true);

    // A save the index cannot take: the conversation is saved, the index says it is behind.
    await writeFile(fileOf('a'), JSON.stringify(conversation('a', ['a walrus and a yak'])));
    search.saved(conversation('a', ['a walrus and a yak']), await stampOf('a'));
    await search.flush();
    expect(search.status().problem).toBe('stale');
    expect(await search.search('yak')).toEqual([]);

    // Room again: the refused save is sent again, and a search a while later builds what is missing.
    full = false;
    expect(await search.search('walrus')).toHaveLength(1);
    await search.flush();
    expect((await search.search('yak')).map((h) => h.conversationId)).toEqual(['a']);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11_000);
    await search.search('walrus');
    await search.ready();
    expect(search.status()).toEqual({ indexing: false, indexed: 2, total: 2 });
    expect((await search.search('kumquat')).map((h) => h.conversationId)).toEqual(['b']);
    expect(fs.existsSync(legacy)).toBe(false);
  });

  it('with no index yet: search says it is unavailable, and nothing throws', async () => {
    await writeFile(fileOf('a'), JSON.stringify(conversation('a', ['a walrus on the ice'])));
    await mkdir(join(dir, 'search'));
    await writeFile(file, '');
    diskFullFor(() => true);
    const search = await openSearch({ thread: inThisThread(file) });
    await search.ready();
    expect(await search.search('walrus')).toEqual([]);
    expect(search.status().problem).toBe('unavailable');
    search.saved(conversation('a', ['a walrus on the ice']), await stampOf('a'));
    await search.flush();
    expect(search.status().problem).toBe('unavailable');
  });
});
