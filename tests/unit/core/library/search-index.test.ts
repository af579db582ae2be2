// The word index: folding of case and accents, all words in any order, the last one as a prefix, highlight ranges, changes, the saved copy, and a library of 200,000 messages.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, Conversation, SearchHit } from '../../../../shared/types';
import {
  normalizeWord,
  openWordIndex,
  parseQuery,
  snippetOf,
  type WordIndex,
} from '../../../../electron/core/library/search-index';

const STAMP = { size: 1, mtimeMs: 1 };

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
    live.setConversation(c, { size: 2, mtimeMs: 2 });
    expect(live.search('beavers').map((h) => h.messageId)).toEqual(['live-m0']);
    expect(live.search('otters').map((h) => h.messageId)).toEqual(['new']);
    expect(live.search('reply')).toEqual([]);
    expect(live.stampOf('live')).toEqual({ size: 2, mtimeMs: 2 });
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

  it('keeps its words in a file, opened again as it was; a corrupt file is moved aside and started anew', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atelier-words-'));
    try {
      const file = join(dir, 'index.sqlite');
      const first = openWordIndex(file);
      expect(first.rebuilt).toBe(false);
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
      const rebuilt = openWordIndex(file);
      expect(rebuilt.rebuilt).toBe(true);
      expect(rebuilt.conversationIds()).toEqual([]);
      expect(rebuilt.search('zebra')).toEqual([]);
      rebuilt.setConversation(conversation('x', 'X', ['a zebra again']), STAMP);
      expect(rebuilt.search('zebra')).toHaveLength(1);
      rebuilt.close();
      expect((await readFile(`${file}.corrupt`)).subarray(0, 8).toString()).toBe('garbage ');
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
