// The word index's SQLite file: its version and tables, opening (and upgrading) and closing it, running statements past a failure, what its errors mean.
import { statSync } from 'node:fs';
import sqlite from 'node-sqlite3-wasm';

// A CommonJS module: its named exports are not visible to Node's ESM loader (tsx in a worker).
const { Database } = sqlite;
export type Database = InstanceType<typeof Database>;
export type Statement = ReturnType<Database['prepare']>;

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

/** Opens the database, creating its tables; throws WordIndexDamage when it is not a usable index. */
export function openDatabase(file: string): Database {
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
export function closeQuietly(db: Database, statements: Statement[] = []): void {
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

/** The wrapper's refusal of a statement whose last run failed (see `afterFailure`). */
const STATEMENT_HELD_ERROR = /Could not reset statement/;

/**
 * Runs `work`; again when a statement still held the error of a failed run. The wrapper resets a
 * statement before each run and refuses it once when the reset repeats the last run's error
 * (SQLite has reset it all the same): without this, one failed search made the next one fail too.
 * A failed transaction was rolled back, so running it again is safe.
 */
export function afterFailure<T>(work: () => T): T {
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
export function first(statement: Statement, values: (string | number)[]) {
  return statement.all(values)[0];
}
