// Core's side of the spending ledger: every paid call's record (its charge by the price rule), the
// balance's fall after a lone call as its observed charge, and the questions the Spending view asks,
// all answered by the ledger's worker thread (spending-worker.ts) so core never waits on SQLite.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import {
  costOf,
  creditsBetween,
  isPositiveCredits,
  type PriceBasis,
} from '../../../../shared/prices';
import type {
  SpendEntry,
  SpendFeature,
  SpendRecord,
  SpendSummary,
} from '../../../../shared/spending';
import type { Balance, ModelInfo } from '../../../../shared/types';
import { makeFolder } from '../../library/data-folder';
import { serviceError } from '../../service/errors';
import type { Recovery } from '../../library/recovery';
import type { EntriesQuery, LedgerWrite } from '../../library/spending-ledger';
import type {
  LedgerAnswers,
  LedgerReply,
  LedgerRequest,
} from '../../library/spending-ledger-requests';
import { startWorker } from '../../library/start-worker';

/** The ledger as features see it (FeatureContext.spending). */
export interface SpendingLedger {
  /**
   * Records one paid call, after its answer: the charge is computed from the listed prices, the
   * time and the demo flag taken now. Never throws and never waits; 'spending.changed' follows.
   */
  record(r: SpendRecord): void;
  /** The service gave back what `feature`'s call for `itemId` cost (a failed video): marked, counting nothing. */
  refunded(feature: SpendFeature, itemId: string): void;
  /** A balance the monitor published: a fall after exactly one recorded call is that call's observed charge. */
  balanceSeen(balance: Balance): void;
  summary(query: { demo: boolean; days: number }): Promise<SpendSummary>;
  entries(query: EntriesQuery): Promise<SpendEntry[]>;
  conversation(id: string): Promise<{ total: string; count: number }>;
  /** Resolves when every record made so far is written (or given up). */
  idle(): Promise<void>;
  dispose(): Promise<void>;
}

export interface SpendingLedgerOptions {
  /** <dataDir>/spending/ledger.sqlite */
  file: string;
  recovery: Pick<Recovery, 'setAside'>;
  /** The model list as cached (the charge's prices). */
  models: () => Promise<ModelInfo[]>;
  /** What the list's token prices are read as, now. */
  priceBasis: () => PriceBasis;
  /** The built-in demo service is in use. */
  demo: () => boolean;
  /** A refresh after the call, so its fall can be seen (the balance monitor's refreshSoon). */
  refreshBalance: () => void;
  emit: (entry: SpendEntry) => void;
  now?: () => number;
}

/** Where the ledger lives in a data folder. */
export function ledgerFile(dataDir: string): string {
  return join(dataDir, 'spending', 'ledger.sqlite');
}

/** Times a damaged ledger is set aside in one run, so a disk that damages every file cannot loop. */
const MAX_REPAIRS = 3;
/**
 * The ledger opens on its own this long after core starts (sooner when a call needs it), so its
 * worker is warm for the first record; a start that ends at once (a restart) does not wait on it.
 */
const OPEN_AFTER_START_MS = 2000;

type Op = LedgerRequest['op'];
type Request<O extends Op> = Omit<Extract<LedgerRequest, { op: O }>, 'id'> & { op: O };

class LedgerFailure extends Error {
  constructor(
    message: string,
    readonly damaged: boolean,
  ) {
    super(message);
  }
}

/** A question the ledger cannot answer because core is closing: cancelled, not a fault. */
function closed(): Error {
  return serviceError('cancelled', 'The spending ledger was closed: the app is shutting down.');
}

/** Decimals of a balance's figure: its rounding, which the observed fall may carry. */
function decimalsOf(credits: string): number {
  const dot = credits.indexOf('.');
  return dot < 0 ? 0 : credits.length - dot - 1;
}

export function openSpendingLedger(options: SpendingLedgerOptions): SpendingLedger {
  const now = options.now ?? Date.now;
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let repairs = 0;
  let disposed = false;
  let opened: Promise<void> | null = null;

  function failAll(error: Error): void {
    for (const job of pending.values()) job.reject(error);
    pending.clear();
    worker = null;
    opened = null;
  }

  function running(): Worker {
    if (worker) return worker;
    const started = startWorker('spending-worker');
    started.on('message', (reply: LedgerReply) => {
      const job = pending.get(reply.id);
      if (!job) return;
      pending.delete(reply.id);
      // An idle worker must not keep the process alive (tests, the web host closing).
      if (pending.size === 0) started.unref();
      if (reply.ok) job.resolve(reply.value);
      else job.reject(new LedgerFailure(reply.message, reply.damaged));
    });
    started.on('error', (error) => {
      if (worker === started) failAll(new LedgerFailure(error.message, false));
    });
    started.on('exit', (code) => {
      if (worker === started)
        failAll(new LedgerFailure(`The spending worker stopped (exit code ${code}).`, false));
    });
    worker = started;
    return started;
  }

  function post<O extends Op>(request: Request<O>): Promise<LedgerAnswers[O]> {
    const target = running();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      target.ref();
      target.postMessage({ ...request, id });
    });
  }

  /** Moves the damaged file and its journal aside (a journal left would be played into a new file). */
  async function setAside(reason: string): Promise<void> {
    const why = `The spending ledger could not be read (${reason}). It was set aside and a new one begun: what it recorded before is in the file kept here.`;
    for (const file of [options.file, `${options.file}-journal`])
      if (existsSync(file)) await options.recovery.setAside(file, why);
  }

  function open(): Promise<void> {
    opened ??= (async () => {
      await makeFolder(join(options.file, '..'));
      try {
        await post({ op: 'open', file: options.file });
      } catch (e) {
        if (!(e instanceof LedgerFailure && e.damaged) || repairs >= MAX_REPAIRS) throw e;
        repairs++;
        await setAside(e.message);
        await post({ op: 'open', file: options.file });
      }
    })().catch((e: unknown) => {
      opened = null;
      throw e;
    });
    return opened;
  }

  /** Sends a request to the open ledger; a damaged file is set aside, and the request tried once more. */
  async function ask<O extends Op>(request: Request<O>): Promise<LedgerAnswers[O]> {
    // Closed with core: a question asked as it went is cancelled, and no worker starts again.
    if (disposed) throw closed();
    await open();
    try {
      return await post(request);
    } catch (e) {
      if (!(e instanceof LedgerFailure && e.damaged) || repairs >= MAX_REPAIRS) throw e;
      repairs++;
      opened = (async () => {
        await setAside(e.message);
        await post({ op: 'open', file: options.file });
      })();
      await opened;
      return post(request);
    }
  }

  // Records wait here until the worker takes them; several that come together go in one commit.
  let queue: { write: LedgerWrite; done: (entry: SpendEntry | null) => void }[] = [];
  let writing: Promise<void> | null = null;
  /** Records begun whose charge is still being computed. */
  const preparing = new Set<Promise<void>>();

  function flush(): void {
    if (writing || queue.length === 0 || disposed) return;
    const batch = queue;
    queue = [];
    writing = (async () => {
      let written = false;
      try {
        const entries = await ask({ op: 'add', writes: batch.map((b) => b.write) });
        entries.forEach((entry, i) => {
          batch[i]!.done(entry);
          options.emit(entry);
        });
        written = true;
      } catch (e) {
        // Kept for the next write (a full disk may have room again then); never thrown at the call.
        console.error(`[core] the spending ledger could not record: ${(e as Error).message}`);
        queue = [...batch, ...queue];
        retryLater();
      } finally {
        writing = null;
      }
      // After a refusal the queue waits for the retry or the next record: sent again at once, it
      // would be refused in a loop as long as the disk is full (and core's close would wait on it).
      if (written) flush();
    })();
  }

  let retryTimer: NodeJS.Timeout | null = null;
  function retryLater(): void {
    if (retryTimer || disposed) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      flush();
    }, 10_000);
    retryTimer.unref();
  }

  // The balance before the calls since; each record since adds its entry (null until written).
  let baseline: string | null = null;
  let since: Promise<SpendEntry | null>[] = [];

  function record(r: SpendRecord): void {
    if (disposed) return;
    const at = now();
    const demo = options.demo();
    const basis = options.priceBasis();
    let done: (entry: SpendEntry | null) => void = () => undefined;
    since.push(new Promise((resolve) => (done = resolve)));
    const work = (async () => {
      let charge: string | null = null;
      try {
        // A call counted in nothing (a transcript of unknown length) has no charge, not a free one.
        if (Object.keys(r.units).length > 0) {
          const model = (await options.models()).find((m) => m.id === r.model) ?? null;
          charge = costOf(model, r.units, basis);
        }
      } catch {
        // No list to price it by: the entry keeps what the service said.
      }
      queue.push({
        write: {
          at,
          feature: r.feature,
          model: r.model,
          conversationId: r.conversationId ?? null,
          itemId: r.itemId ?? null,
          units: r.units,
          estimate: r.estimate ?? null,
          charge,
          reported: r.reported ?? null,
          demo,
        },
        done,
      });
      flush();
    })();
    preparing.add(work);
    void work.finally(() => preparing.delete(work));
    options.refreshBalance();
  }

  function balanceSeen(balance: Balance): void {
    const credits = balance.state === 'ok' ? balance.credits : null;
    const before = baseline;
    const calls = since;
    baseline = credits;
    since = [];
    if (credits === null || before === null || calls.length !== 1) return;
    const fall = creditsBetween(before, credits);
    // A fall of nothing after a paid call is a refresh that came before the charge, not a free call.
    if (!isPositiveCredits(fall)) return;
    const tolerance = 10 ** Math.max(0, 9 - Math.min(decimalsOf(before), decimalsOf(credits)));
    void calls[0]!
      .then(async (entry) => {
        if (!entry || disposed) return;
        const updated = await ask({ op: 'observed', entryId: entry.id, observed: fall, tolerance });
        if (updated) options.emit(updated);
      })
      .catch((e: unknown) => {
        console.error(
          `[core] the spending ledger could not keep a charge: ${(e as Error).message}`,
        );
      });
  }

  async function idle(): Promise<void> {
    // Records kept for a retry after a refused write are not waited for.
    for (;;) {
      if (preparing.size > 0) await Promise.all([...preparing]);
      else if (writing) await writing;
      else return;
    }
  }

  const openSoon = setTimeout(() => {
    void open().catch((e: unknown) => {
      console.error(`[core] the spending ledger could not open: ${(e as Error).message}`);
    });
  }, OPEN_AFTER_START_MS);
  openSoon.unref();

  return {
    record,

    refunded(feature, itemId) {
      void (async () => {
        await idle();
        const entry = await ask({ op: 'refund', feature, itemId });
        if (entry) options.emit(entry);
      })().catch((e: unknown) => {
        console.error(
          `[core] the spending ledger could not mark a refund: ${(e as Error).message}`,
        );
      });
    },

    balanceSeen,

    summary: ({ demo, days }) => ask({ op: 'summary', demo, days, now: now() }),
    entries: (query) => ask({ op: 'entries', query }),
    conversation: (id) => ask({ op: 'conversation', conversationId: id }),
    idle,

    async dispose() {
      await idle();
      disposed = true;
      clearTimeout(openSoon);
      if (retryTimer) clearTimeout(retryTimer);
      const target = worker;
      if (!target) return;
      // Closed before the thread ends, so SQLite leaves no lock behind.
      await post({ op: 'close' }).catch(() => undefined);
      worker = null;
      // A question still waiting when core closes (the page asked as it went) is cancelled, not a fault.
      failAll(
        serviceError('cancelled', 'The spending ledger was closed: the app is shutting down.'),
      );
      await target.terminate();
    },
  };
}
