// The account's request rate: one request start per plan interval, people before background work.
import type { RatePlan } from '../../../shared/types';
import type { Priority, RequestScheduler } from './types';

/**
 * Milliseconds between request starts for each plan. The service allows 1 per 2 s, FAST 10 per s
 * in any second; FAST keeps a 10% margin because network jitter can bunch arrivals at its edge.
 */
export const PLAN_INTERVAL_MS: Record<RatePlan, number> = { standard: 2000, fast: 110 };

interface Waiter {
  priority: Priority;
  grant: () => void;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The request was cancelled.', 'AbortError');
}

export function createScheduler(
  opts: { plan?: RatePlan; now?: () => number } = {},
): RequestScheduler {
  const now = opts.now ?? (() => Date.now());
  let interval = PLAN_INTERVAL_MS[opts.plan ?? 'standard'];
  let lastStart = Number.NEGATIVE_INFINITY;
  let heldUntil = 0;
  const queue: Waiter[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const nextStartAt = (): number => Math.max(lastStart + interval, heldUntil);

  // Grants at most one slot per call: the next grant must wait out the interval again.
  function releaseDue(): void {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (queue.length === 0) return;
    const wait = nextStartAt() - now();
    if (wait <= 0) {
      const waiter = queue.shift() as Waiter;
      lastStart = now();
      waiter.grant();
      if (queue.length === 0) return;
    }
    timer = setTimeout(releaseDue, Math.max(0, nextStartAt() - now()));
  }

  function enqueue(waiter: Waiter): void {
    if (waiter.priority === 'user') {
      const firstBackground = queue.findIndex((w) => w.priority === 'background');
      if (firstBackground !== -1) {
        queue.splice(firstBackground, 0, waiter);
        return;
      }
    }
    queue.push(waiter);
  }

  return {
    reserveSlot(priority: Priority, signal?: AbortSignal): Promise<void> {
      if (signal?.aborted) return Promise.reject(abortReason(signal));
      return new Promise<void>((resolve, reject) => {
        const onAbort = (): void => {
          const at = queue.indexOf(waiter);
          if (at === -1) return;
          queue.splice(at, 1);
          reject(abortReason(signal as AbortSignal));
          releaseDue();
        };
        const waiter: Waiter = {
          priority,
          grant: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        enqueue(waiter);
        releaseDue();
      });
    },

    holdUntil(epochMs: number): void {
      if (epochMs <= heldUntil) return;
      heldUntil = epochMs;
      releaseDue();
    },

    setPlan(plan: RatePlan): void {
      interval = PLAN_INTERVAL_MS[plan];
      releaseDue();
    },
  };
}
