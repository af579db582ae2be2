// The word index: folding of case and accents, all words in any order, the last one as a prefix, highlight ranges, changes, the saved copy, damage, a full disk, and a library of 200,000 messages.
import fs from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sqlite from 'node-sqlite3-wasm';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage, Conversation, SearchHit } from '../../../../shared/types';
import { openWordIndex, type WordIndex } from '../../../../electron/core/library/search-index';
import { failureOf, WordIndexDamage } from '../../../../electron/core/library/search-index-file';
import {
  normalizeWord,
  parseQuery,
  snippetOf,
} from '../../../../electron/core/library/search-words';
import { indexedIsCurrent } from '../../../../electron/core/library/search-doc';
import { garbleFirstWordPages } from './fixtures/word-index-damage';

const STAMP = { size: 1, mtimeMs: 1, takenAt: 10_000 };

function conversation(id: string, title: string, texts: string[]): Conversation {
  return {
    version: 2,
    id,
    title,
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

/** The highlighted parts of a hit's snippet. */
const marked = (hit: SearchHit) => (hit.ranges ?? []).map((r) => hit.snippet.slice(r.start, r.end));

function indexOf(...conversations: Conversation[]): WordIndex {
  const index = openWordIndex(':memory:');
  for (const c of conversations) index.setConversation(c, STAMP);
  return index;
}

describe('normalizeWord', () => {
  it('folds case and accents, ё to е, compatibility forms, and keeps й', () => {
    expect(normalizeWord('Café')).toBe('cafe');
    expect(normalizeWord('Cafe\u0301')).toBe('cafe');
    expect(normalizeWord('ЁЛКА')).toBe('елка');
    expect(normalizeWord('ﬁancé')).toBe('fiance');
    expect(normalizeWord('Йогурт')).toBe('йогурт');
    // A decomposed й (и + breve) is the same letter as the composed one.
    expect(normalizeWord('мои\u0306')).toBe('мой');
    expect(normalizeWord('мой')).not.toBe(normalizeWord('мои'));
  });
});

describe('word index', () => {
  const index = indexOf(
    conversation('trip', 'Planning a trip', [
      'We cross the Zebra crossing near the café',
      'Lovely weather, and a long walk to the river',
    ]),
    conversation('ru', 'Рецепты', ['Ёлочка и пирог с яблоками', 'Мой йогурт на завтрак']),
    conversation('other', 'Other', ['nothing to see here']),
  );

  it('needs every word, in any order, case and accents aside', () => {
    expect(index.search('crossing ZEBRA').map((h) => h.messageId)).toEqual(['trip-m0']);
    expect(index.search('cafe zebra')).toHaveLength(1);
    // One word that is nowhere: no hit, even though the others match.
    expect(index.search('zebra giraffe')).toEqual([]);
    // Russian: ё and е are one letter; й is its own.
    expect(index.search('елочка пирог').map((h) => h.messageId)).toEqual(['ru-m0']);
    expect(index.search('ЁЛОЧКА')).toHaveLength(1);
    expect(index.search('мой йогурт').map((h) => h.messageId)).toEqual(['ru-m1']);
    expect(index.search('мои йогурт')).toEqual([]);
  });

  it('matches the last word as a prefix while it is typed, the others whole', () => {
    expect(index.search('zebra cross').map((h) => h.messageId)).toEqual(['trip-m0']);
    expect(index.search('яблок').map((h) => h.messageId)).toEqual(['ru-m0']);
    // Only the last word: "zeb" before another word must be whole.
    expect(index.search('zeb crossing')).toEqual([]);
  });

  it('finds titles, each before its messages, and says where the words are', () => {
    const hits = index.search('trip');
    expect(hits[0]).toMatchObject({
      conversationId: 'trip',
      messageId: null,
      title: 'Planning a trip',
    });
    expect(marked(hits[0]!)).toEqual(['trip']);
    const [hit] = index.search('cafe ZEBRA');
    expect(hit!.title).toBe('Planning a trip');
    expect(marked(hit!)).toEqual(['Zebra', 'café']);
    expect(index.search('   ')).toEqual([]);
    expect(index.search('!!!')).toEqual([]);
  });

  it("cuts each hit's snippet from its own message, all read at once", () => {
    const many = indexOf(
      ...Array.from({ length: 30 }, (_, c) =>
        conversation(
          `c${c}`,
          `Notes ${c}`,
          Array.from({ length: 3 }, (_, m) => `walrus number ${c * 10 + m} swims`),
        ),
      ),
    );
    const hits = many.search('walrus');
    expect(hits).toHaveLength(90);
    for (const hit of hits) {
      const [, c, m] = /^c(\d+)-m(\d)$/.exec(hit.messageId ?? '') ?? [];
      expect(hit.snippet).toBe(`walrus number ${Number(c) * 10 + Number(m)} swims`);
      expect(marked(hit)).toEqual(['walrus']);
    }
  });

  it('follows edits, new and deleted messages, and removed conversations', () => {
    const c = conversation('live', 'Live', ['first draft about otters', 'a reply']);
    const live = indexOf(c);
    expect(live.search('otters')).toHaveLength(1);
    c.messages[0]!.content = 'second draft about beavers';
    c.messages.push({
      id: 'new',
      role: 'user',
      content: 'otters again',
      createdAt: '',
      status: 'done',
    });
    c.messages.splice(1, 1);
    live.setConversation(c, { size: 2, mtimeMs: 2, takenAt: 3 });
    expect(live.search('beavers').map((h) => h.messageId)).toEqual(['live-m0']);
    expect(live.search('otters').map((h) => h.messageId)).toEqual(['new']);
    expect(live.search('reply')).toEqual([]);
    expect(live.stampOf('live')).toEqual({ size: 2, mtimeMs: 2, takenAt: 3 });
    // An answer still streaming is indexed once it ends.
    c.messages.push({
      id: 's',
      role: 'assistant',
      content: 'streamed walrus',
      createdAt: '',
      status: 'streaming',
    });
    live.setConversation(c, STAMP);
    expect(live.search('walrus')).toEqual([]);
    c.messages[c.messages.length - 1]!.status = 'done';
    live.setConversation(c, STAMP);
    expect(live.search('walrus')).toHaveLength(1);
    live.removeConversation('live');
    expect(live.search('otters')).toEqual([]);
    expect(live.stampOf('live')).toBeUndefined();
  });

  it('keeps its words in a file, opened again as it was; a corrupt file is refused as damaged and left in place', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atelier-words-'));
    try {
      const file = join(dir, 'index.sqlite');
      const first = openWordIndex(file);
      first.setConversation(
        conversation('trip', 'Planning a trip', ['We cross the Zebra crossing near the café']),
        STAMP,
      );
      first.close();
      // Nobody else on the machine reads it: the same mode as the conversation files.
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const again = openWordIndex(file);
      expect(again.search('cafe zebra').map((h) => h.messageId)).toEqual(['trip-m0']);
      expect(again.stampOf('trip')).toEqual(STAMP);
      again.close();

      const bytes = await readFile(file);
      await writeFile(
        file,
        Buffer.concat([Buffer.from('garbage '.repeat(64)), bytes.subarray(512)]),
      );
      // Core sets it aside (into recovered/) and opens a new one: the index cannot move it itself.
      expect(() => openWordIndex(file)).toThrow(WordIndexDamage);
      expect((await readFile(file)).subarray(0, 8).toString()).toBe('garbage ');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('takes the query as words only, never as FTS5 syntax', () => {
    const tricky = indexOf(
      conversation('q', 'Quotes', ['say "a" or b near the fence', 'NEAR( the AND of it: OR']),
    );
    // One letter is too short to be a prefix; two are.
    expect(parseQuery('"a" OR b*')?.match).toBe('"a" "or" "b"');
    expect(parseQuery('NEAR(fe')?.match).toBe('"near" "fe"*');
    expect(tricky.search('"a" OR b*').map((h) => h.messageId)).toEqual(['q-m0']);
    expect(tricky.search('NEAR( AND').map((h) => h.messageId)).toEqual(['q-m1']);
    expect(tricky.search('AND of')).toHaveLength(1);
    expect(tricky.search('-fence ^say')).toHaveLength(1);
    expect(tricky.search('" * ( )')).toEqual([]);
  });
});

describe('damage and a full disk', () => {
  async function inFolder(work: (file: string) => void | Promise<void>): Promise<void> {
    const dir = await mkdtemp(join(tmpdir(), 'atelier-words-'));
    try {
      await work(join(dir, 'words.sqlite'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Fifty conversations of ten messages in one transaction: one segment of many pages. */
  function filled(file: string): WordIndex {
    const index = openWordIndex(file);
    index.setConversations(
      Array.from({ length: 50 }, (_, i) => ({
        conversation: {
          id: `c${i}`,
          title: `Note ${i}`,
          messages: Array.from({ length: 10 }, (_, j) => ({
            id: `m${j}`,
            role: 'user' as const,
            text: `walrus ${i} ${j} ${'lorem ipsum dolor '.repeat(10)}`,
          })),
        },
        stamp: STAMP,
      })),
    );
    return index;
  }

  function failure(work: () => unknown): unknown {
    try {
      work();
    } catch (e) {
      return e;
    }
    throw new Error('It did not fail.');
  }

  it('finds damage its open does not: the check names it, and every search meeting it fails as damaged, never as no hits', async () => {
    await inFolder((file) => {
      filled(file).close();
      expect(garbleFirstWordPages(file)).toBeGreaterThan(0);
      const damaged = openWordIndex(file);
      expect(damaged.check()).toMatch(/corrupt/);
      // The second and third too: a statement left holding the first error must not change the answer.
      for (let i = 0; i < 3; i++)
        expect(failureOf(failure(() => damaged.search('dolor')))).toBe('damaged');
      // It still lets go of the file (its lock folder goes), failed statements and all.
      damaged.close();
      expect(fs.existsSync(`${file}.lock`)).toBe(false);
    });
  });

  it('on a full disk refuses writes as unwritable, answers from what is in, and writes again once there is room', async () => {
    await inFolder((file) => {
      // ENOSPC from the file system for this index's files only, as SQLite's file layer meets it.
      const ours = new Set<number>();
      const { openSync, writeSync } = fs;
      vi.spyOn(fs, 'openSync').mockImplementation(((...args: Parameters<typeof openSync>) => {
        const fd = openSync(...args);
        if (String(args[0]).startsWith(file)) ours.add(fd);
        return fd;
      }) as typeof openSync);
      let full = false;
      vi.spyOn(fs, 'writeSync').mockImplementation(((fd: number, ...rest: unknown[]) => {
        if (full && ours.has(fd))
          throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
            code: 'ENOSPC',
          });
        return (writeSync as (...a: unknown[]) => number)(fd, ...rest);
      }) as typeof writeSync);

      const index = openWordIndex(file);
      index.setConversation(conversation('a', 'Alpha', ['a walrus on the ice']), STAMP);
      full = true;
      const okapi = conversation('b', 'Beta', ['an okapi in the woods']);
      expect(failureOf(failure(() => index.setConversation(okapi, STAMP)))).toBe('unwritable');
      expect(failureOf(failure(() => index.removeConversation('a')))).toBe('unwritable');
      expect(index.search('walrus').map((h) => h.conversationId)).toEqual(['a']);
      expect(index.search('okapi')).toEqual([]);
      full = false;
      index.setConversation(okapi, STAMP);
      expect(index.search('okapi')).toHaveLength(1);
      index.close();
      const again = openWordIndex(file);
      expect(again.conversationIds().sort()).toEqual(['a', 'b']);
      expect(again.check()).toBeNull();
      again.close();
    });
  });

  it('opens an index of version 2 in place: its words stay, and each conversation is read once more', async () => {
    await inFolder((file) => {
      const old = openWordIndex(file);
      old.setConversation(conversation('trip', 'Trip', ['the zebra crossing']), STAMP);
      old.close();
      const db = new sqlite.Database(file);
      db.exec(
        'alter table conversations drop column taken; alter table docs drop column source; pragma user_version = 2;',
      );
      db.close();

      const upgraded = openWordIndex(file);
      expect(upgraded.search('zebra')).toHaveLength(1);
      const stamp = upgraded.stampOf('trip')!;
      expect(stamp).toEqual({ size: 1, mtimeMs: 1, takenAt: 1 });
      expect(indexedIsCurrent(stamp, STAMP)).toBe(false);
      upgraded.close();
    });
  });

  it('opens an index of version 3 in place: its words stay, and each conversation is read once more', async () => {
    await inFolder((file) => {
      const old = openWordIndex(file);
      old.setConversation(conversation('trip', 'Trip', ['the zebra crossing']), STAMP);
      old.close();
      const db = new sqlite.Database(file);
      db.exec('alter table docs drop column source; pragma user_version = 3;');
      db.close();

      const upgraded = openWordIndex(file);
      expect(upgraded.search('zebra')).toMatchObject([{ snippet: 'the zebra crossing' }]);
      expect(upgraded.search('zebra')[0]).not.toHaveProperty('foundIn');
      // Read again, its other versions and attached files go in.
      expect(indexedIsCurrent(upgraded.stampOf('trip'), STAMP)).toBe(false);
      upgraded.close();
    });
  });
});

describe('snippetOf', () => {
  it('cuts around the first match at word edges and keeps markup as plain text', () => {
    const filler = 'lorem ipsum '.repeat(20);
    const { snippet, ranges } = snippetOf(
      `${filler}<img src=x onerror=alert(1)> the Zebra crossing ${filler}`,
      new Set(['zebra']),
    );
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('<img src=x onerror=alert(1)> the Zebra crossing');
    expect(snippet).not.toMatch(/…\S*m ipsum|…m /);
    expect(ranges.map((r) => snippet.slice(r.start, r.end))).toEqual(['Zebra']);
  });
});

describe('a big library', () => {
  it('answers right over 200,000 messages in 2,000 conversations', () => {
    // Generated text: a fixed vocabulary in both languages, with a few planted words.
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const letters = 'abcdefghijklmnopqrstuvwxyzабвгдежзиклмнопрстуфхцчшщыэюя';
    const vocabulary = Array.from({ length: 5000 }, () => {
      let word = '';
      const length = 4 + Math.floor(random() * 6);
      for (let i = 0; i < length; i++) word += letters[Math.floor(random() * letters.length)];
      return word;
    });
    const index = openWordIndex(':memory:');
    for (let c = 0; c < 2000; c++) {
      const texts: string[] = [];
      for (let m = 0; m < 100; m++) {
        const words = Array.from(
          { length: 8 },
          () => vocabulary[Math.floor(random() * vocabulary.length)]!,
        );
        if (m % 10 === 3 && c % 100 === 7) words.push('Kumquat');
        if (c === 1234 && m === 56) words.splice(4, 0, 'Ёжевика', 'marmalade');
        texts.push(words.join(' '));
      }
      index.setConversation(conversation(`c${c}`, `Conversation ${c}`, texts), STAMP);
    }
    expect(index.size()).toBe(202_000);

    const planted = index.search('MARMALADE ежевика');
    expect(planted.map((h) => [h.conversationId, h.messageId])).toEqual([['c1234', 'c1234-m56']]);
    expect(marked(planted[0]!)).toEqual(['Ёжевика', 'marmalade']);
    // Typed halfway: the prefix finds it too.
    expect(index.search('ежевика marma').map((h) => h.messageId)).toEqual(['c1234-m56']);
    // 20 conversations with 10 kumquats each: three hits per conversation.
    const kumquats = index.search('kumquat');
    expect(new Set(kumquats.map((h) => h.conversationId)).size).toBe(20);
    expect(kumquats).toHaveLength(60);
    expect(index.search('kumquat marmalade')).toEqual([]);
    expect(index.search('conversation 1234')[0]).toMatchObject({
      conversationId: 'c1234',
      messageId: null,
    });
  }, 240_000);
});
