// The account balance: asked at start, every minute in the background, and shortly after paid calls.
import { blankBalance } from '../../../../shared/balance';
import type { Balance } from '../../../../shared/types';
import { toUserError } from '../../service/errors';
import type { Priority, ServiceClient } from '../../service/types';

export interface BalanceMonitor {
  current(): Balance;
  /** The last known balance, or a fresh one when asked (or never fetched). */
  get(opts?: { refresh?: boolean }): Promise<Balance>;
  /** After a paid call: one background fetch, however many calls end close together. */
  refreshSoon(): void;
  /** The base URL or key changed: forget the old figures and ask again. */
  connectionChanged(): void;
  start(): void;
  dispose(): Promise<void>;
}

export interface BalanceMonitorOptions {
  client: Pick<ServiceClient, 'getBalance'>;
  emit: (balance: Balance) => void;
  /** A base URL and key are set, so asking can succeed. */
  canFetch: () => boolean;
  intervalMs?: number;
  afterCallDelayMs?: number;
  now?: () => Date;
}

export const unknownBalance: Balance = blankBalance('unknown');

export function createBalanceMonitor(options: BalanceMonitorOptions): BalanceMonitor {
  const intervalMs = options.intervalMs ?? 60_000;
  const afterCallDelayMs = options.afterCallDelayMs ?? 1500;
  const now = options.now ?? (() => new Date());
  let balance: Balance = unknownBalance;
  let fetched = false;
  let generation = 0;
  let inFlight: Promise<Balance> | null = null;
  let ticker: NodeJS.Timeout | null = null;
  let soonTimer: NodeJS.Timeout | null = null;
  let disposed = false;
  /** Aborted when the connection changes or at shutdown, so no fetch outlives its account. */
  let cancel = new AbortController();

  function publish(next: Balance): void {
    balance = next;
    options.emit(next);
  }

  function fetchBalance(priority: Priority): Promise<Balance> {
    if (!options.canFetch()) {
      if (balance.state !== 'unknown') publish(unknownBalance);
      return Promise.resolve(balance);
    }
    if (inFlight) return inFlight;
    const asked = generation;
    const signal = cancel.signal;
    const attempt = (async () => {
      let next: Balance;
      try {
        next = await options.client.getBalance({ priority, signal });
      } catch (e) {
        // Keep the last figures on screen, marked as not current.
        next = {
          ...balance,
          state: 'error',
          error: toUserError(e),
          checkedAt: now().toISOString(),
        };
      }
      if (disposed) return balance;
      // The connection changed while asking: this answer is the old account's (or "Stopped"), so
      // whoever asked gets the new account's figures, never the cancelled ones.
      if (asked !== generation) return fetchBalance(priority);
      fetched = true;
      publish(next);
      return next;
    })();
    inFlight = attempt;
    void attempt.finally(() => {
      if (inFlight === attempt) inFlight = null;
    });
    return attempt;
  }

  return {
    current: () => balance,

    async get(opts = {}) {
      if (opts.refresh || !fetched) return fetchBalance('user');
      return balance;
    },

    refreshSoon() {
      if (disposed || soonTimer) return;
      soonTimer = setTimeout(() => {
        soonTimer = null;
        void fetchBalance('background');
      }, afterCallDelayMs);
      soonTimer.unref?.();
    },

    connectionChanged() {
      generation++;
      cancel.abort();
      cancel = new AbortController();
      inFlight = null;
      fetched = false;
      publish(unknownBalance);
      void fetchBalance('background');
    },

    start() {
      if (ticker || disposed) return;
      void fetchBalance('background');
      ticker = setInterval(() => void fetchBalance('background'), intervalMs);
      ticker.unref?.();
    },

    async dispose() {
      disposed = true;
      cancel.abort();
      if (ticker) clearInterval(ticker);
      if (soonTimer) clearTimeout(soonTimer);
      ticker = null;
      soonTimer = null;
      await inFlight;
    },
  };
}
