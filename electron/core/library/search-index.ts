// The word index behind conversation search: SQLite FTS5 (node-sqlite3-wasm) over titles and
// messages in one file, changed a conversation at a time. Every word is case- and accent-folded
// here before SQLite sees it; all words are required in any order, the last one as a prefix.
import { rmSync } from 'node:fs';
import type { Conversation, SearchHit } from '../../../shared/types';
import { type IndexedConversation, type IndexedStamp, indexedPart } from './search-doc';
import {
  afterFailure,
  closeQuietly,
  type Database,
  first,
  openDatabase,
} from './search-index-file';
import { indexedWords, parseQuery, snippetOf } from './search-words';

export {
  type FileStamp,
  type IndexedConversation,
  type IndexedStamp,
  indexedPart,
} from './search-doc';

const HITS_PER_CONVERSATION = 3;
const MAX_HITS = 200;

export interface WordIndex {
  /** The conversation's stamp when it was last indexed, or undefined when it is not in. */
  stampOf(conversationId: string): IndexedStamp | undefined;
  /** Every indexed conversation with its stamp. */
  stamps(): Map<string, IndexedStamp>;
  /** Puts the title and messages in, replacing what changed, in one transaction. */
  setConversation(conversation: Conversation | IndexedConversation, stamp: IndexedStamp): void;
  /** Several at once, in one transaction (the build). */
  setConversations(items: { conversation: IndexedConversation; stamp: IndexedStamp }[]): void;
  removeConversation(conversationId: string): void;
  conversationIds(): string[];
  /** Hits for every word of the query: titles first, then the best messages, three per conversation. */
  search(query: string): SearchHit[];
  /** Documents (titles and messages) in the index. */
  size(): number;
  /** Reads every page of the file (about a second for 200,000 messages): what is wrong, or null. */
  check(): string | null;
  /** Lets go of the file, whatever state a failed statement left it in. */
  close(): void;
}

/**
 * Messages ranked per query: only the newest matches (by row, so recently saved first), so a
 * word in every message costs no more than this. Each conversation's messages have neighbouring
 * rows, so this also bounds how many conversations a very common word reaches: 2,000 (measured
 * 40 % cheaper) left a Russian word with 150 hits where MiniSearch had 200; 5,000 gives 200.
 */
const RANKED_NEWEST = 5000;
const MESSAGE_ROWS = 600;

/** Where a hit's text is, when it is not the message itself. */
function foundIn(source: unknown): Pick<SearchHit, 'foundIn'> {
  if (source === 'version') return { foundIn: { kind: 'version' } };
  if (typeof source === 'string' && source.startsWith('file:'))
    return { foundIn: { kind: 'file', name: source.slice('file:'.length) } };
  return {};
}

function isMessage(m: Conversation['messages'][number] | IndexedConversation['messages'][number]) {
  return 'text' in m;
}

function toIndexed(c: Conversation | IndexedConversation): IndexedConversation {
  const first = c.messages[0];
  return first === undefined || isMessage(first)
    ? (c as IndexedConversation)
    : indexedPart(c as Conversation);
}

/**
 * The word index in `file` (created when missing; ':memory:' for one held in memory only).
 * Throws WordIndexDamage when the file is not a usable index (damaged, of another version): the
 * caller sets it aside (it is only a cache of the conversation files) and opens a new one.
 */
export function openWordIndex(file: string): WordIndex {
  // A crash while SQLite held its lock leaves the lock folder of this VFS behind; only this
  // process opens the index, so an old lock is stale.
  if (file !== ':memory:') rmSync(`${file}.lock`, { recursive: true, force: true });
  return makeWordIndex(openDatabase(file));
}

function makeWordIndex(db: Database): WordIndex {
  const q = {
    cidOf: db.prepare('select cid, title from conversations where id = ?'),
    stampOf: db.prepare('select size, mtime, taken from conversations where id = ?'),
    addConversation: db.prepare(
      'insert into conversations(id, size, mtime, taken, title) values (?, ?, ?, ?, ?)',
    ),
    setStamp: db.prepare(
      'update conversations set size = ?, mtime = ?, taken = ?, title = ? where cid = ?',
    ),
    dropConversation: db.prepare('delete from conversations where cid = ?'),
    docsOf: db.prepare('select id, message, role, text, source from docs where cid = ?'),
    addDoc: db.prepare('insert into docs(cid, message, role, text, source) values (?, ?, ?, ?, ?)'),
    dropDoc: db.prepare('delete from docs where id = ?'),
    // One statement for all the hits shown: a statement run costs about a quarter of a millisecond
    // in this SQLite, so 200 runs of one per hit were most of a query's time.
    textsOf: db.prepare('select id, text from docs where id in (select value from json_each(?))'),
    addWords: db.prepare('insert into message_words(rowid, words) values (?, ?)'),
    dropWords: db.prepare('delete from message_words where rowid = ?'),
    addTitle: db.prepare('insert into title_words(rowid, words) values (?, ?)'),
    dropTitle: db.prepare('delete from title_words where rowid = ?'),
    titles: db.prepare(
      `select c.cid, c.id, c.title from title_words t join conversations c on c.cid = t.rowid
       where title_words match ? order by t.rank limit ${MAX_HITS}`,
    ),
    messages: db.prepare(
      `select d.id doc, c.id, c.title, d.message, d.source from (
         select rowid, rank from (
           select rowid, rank from message_words where message_words match ?
           order by rowid desc limit ${RANKED_NEWEST})
         order by rank limit ${MESSAGE_ROWS}) r
       join docs d on d.id = r.rowid join conversations c on c.cid = d.cid
       order by r.rank`,
    ),
  };

  function transaction(work: () => void): void {
    db.exec('begin');
    try {
      work();
      db.exec('commit');
    } catch (e) {
      if (db.inTransaction) db.exec('rollback');
      throw e;
    }
  }

  function dropConversation(cid: number): void {
    for (const row of q.docsOf.all([cid])) {
      q.dropWords.run([row['id'] as number]);
      q.dropDoc.run([row['id'] as number]);
    }
    q.dropTitle.run([cid]);
    q.dropConversation.run([cid]);
  }

  function put(c: IndexedConversation, stamp: IndexedStamp): void {
    const known = first(q.cidOf, [c.id]);
    let cid: number;
    if (known) {
      cid = known['cid'] as number;
      q.setStamp.run([stamp.size, stamp.mtimeMs, stamp.takenAt, c.title, cid]);
      if (known['title'] !== c.title) q.dropTitle.run([cid]);
    } else {
      cid = Number(
        q.addConversation.run([c.id, stamp.size, stamp.mtimeMs, stamp.takenAt, c.title])
          .lastInsertRowid,
      );
    }
    if ((!known || known['title'] !== c.title) && c.title !== '')
      q.addTitle.run([cid, indexedWords(c.title)]);
    // Unchanged messages keep their rows; changed, new and deleted ones are the only writes.
    const old = new Map<string, { id: number; role: string; text: string; source: string }[]>();
    if (known) {
      for (const row of q.docsOf.all([cid])) {
        const key = row['message'] as string;
        const list = old.get(key) ?? [];
        list.push({
          id: row['id'] as number,
          role: row['role'] as string,
          text: row['text'] as string,
          source: row['source'] as string,
        });
        old.set(key, list);
      }
    }
    for (const m of c.messages) {
      const list = old.get(m.id);
      const source = m.source ?? '';
      const same =
        list?.findIndex((r) => r.text === m.text && r.role === m.role && r.source === source) ?? -1;
      if (same >= 0) {
        list!.splice(same, 1);
        continue;
      }
      const id = Number(q.addDoc.run([cid, m.id, m.role, m.text, source]).lastInsertRowid);
      q.addWords.run([id, indexedWords(m.text)]);
    }
    for (const list of old.values())
      for (const row of list) {
        q.dropWords.run([row.id]);
        q.dropDoc.run([row.id]);
      }
  }

  /** Hits for every word of the query: titles first, then the best messages, three per conversation. */
  function search(query: string): SearchHit[] {
    const parsed = parseQuery(query);
    if (!parsed) return [];
    // Conversations whose title matches first (in the order of the title's rank), then those
    // of the best messages; in each the title first, then up to three messages.
    const groups = new Map<string, { title?: SearchHit; messages: SearchHit[] }>();
    for (const row of q.titles.all([parsed.match])) {
      const title = row['title'] as string;
      const { snippet, ranges } = snippetOf(title, parsed.matches, true);
      const conversationId = row['id'] as string;
      groups.set(conversationId, {
        title: { conversationId, title, messageId: null, snippet, ranges },
        messages: [],
      });
    }
    // Only the hits shown get their text read and cut into a snippet.
    const shown: { hit: SearchHit; doc: number }[] = [];
    let count = 0;
    for (const group of groups.values()) if (group.title) count++;
    for (const row of q.messages.all([parsed.match])) {
      const conversationId = row['id'] as string;
      let group = groups.get(conversationId);
      if (!group) {
        if (groups.size >= MAX_HITS || count >= MAX_HITS) continue;
        group = { messages: [] };
        groups.set(conversationId, group);
      }
      if (group.messages.length >= HITS_PER_CONVERSATION) continue;
      const hit: SearchHit = {
        conversationId,
        title: row['title'] as string,
        messageId: row['message'] as string,
        snippet: '',
        ranges: [],
        ...foundIn(row['source']),
      };
      group.messages.push(hit);
      shown.push({ hit, doc: row['doc'] as number });
      count++;
    }
    const hits: SearchHit[] = [];
    for (const group of groups.values()) {
      if (group.title) hits.push(group.title);
      hits.push(...group.messages);
      if (hits.length >= MAX_HITS) break;
    }
    const result = hits.slice(0, MAX_HITS);
    const inResult = new Set(result);
    const wanted = shown.filter(({ hit }) => inResult.has(hit));
    const texts = new Map<number, unknown>();
    if (wanted.length > 0)
      for (const row of q.textsOf.all([JSON.stringify(wanted.map(({ doc }) => doc))]))
        texts.set(row['id'] as number, row['text']);
    for (const { hit, doc } of wanted) {
      const text = texts.get(doc);
      Object.assign(hit, snippetOf(typeof text === 'string' ? text : '', parsed.matches));
    }
    return result;
  }

  const stampFrom = (row: Record<string, unknown>): IndexedStamp => ({
    size: row['size'] as number,
    mtimeMs: row['mtime'] as number,
    takenAt: row['taken'] as number,
  });

  return {
    stampOf(conversationId) {
      const row = afterFailure(() => first(q.stampOf, [conversationId]));
      return row ? stampFrom(row) : undefined;
    },

    stamps() {
      const all = new Map<string, IndexedStamp>();
      for (const row of db.all('select id, size, mtime, taken from conversations'))
        all.set(row['id'] as string, stampFrom(row));
      return all;
    },

    setConversation(c, stamp) {
      afterFailure(() => transaction(() => put(toIndexed(c), stamp)));
    },

    setConversations(items) {
      afterFailure(() =>
        transaction(() => {
          for (const { conversation, stamp } of items) put(conversation, stamp);
        }),
      );
    },

    removeConversation(conversationId) {
      afterFailure(() => {
        const known = first(q.cidOf, [conversationId]);
        if (known) transaction(() => dropConversation(known['cid'] as number));
      });
    },

    conversationIds: () => db.all('select id from conversations').map((r) => r['id'] as string),

    search: (query) => afterFailure(() => search(query)),

    size() {
      const docs = db.get('select count(*) n from docs')?.['n'] as number;
      const titles = db.get(`select count(*) n from conversations where title <> ''`)?.[
        'n'
      ] as number;
      return docs + titles;
    },

    check() {
      const rows = db.all('pragma quick_check');
      const found = rows.map((row) => String(row['quick_check'])).filter((r) => r !== 'ok');
      return found.length === 0 ? null : found.join('; ').slice(0, 500);
    },

    close() {
      closeQuietly(db, Object.values(q));
    },
  };
}
