// The spending ledger's store: one SQLite file (node-sqlite3-wasm) of paid calls, money as integer
// nano-credits, indexed for the Spending view's questions (by local day, by demo, by conversation).
import { formatDecimal, parseDecimal } from '../../../shared/prices';
import {
  BACKGROUND_FEATURES,
  SAME_CHARGE_WITHIN,
  SPEND_FEATURES,
  type SpendEntry,
  type SpendFeature,
  type SpendLine,
  type SpendSummary,
  type SpendUnits,
} from '../../../shared/spending';
import { closeQuietly, openDatabase, type Statement } from './spending-ledger-file';

/** Nano-credits per credit: 9 decimals are exact, and sums stay within 2^53 up to ~9 million credits. */
const NANO_DECIMALS = 9;

/** Conversations listed in a summary, the costliest first. */
const SUMMARY_CONVERSATIONS = 100;

/** Credits as a decimal string in nano-credits, rounded up (a cost is never understated); null for none. */
export function toNano(credits: string | null | undefined): number | null {
  if (credits === null || credits === undefined) return null;
  const value = parseDecimal(credits);
  if (!value) return null;
  let digits = value.digits;
  if (value.scale > NANO_DECIMALS) {
    const divisor = BigInt(10) ** BigInt(value.scale - NANO_DECIMALS);
    digits = digits / divisor + (digits % divisor === BigInt(0) ? BigInt(0) : BigInt(1));
  } else digits *= BigInt(10) ** BigInt(NANO_DECIMALS - value.scale);
  const n = Number(digits);
  return Number.isSafeInteger(n) ? n : null;
}

/** SAME_CHARGE_WITHIN in nano-credits, the unit the ledger sums in. */
const SAME_WITHIN_NANO = toNano(SAME_CHARGE_WITHIN)!;

/** Nano-credits as the contract's decimal string ("0.000021", "3"). */
export function fromNano(nano: number): string {
  return formatDecimal({ digits: BigInt(Math.round(nano)), scale: NANO_DECIMALS }, NANO_DECIMALS);
}

function nanoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : fromNano(Number(value));
}

/** A local calendar day (the process's time zone: core runs on the person's computer). */
export function localDay(at: number): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The local day `offset` days from the one holding `at`. */
function dayFrom(at: number, offset: number): string {
  const d = new Date(at);
  return localDay(new Date(d.getFullYear(), d.getMonth(), d.getDate() + offset, 12).getTime());
}

/** Monday of the local week holding `at`. */
function weekStart(at: number): string {
  const weekday = (new Date(at).getDay() + 6) % 7;
  return dayFrom(at, -weekday);
}

function monthStart(at: number): string {
  const d = new Date(at);
  return localDay(new Date(d.getFullYear(), d.getMonth(), 1, 12).getTime());
}

/** What a feature's call adds to the ledger, its charge already computed. */
export interface LedgerWrite {
  at: number;
  feature: SpendFeature;
  model: string;
  conversationId: string | null;
  itemId: string | null;
  units: SpendUnits;
  estimate: string | null;
  charge: string | null;
  reported: string | null;
  demo: boolean;
}

export interface EntriesQuery {
  demo: boolean;
  /** Entries older than this id (the last one of the previous page). */
  before?: number;
  limit: number;
  conversationId?: string;
}

export interface LedgerStore {
  /** Writes the entries in one transaction: when this returns, they are on disk. */
  add(writes: readonly LedgerWrite[]): SpendEntry[];
  /**
   * The balance's fall after this entry alone; `tolerance` is what the balance's rounding may
   * make of nothing (nano-credits). Null when no such entry.
   */
  setObserved(id: number, observed: string, tolerance?: number): SpendEntry | null;
  /** The service gave the money of `feature`'s call for `itemId` back (a failed video): counts nothing. */
  markRefunded(feature: SpendFeature, itemId: string): SpendEntry | null;
  /** Figures of the last `days` local days up to `now`'s; conversations without their titles. */
  summary(query: { demo: boolean; days: number; now: number }): SpendSummary;
  entries(query: EntriesQuery): SpendEntry[];
  conversation(id: string): { total: string; count: number };
  /** Reads every page (`pragma quick_check`): what is wrong, or null. */
  check(): string | null;
  close(): void;
}

/** What an entry counts in the totals: the computed charge, else what the service said, else nothing. */
function spentOf(charge: number | null, reported: number | null, refunded: boolean): number {
  if (refunded) return 0;
  return charge ?? reported ?? 0;
}

function differs(
  charge: number | null,
  reported: number | null,
  observed: number | null,
  tolerance: number,
): boolean {
  if (charge === null) return false;
  if (reported !== null && Math.abs(reported - charge) > SAME_WITHIN_NANO) return true;
  return observed !== null && Math.abs(observed - charge) > Math.max(tolerance, SAME_WITHIN_NANO);
}

function parseUnits(text: unknown): SpendUnits {
  try {
    const value = JSON.parse(String(text)) as unknown;
    return value && typeof value === 'object' ? (value as SpendUnits) : {};
  } catch {
    return {};
  }
}

function isFeature(value: unknown): value is SpendFeature {
  return (SPEND_FEATURES as readonly unknown[]).includes(value);
}

function entryOf(row: Record<string, unknown>): SpendEntry {
  const feature = row['feature'];
  const entry: SpendEntry = {
    id: Number(row['id']),
    at: Number(row['at']),
    feature: isFeature(feature) ? feature : 'chat',
    model: String(row['model']),
    conversationId: (row['conversation_id'] as string | null) ?? null,
    itemId: (row['item_id'] as string | null) ?? null,
    units: parseUnits(row['units']),
    estimate: nanoOrNull(row['estimate']),
    charge: nanoOrNull(row['charge']),
    reported: nanoOrNull(row['reported']),
    observed: nanoOrNull(row['observed']),
    demo: Number(row['demo']) === 1,
  };
  if (Number(row['refunded']) === 1) entry.refunded = true;
  return entry;
}

/** The ledger in `file` (made when missing; ':memory:' for one in memory). Throws LedgerDamage. */
export function openLedgerStore(file: string): LedgerStore {
  const db = openDatabase(file);
  const background = BACKGROUND_FEATURES.map((f) => `'${f}'`).join(', ');
  // The summary reads the daily table (one row per local day, feature, model and conversation)
  // and the counts, both kept in the same transaction as the entries: a scan of 100,000 entries
  // took ~25 ms a query, five queries a summary.
  const range = 'from daily where demo = ? and day >= ?';
  const prepareAll = () => ({
    add: db.prepare(
      `insert into entries(at, day, demo, feature, model, conversation_id, item_id, units,
         estimate, charge, reported, spent, differs)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning *`,
    ),
    addDaily: db.prepare(
      `insert into daily(demo, day, feature, model, conversation, total, n, differing)
       values (?, ?, ?, ?, ?, ?, ?, ?)
       on conflict(demo, day, feature, model, conversation) do update set
         total = total + excluded.total, n = n + excluded.n,
         differing = differing + excluded.differing`,
    ),
    byId: db.prepare('select * from entries where id = ?'),
    setObserved: db.prepare(
      'update entries set observed = ?, differs = ? where id = ? returning *',
    ),
    byItem: db.prepare(
      'select * from entries where item_id = ? and feature = ? order by id desc limit 1',
    ),
    refund: db.prepare('update entries set refunded = 1, spent = 0 where id = ? returning *'),
    periods: db.prepare(
      `select coalesce(sum(case when day >= ? then total end), 0) today,
              coalesce(sum(case when day >= ? then total end), 0) week,
              coalesce(sum(case when day >= ? then total end), 0) month
       ${range}`,
    ),
    byDay: db.prepare(
      `select day, sum(total) total,
              coalesce(sum(case when feature in (${background}) then total end), 0) background
       ${range} group by day`,
    ),
    byModel: db.prepare(
      `select model key, sum(total) total, sum(n) n ${range}
       group by model order by total desc, key`,
    ),
    byFeature: db.prepare(
      `select feature key, sum(total) total, sum(n) n ${range}
       group by feature order by total desc, key`,
    ),
    byConversation: db.prepare(
      `select conversation key, sum(total) total, sum(n) n ${range} and conversation <> ''
       group by conversation order by total desc, key limit ${SUMMARY_CONVERSATIONS}`,
    ),
    addCounts: db.prepare(
      `insert into counts(demo, n, differing) values (?, ?, ?)
       on conflict(demo) do update set n = n + excluded.n, differing = differing + excluded.differing`,
    ),
    counts: db.prepare('select n, differing from counts where demo = ?'),
    page: db.prepare('select * from entries where demo = ? and id < ? order by id desc limit ?'),
    pageOfConversation: db.prepare(
      `select * from entries where conversation_id = ? and demo = ? and id < ?
       order by id desc limit ?`,
    ),
    conversation: db.prepare(
      `select coalesce(sum(spent), 0) total, count(*) n from entries where conversation_id = ?`,
    ),
  });
  let q = prepareAll();

  const lines = (rows: Record<string, unknown>[]): SpendLine[] =>
    rows.map((row) => ({
      key: String(row['key']),
      total: fromNano(Number(row['total'])),
      count: Number(row['n']),
    }));

  function transaction<T>(work: () => T): T {
    db.exec('begin immediate');
    try {
      const result = work();
      db.exec('commit');
      return result;
    } catch (e) {
      if (db.inTransaction) db.exec('rollback');
      // This binding resets a statement before each use and throws the error of its last step
      // then: after one failed write (a full disk) every statement of it would fail once more.
      // Prepared again, the next write goes through as soon as the disk takes it.
      closeQuietly(null, Object.values(q));
      q = prepareAll();
      throw e;
    }
  }

  /** Adds to the entry's daily row and the counts (negative to take away). */
  function toDaily(row: Record<string, unknown>, total: number, n: number, differing: number) {
    if (n !== 0 || differing !== 0) q.addCounts.run([Number(row['demo']), n, differing]);
    q.addDaily.run([
      Number(row['demo']),
      String(row['day']),
      String(row['feature']),
      String(row['model']),
      (row['conversation_id'] as string | null) ?? '',
      total,
      n,
      differing,
    ]);
  }

  /** The row `statement` answers, read to its end (a statement left mid-way keeps this VFS's read lock). */
  function rowOf(statement: Statement, values: (string | number | null)[]) {
    return statement.all(values)[0] ?? null;
  }

  return {
    add(writes) {
      return transaction(() =>
        writes.map((w) => {
          const estimate = toNano(w.estimate);
          const charge = toNano(w.charge);
          const reported = toNano(w.reported);
          const spent = spentOf(charge, reported, false);
          const differing = differs(charge, reported, null, 0) ? 1 : 0;
          const row = rowOf(q.add, [
            w.at,
            localDay(w.at),
            w.demo ? 1 : 0,
            w.feature,
            w.model,
            w.conversationId,
            w.itemId,
            JSON.stringify(w.units),
            estimate,
            charge,
            reported,
            spent,
            differing,
          ]);
          if (!row) throw new Error('The ledger did not keep the entry.');
          toDaily(row, spent, 1, differing);
          return entryOf(row);
        }),
      );
    },

    setObserved(id, observed, tolerance = 0) {
      return transaction(() => {
        const row = rowOf(q.byId, [id]);
        if (!row) return null;
        const value = toNano(observed);
        const charge = row['charge'] === null ? null : Number(row['charge']);
        const reported = row['reported'] === null ? null : Number(row['reported']);
        const differing = differs(charge, reported, value, tolerance) ? 1 : 0;
        const updated = rowOf(q.setObserved, [value, differing, id]);
        if (!updated) return null;
        toDaily(row, 0, 0, differing - Number(row['differs']));
        return entryOf(updated);
      });
    },

    markRefunded(feature, itemId) {
      return transaction(() => {
        const row = rowOf(q.byItem, [itemId, feature]);
        if (!row || Number(row['refunded']) === 1) return null;
        const updated = rowOf(q.refund, [Number(row['id'])]);
        if (!updated) return null;
        toDaily(row, -Number(row['spent']), 0, 0);
        return entryOf(updated);
      });
    },

    summary({ demo, days, now }) {
      const flag = demo ? 1 : 0;
      const today = localDay(now);
      const week = weekStart(now);
      const month = monthStart(now);
      const first = dayFrom(now, -(days - 1));
      const periods = rowOf(q.periods, [today, week, month, flag, week < month ? week : month]);
      const totals = new Map<string, { total: number; background: number }>();
      for (const row of q.byDay.all([flag, first]))
        totals.set(String(row['day']), {
          total: Number(row['total']),
          background: Number(row['background']),
        });
      const byDay: SpendSummary['byDay'] = [];
      for (let i = days - 1; i >= 0; i--) {
        const day = dayFrom(now, -i);
        const t = totals.get(day);
        byDay.push({
          day,
          total: fromNano(t?.total ?? 0),
          background: fromNano(t?.background ?? 0),
        });
      }
      const counts = rowOf(q.counts, [flag]);
      return {
        today: fromNano(Number(periods?.['today'] ?? 0)),
        week: fromNano(Number(periods?.['week'] ?? 0)),
        month: fromNano(Number(periods?.['month'] ?? 0)),
        byDay,
        byModel: lines(q.byModel.all([flag, first])),
        byFeature: lines(q.byFeature.all([flag, first])),
        byConversation: lines(q.byConversation.all([flag, first])),
        entries: Number(counts?.['n'] ?? 0),
        differing: Number(counts?.['differing'] ?? 0),
      };
    },

    entries({ demo, before, limit, conversationId }) {
      const flag = demo ? 1 : 0;
      const below = before ?? Number.MAX_SAFE_INTEGER;
      const rows =
        conversationId === undefined
          ? q.page.all([flag, below, limit])
          : q.pageOfConversation.all([conversationId, flag, below, limit]);
      return rows.map(entryOf);
    },

    conversation(id) {
      const row = rowOf(q.conversation, [id]);
      return { total: fromNano(Number(row?.['total'] ?? 0)), count: Number(row?.['n'] ?? 0) };
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
