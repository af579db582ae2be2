// The word index behind conversation search: SQLite FTS5 (node-sqlite3-wasm) over titles and
// messages in one file, changed a conversation at a time. Every word is case- and accent-folded
// here before SQLite sees it; all words are required in any order, the last one as a prefix.
import { rmSync, statSync } from 'node:fs';
import sqlite from 'node-sqlite3-wasm';
import type { Conversation, HitRange, SearchHit } from '../../../shared/types';
import { type IndexedConversation, type IndexedStamp, indexedPart } from './search-doc';

export {
  type FileStamp,
  type IndexedConversation,
  type IndexedStamp,
  indexedPart,
} from './search-doc';

// A CommonJS module: its named exports are not visible to Node's ESM loader (tsx in a worker).
const { Database } = sqlite;
type Database = InstanceType<typeof Database>;

/**
 * Bumped whenever the words, the documents or the tables change shape: an older file is rebuilt,
 * but for versions 2 and 3, which gain in place what they lack (the time texts were taken, see
 * STAMP_TICK_MS; where a text comes from) and have every file read once more.
 */
export const SEARCH_INDEX_VERSION = 4;

/**
 * The index file cannot be used (damaged, of another version, not a file): it is set aside and
 * built again from the conversation files.
 */
export class WordIndexDamage extends Error {}

/** What a failure of the index means for it. */
export type WordIndexFailure =
  /** The file is damaged: set it aside and build a new one. */
  | 'damaged'
  /** It cannot be written or opened now (a full disk, no permission): what is in stays. */
  | 'unwritable'
  | 'other';

/** SQLite's words for a damaged file (SQLITE_CORRUPT, SQLITE_NOTADB, FTS5's own checks). */
const DAMAGE = /malformed|corrupt|not a database|fts5: missing row/i;
/** SQLite's words for a file it cannot write or open (SQLITE_IOERR, _FULL, _READONLY, _CANTOPEN). */
const UNWRITABLE = /disk I\/O error|disk is full|readonly database|unable to open|could not open/i;

export function failureOf(e: unknown): WordIndexFailure {
  if (e instanceof WordIndexDamage) return 'damaged';
  const message = e instanceof Error ? e.message : String(e);
  if (DAMAGE.test(message)) return 'damaged';
  if (UNWRITABLE.test(message)) return 'unwritable';
  return 'other';
}

const SNIPPET_BEFORE = 40;
const SNIPPET_AFTER = 80;
const HITS_PER_CONVERSATION = 3;
const MAX_HITS = 200;

interface Word {
  start: number;
  end: number;
  text: string;
}

// A word: letters and digits with their combining marks (a decomposed é or й stays one word).
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
const MARKS = /\p{M}/gu;
const ASCII = /^[\x20-\x7e]*$/;
const FOLDED_MAX = 100_000;
const folded = new Map<string, string>();

/**
 * One word as the index keeps it: compatibility-decomposed (NFKD), lower-cased, accents and
 * other combining marks dropped, so é = e and ё = е. Only й keeps its breve: in Russian it is a
 * letter of its own (мой is not мои), and people type it as such.
 */
export function normalizeWord(word: string): string {
  // Plain ASCII needs only lower-casing; other words are few and repeat, so they are remembered.
  if (ASCII.test(word)) return word.toLowerCase();
  const known = folded.get(word);
  if (known !== undefined) return known;
  const result = word
    .normalize('NFKD')
    .replace(/([иИ])\u0306/g, (_, i: string) => (i === 'и' ? 'й' : 'Й'))
    .replace(MARKS, '')
    .toLowerCase();
  if (folded.size >= FOLDED_MAX) folded.clear();
  folded.set(word, result);
  return result;
}

function* eachWord(text: string): Generator<Word> {
  for (const match of text.matchAll(WORD))
    yield { start: match.index, end: match.index + match[0].length, text: match[0] };
}

export function wordsOf(text: string): Word[] {
  return [...eachWord(text)];
}

/** The first word that `test` accepts, reading no further than it. */
function firstWordWhere(text: string, test: (word: Word) => boolean): Word | undefined {
  for (const word of eachWord(text)) if (test(word)) return word;
  return undefined;
}

/** Plain text around the first matched word, whitespace collapsed, with the matched words' ranges. */
export function snippetOf(
  text: string,
  matched: ReadonlySet<string> | ((normalized: string) => boolean),
  whole = false,
): { snippet: string; ranges: HitRange[] } {
  const test = typeof matched === 'function' ? matched : (word: string) => matched.has(word);
  const isMatch = (w: Word) => test(normalizeWord(w.text));
  let snippet: string;
  if (whole) snippet = text.replace(/\s+/g, ' ').trim();
  else {
    const first = firstWordWhere(text, isMatch);
    const at = first?.start ?? 0;
    const atEnd = first?.end ?? 0;
    let start = Math.max(0, at - SNIPPET_BEFORE);
    let end = Math.min(text.length, atEnd + SNIPPET_AFTER);
    // Never start or stop inside a word.
    if (start > 0 && /\S/.test(text[start - 1] ?? '')) {
      const space = text.slice(start, at).search(/\s/);
      start = space < 0 ? at : start + space + 1;
    }
    if (end < text.length && /\S/.test(text[end] ?? '')) {
      const space = text.slice(atEnd, end).search(/\s\S*$/);
      end = space < 0 ? atEnd : atEnd + space;
    }
    const body = text.slice(start, end).replace(/\s+/g, ' ').trim();
    snippet = (start > 0 ? '…' : '') + body + (end < text.length ? '…' : '');
  }
  const ranges = wordsOf(snippet)
    .filter(isMatch)
    .map((w) => ({ start: w.start, end: w.end }));
  return { snippet, ranges };
}

/** The words of a text as the index keeps them, separated by spaces. */
export function indexedWords(text: string): string {
  let out = '';
  for (const match of text.matchAll(WORD)) {
    const word = normalizeWord(match[0]);
    if (word !== '') out += out === '' ? word : ` ${word}`;
  }
  return out;
}

/**
 * The query as an FTS5 expression: each folded word quoted as a string (so `"a" OR b*` or
 * `NEAR(` are words, never syntax), all required; the last one a prefix from two letters.
 * Null when no word is left. `matches` tells whether a folded word of a text is one of them.
 */
export function parseQuery(
  query: string,
): { match: string; matches: (normalized: string) => boolean } | null {
  const words = wordsOf(query)
    .map((w) => normalizeWord(w.text))
    .filter((w) => w !== '');
  if (words.length === 0) return null;
  const last = words.length - 1;
  const prefix = words[last]!.length >= 2;
  const match = words
    .map((w, i) => `"${w.replaceAll('"', '""')}"${i === last && prefix ? '*' : ''}`)
    .join(' ');
  const whole = new Set(prefix ? words.slice(0, last) : words);
  const start = prefix ? words[last]! : null;
  return {
    match,
    matches: (w) => whole.has(w) || (start !== null && w.startsWith(start)),
  };
}

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
const TOKENIZE = `tokenize='unicode61 remove_diacritics 0', prefix='2 3'`;

const SCHEMA = `
create table conversations(
  cid integer primary key, id text not null unique,
  size real not null, mtime real not null, title text not null, taken real not null);
create table docs(
  id integer primary key, cid integer not null, message text not null,
  role text not null, text text not null, source text not null default '');
create index docs_by_conversation on docs(cid);
create virtual table message_words using fts5(words, content='', contentless_delete=1, ${TOKENIZE});
create virtual table title_words using fts5(words, content='', contentless_delete=1, ${TOKENIZE});
pragma user_version = ${SEARCH_INDEX_VERSION};
`;

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

/** Opens the database, creating its tables; throws WordIndexDamage when it is not a usable index. */
function openDatabase(file: string): Database {
  if (file !== ':memory:') {
    let kind: 'file' | 'other' | 'none' = 'none';
    try {
      kind = statSync(file).isFile() ? 'file' : 'other';
    } catch {
      // Not there: it is made.
    }
    if (kind === 'other') throw new WordIndexDamage('It is not a file.');
  }
  const db = new Database(file);
  try {
    const version = Number(db.get('pragma user_version')?.['user_version'] ?? 0);
    if (version === 2 || version === 3) {
      // Texts taken before this version count as taken at their file's time: each is read once
      // more, and gains its other versions and attached files.
      db.exec(`begin;
        ${version === 2 ? 'alter table conversations add column taken real not null default 0;' : ''}
        alter table docs add column source text not null default '';
        update conversations set taken = mtime;
        pragma user_version = ${SEARCH_INDEX_VERSION};
        commit;`);
    } else if (version !== SEARCH_INDEX_VERSION) {
      const tables = db.all(`select name from sqlite_master where type in ('table', 'view')`);
      if (tables.length > 0) throw new WordIndexDamage(`It is a word index of version ${version}.`);
      db.exec(`begin; ${SCHEMA} commit;`);
    }
    // A bigger page cache than SQLite's 2 MB: the words of common queries stay in memory.
    db.exec('pragma cache_size = -32000');
    // Reads each table once: a file cut short or overwritten fails here, not mid-search.
    db.get('select count(*) n from conversations');
    db.get('select count(*) n from docs');
    db.get(`select rowid from message_words where message_words match '"x"' limit 1`);
    return db;
  } catch (e) {
    closeQuietly(db);
    throw failureOf(e) === 'damaged' && !(e instanceof WordIndexDamage)
      ? new WordIndexDamage(e instanceof Error ? e.message : String(e))
      : e;
  }
}

/** Closes the database; a statement that failed still holds its error, which must not keep it open. */
function closeQuietly(db: Database, statements: Statement[] = []): void {
  for (const statement of statements) {
    try {
      if (!statement.isFinalized) statement.finalize();
    } catch {
      // finalize answers the statement's last error again; it is finalized all the same.
    }
  }
  try {
    if (db.isOpen) db.close();
  } catch {
    // The file is let go of by the close even when it reports an error.
  }
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

type Statement = ReturnType<Database['prepare']>;

/** The wrapper's refusal of a statement whose last run failed (see `afterFailure`). */
const STATEMENT_HELD_ERROR = /Could not reset statement/;

/**
 * Runs `work`; again when a statement still held the error of a failed run. The wrapper resets a
 * statement before each run and refuses it once when the reset repeats the last run's error
 * (SQLite has reset it all the same): without this, one failed search made the next one fail too.
 * A failed transaction was rolled back, so running it again is safe.
 */
function afterFailure<T>(work: () => T): T {
  for (let tries = 1; ; tries++) {
    try {
      return work();
    } catch (e) {
      if (tries >= 4 || !(e instanceof Error) || !STATEMENT_HELD_ERROR.test(e.message)) throw e;
    }
  }
}

/**
 * The first row. Always read to the end: a statement left mid-way keeps SQLite's read lock (a
 * folder beside the file in this VFS) and blocks a commit.
 */
function first(statement: Statement, values: (string | number)[]) {
  return statement.all(values)[0];
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
