// The spending ledger's SQLite file: its version and tables, opening it (made the person's alone, a stale lock cleared) and closing it, and what damage looks like.
import { chmodSync, closeSync, openSync, rmSync, statSync } from 'node:fs';
import sqlite from 'node-sqlite3-wasm';
import { FILE_MODE } from './data-folder';

// A CommonJS module: its named exports are not visible to Node's ESM loader (tsx in a worker).
const { Database } = sqlite;
export type Database = InstanceType<typeof Database>;
export type Statement = ReturnType<Database['prepare']>;

export const SPENDING_LEDGER_VERSION = 1;

/** The ledger file cannot be used (damaged, another version, not a file): set it aside, begin anew. */
export class LedgerDamage extends Error {}

/** SQLite's words for a damaged file (SQLITE_CORRUPT, SQLITE_NOTADB). */
const DAMAGE = /malformed|corrupt|not a database/i;

export function isLedgerDamage(e: unknown): boolean {
  if (e instanceof LedgerDamage) return true;
  return DAMAGE.test(e instanceof Error ? e.message : String(e));
}

const SCHEMA = `
create table entries(
  id integer primary key,
  at integer not null,
  day text not null,
  demo integer not null,
  feature text not null,
  model text not null,
  conversation_id text,
  item_id text,
  units text not null,
  estimate integer,
  charge integer,
  reported integer,
  observed integer,
  refunded integer not null default 0,
  spent integer not null,
  differs integer not null default 0);
create index entries_by_demo on entries(demo);
create index entries_by_conversation on entries(conversation_id, spent);
create index entries_by_item on entries(item_id) where item_id is not null;
create table daily(
  demo integer not null,
  day text not null,
  feature text not null,
  model text not null,
  conversation text not null,
  total integer not null,
  n integer not null,
  differing integer not null,
  primary key (demo, day, feature, model, conversation)) without rowid;
create table counts(demo integer primary key, n integer not null, differing integer not null);
pragma user_version = ${SPENDING_LEDGER_VERSION};
`;

export function closeQuietly(db: Database | null, statements: Statement[] = []): void {
  for (const statement of statements) {
    try {
      if (!statement.isFinalized) statement.finalize();
    } catch {
      // finalize answers the statement's last error again; it is finalized all the same.
    }
  }
  try {
    if (db?.isOpen) db.close();
  } catch {
    // The file is let go of by the close even when it reports an error.
  }
}

/** Opens the ledger, creating its tables; throws LedgerDamage when the file is not a usable ledger. */
export function openDatabase(file: string): Database {
  if (file !== ':memory:') {
    let kind: 'file' | 'other' | 'none' = 'none';
    try {
      kind = statSync(file).isFile() ? 'file' : 'other';
    } catch {
      // Not there: it is made, the person's alone.
      closeSync(openSync(file, 'a', FILE_MODE));
    }
    if (kind === 'other') throw new LedgerDamage('It is not a file.');
    chmodSync(file, FILE_MODE);
    // A crash while SQLite held its lock leaves this VFS's lock folder behind; only one thread
    // of this process opens the ledger, so an old lock is stale.
    rmSync(`${file}.lock`, { recursive: true, force: true });
  }
  const db = new Database(file);
  try {
    // A rollback journal synced at each commit: what a commit acknowledged survives a crash or a
    // power cut (WAL would need shared memory, which this VFS lacks).
    db.exec('pragma synchronous = full');
    const version = Number(db.get('pragma user_version')?.['user_version'] ?? 0);
    if (version !== SPENDING_LEDGER_VERSION) {
      const tables = db.all(`select name from sqlite_master where type in ('table', 'view')`);
      if (tables.length > 0) throw new LedgerDamage(`It is a ledger of version ${version}.`);
      db.exec(`begin; ${SCHEMA} commit;`);
    }
    // Reads the table and its indexes once: a file cut short fails here, not mid-summary.
    db.get('select count(*) n, sum(spent) s from entries');
    db.get('select count(*) n, sum(total) s from daily');
    return db;
  } catch (e) {
    closeQuietly(db);
    throw isLedgerDamage(e) && !(e instanceof LedgerDamage)
      ? new LedgerDamage(e instanceof Error ? e.message : String(e))
      : e;
  }
}
