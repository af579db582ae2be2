// The account's request rate: one request leaving per interval (fixed, set, or learned on FAST), people before background work, holds the service asks for.
import { CUSTOM_RATE, type ServiceHold, wireMarginMs } from '../../../shared/rate';
import type { RatePlan } from '../../../shared/types';
import type { Priority, RequestScheduler, RequestSlot } from './types';

/** The service's documented rate: at most 1 request per 2 seconds. */
export const STANDARD_INTERVAL_MS = 2000;

/**
 * The FAST plan's rate is only "higher" in the service's document, so it is learned: start at the
 * standard interval, shorten it after each run of answers without a 429, lengthen it on a 429.
 */
export const FAST_LEARNING = {
  startMs: STANDARD_INTERVAL_MS,
  /** Never faster than this, whatever the answers say. */
  floorMs: 100,
  /** Never slower than the standard plan. */
  ceilingMs: STANDARD_INTERVAL_MS,
  /** Answers without a 429 in a row before the next speed-up. */
  answersPerStep: 4,
  speedUpFactor: 0.75,
  slowDownFactor: 2,
} as const;

/** A hold at least this long is told to the person (shorter ones pass unnoticed). */
export const REPORTED_HOLD_MS = 20_000;

export interface SchedulerOptions {
  plan?: RatePlan;
  /** Requests per second on the custom plan. */
  customPerSecond?: number;
  now?: () => number;
  /** A long hold began (or moved), or ended / was lifted (null). */
  onHoldChanged?: (hold: ServiceHold | null) => void;
}

interface Waiter {
  priority: Priority;
  grant: (slot: RequestSlot) => void;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The request was cancelled.', 'AbortError');
}

/** Milliseconds between starts for a person's own rate, kept within the bounds the form offers. */
export function customIntervalMs(perSecond: number): number {
  const rate = Number.isFinite(perSecond)
    ? Math.min(CUSTOM_RATE.max, Math.max(CUSTOM_RATE.min, perSecond))
    : CUSTOM_RATE.default;
  return Math.round(1000 / rate);
}

export function createScheduler(opts: SchedulerOptions = {}): RequestScheduler {
  const now = opts.now ?? (() => Date.now());
  let plan: RatePlan = opts.plan ?? 'standard';
  let customPerSecond = opts.customPerSecond ?? CUSTOM_RATE.default;
  let interval = intervalFor(plan);
  let answeredInARow = 0;
  /** When the last request left (fetch called); a turn given is not a request sent. */
  let lastDeparture = Number.NEGATIVE_INFINITY;
  /** A turn given whose request has not left yet: nothing else goes until it does or is given back. */
  let outstanding: RequestSlot | null = null;
  let heldUntil = 0;
  let reported: ServiceHold | null = null;
  let holdTimer: ReturnType<typeof setTimeout> | null = null;
  const queue: Waiter[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  function intervalFor(p: RatePlan): number {
    if (p === 'fast') return FAST_LEARNING.startMs;
    if (p === 'custom') return customIntervalMs(customPerSecond);
    return STANDARD_INTERVAL_MS;
  }

  const nextStartAt = (): number =>
    Math.max(lastDeparture + interval + wireMarginMs(interval), heldUntil);

  function newSlot(): RequestSlot {
    let left = false;
    let givenBack = false;
    const slot: RequestSlot = {
      departed() {
        if (givenBack) return;
        left = true;
        if (outstanding === slot) outstanding = null;
        // Seen again on the wire later than it was sent: the count moves to then.
        lastDeparture = Math.max(lastDeparture, now());
        releaseDue();
      },
      release() {
        if (left || givenBack) return;
        givenBack = true;
        if (outstanding === slot) outstanding = null;
        releaseDue();
      },
    };
    return slot;
  }

  // Grants at most one slot, and none while one is out: its request's leaving sets the next time.
  function releaseDue(): void {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (queue.length === 0 || outstanding !== null) return;
    const wait = nextStartAt() - now();
    if (wait > 0) {
      timer = setTimeout(releaseDue, wait);
      return;
    }
    const waiter = queue.shift() as Waiter;
    outstanding = newSlot();
    waiter.grant(outstanding);
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

  function clearHoldTimer(): void {
    if (holdTimer !== null) clearTimeout(holdTimer);
    holdTimer = null;
  }

  function report(hold: ServiceHold | null): void {
    reported = hold;
    opts.onHoldChanged?.(hold);
  }

  /** Tells of a long hold, and of its end when its time comes. */
  function reportHold(sinceMs: number): void {
    clearHoldTimer();
    report({ untilMs: heldUntil, sinceMs });
    holdTimer = setTimeout(
      () => {
        holdTimer = null;
        if (reported !== null) report(null);
      },
      Math.max(0, heldUntil - now()),
    );
    // An app closing during a five-minute hold must not wait for it.
    (holdTimer as { unref?: () => void }).unref?.();
  }

  return {
    reserveSlot(priority: Priority, signal?: AbortSignal): Promise<RequestSlot> {
      if (signal?.aborted) return Promise.reject(abortReason(signal));
      return new Promise<RequestSlot>((resolve, reject) => {
        const onAbort = (): void => {
          const at = queue.indexOf(waiter);
          if (at === -1) return;
          queue.splice(at, 1);
          reject(abortReason(signal as AbortSignal));
          releaseDue();
        };
        const waiter: Waiter = {
          priority,
          grant: (slot) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(slot);
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
      const sinceMs = now();
      if (epochMs - sinceMs >= REPORTED_HOLD_MS) reportHold(reported?.sinceMs ?? sinceMs);
      releaseDue();
    },

    liftHold(): boolean {
      const held = heldUntil > now();
      heldUntil = 0;
      clearHoldTimer();
      if (reported !== null) report(null);
      releaseDue();
      return held;
    },

    currentHold(): ServiceHold | null {
      return reported !== null && reported.untilMs > now() ? { ...reported } : null;
    },

    recordAnswered(): void {
      if (plan !== 'fast') return;
      answeredInARow += 1;
      if (answeredInARow < FAST_LEARNING.answersPerStep) return;
      answeredInARow = 0;
      interval = Math.max(
        FAST_LEARNING.floorMs,
        Math.round(interval * FAST_LEARNING.speedUpFactor),
      );
      releaseDue();
    },

    recordRateLimited(): void {
      if (plan !== 'fast') return;
      answeredInARow = 0;
      interval = Math.min(
        FAST_LEARNING.ceilingMs,
        Math.round(interval * FAST_LEARNING.slowDownFactor),
      );
    },

    intervalMs: () => interval,

    setPlan(next: RatePlan, perSecond?: number): void {
      const customChanged =
        perSecond !== undefined && perSecond !== customPerSecond && next === 'custom';
      if (perSecond !== undefined) customPerSecond = perSecond;
      // Saving other settings must not forget what the FAST plan has learned.
      if (next === plan && !customChanged) return;
      plan = next;
      answeredInARow = 0;
      interval = intervalFor(next);
      releaseDue();
    },
  };
}
