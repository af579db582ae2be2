// Request scheduler: plan intervals, the FAST plan's learned rate, a person's own rate, FIFO, users first, abort, holds (fake timers; each request leaves as soon as its turn comes).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FAST_LEARNING,
  REPORTED_HOLD_MS,
  STANDARD_INTERVAL_MS,
  createScheduler,
  customIntervalMs,
} from '../../../../electron/core/service/scheduler';
import type { Priority, RequestScheduler } from '../../../../electron/core/service/types';
import { type ServiceHold, wireMarginMs } from '../../../../shared/rate';

/** A custom rate of 9 requests / s: 111 ms between starts. */
const QUICK = { plan: 'custom', customPerSecond: 9 } as const;
const FAST = customIntervalMs(9);
/** From one request leaving to the next: the interval and the margin of shared/rate.ts. */
const GAP = STANDARD_INTERVAL_MS + wireMarginMs(STANDARD_INTERVAL_MS);
const QUICK_GAP = FAST + wireMarginMs(FAST);

const T0 = Date.UTC(2026, 0, 1);

interface Grant {
  name: string;
  at: number;
}

function track(scheduler: RequestScheduler, grants: Grant[]) {
  return (name: string, priority: Priority = 'user', signal?: AbortSignal): Promise<void> =>
    scheduler.reserveSlot(priority, signal).then((slot) => {
      grants.push({ name, at: Date.now() - T0 });
      slot.departed();
    });
}

/** Waits for a turn and sends at once. */
function leave(scheduler: RequestScheduler, priority: Priority = 'user'): Promise<void> {
  return scheduler.reserveSlot(priority).then((slot) => slot.departed());
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createScheduler', () => {
  it('starts the first request at once and then one every 2000 ms and the margin on the standard plan', async () => {
    expect(GAP).toBe(2100);
    const grants: Grant[] = [];
    const reserve = track(createScheduler(), grants);
    void reserve('a');
    void reserve('b');
    void reserve('c');
    await vi.advanceTimersByTimeAsync(0);
    expect(grants).toEqual([{ name: 'a', at: 0 }]);
    await vi.advanceTimersByTimeAsync(GAP - 1);
    expect(grants).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(grants).toEqual([
      { name: 'a', at: 0 },
      { name: 'b', at: GAP },
    ]);
    await vi.advanceTimersByTimeAsync(GAP);
    expect(grants.map((g) => g.at)).toEqual([0, GAP, 2 * GAP]);
  });

  it('spaces requests by the rate a person set on the custom plan', async () => {
    expect(FAST).toBe(111);
    const grants: Grant[] = [];
    const reserve = track(createScheduler(QUICK), grants);
    for (const name of ['a', 'b', 'c', 'd']) void reserve(name);
    await vi.advanceTimersByTimeAsync(3 * QUICK_GAP);
    expect(grants.map((g) => g.at)).toEqual([0, QUICK_GAP, 2 * QUICK_GAP, 3 * QUICK_GAP]);
  });

  it('lets a request through at once when the interval has already passed', async () => {
    const grants: Grant[] = [];
    const reserve = track(createScheduler(), grants);
    await reserve('a');
    await vi.advanceTimersByTimeAsync(5000);
    await reserve('b');
    expect(grants.map((g) => g.at)).toEqual([0, 5000]);
  });

  it('keeps FIFO order within a priority and serves users before background work', async () => {
    const grants: Grant[] = [];
    const reserve = track(createScheduler(QUICK), grants);
    void reserve('first');
    void reserve('bg1', 'background');
    void reserve('bg2', 'background');
    void reserve('u1', 'user');
    void reserve('u2', 'user');
    await vi.advanceTimersByTimeAsync(4 * QUICK_GAP);
    expect(grants.map((g) => g.name)).toEqual(['first', 'u1', 'u2', 'bg1', 'bg2']);
    expect(grants.map((g) => g.at)).toEqual([0, 1, 2, 3, 4].map((n) => n * QUICK_GAP));
  });

  it('removes an aborted waiter, rejects it with an AbortError and keeps the others on time', async () => {
    const grants: Grant[] = [];
    const reserve = track(createScheduler(), grants);
    const controller = new AbortController();
    void reserve('a');
    const b = reserve('b', 'user', controller.signal);
    void reserve('c');
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    await expect(b).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(GAP - 500);
    expect(grants).toEqual([
      { name: 'a', at: 0 },
      { name: 'c', at: GAP },
    ]);
  });

  it('rejects at once when the signal is already aborted, without taking a slot', async () => {
    const grants: Grant[] = [];
    const reserve = track(createScheduler(), grants);
    const controller = new AbortController();
    controller.abort();
    await expect(reserve('x', 'user', controller.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
    await reserve('y');
    expect(grants).toEqual([{ name: 'y', at: 0 }]);
  });

  it('holds every start until the time given after a 429', async () => {
    const grants: Grant[] = [];
    const scheduler = createScheduler(QUICK);
    const reserve = track(scheduler, grants);
    await reserve('a');
    scheduler.holdUntil(T0 + 3000);
    void reserve('b');
    void reserve('c', 'background');
    await vi.advanceTimersByTimeAsync(2999);
    expect(grants).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(grants.map((g) => g.at)).toEqual([0, 3000]);
    await vi.advanceTimersByTimeAsync(QUICK_GAP);
    expect(grants.map((g) => g.at)).toEqual([0, 3000, 3000 + QUICK_GAP]);
  });

  it('ignores a hold that ends earlier than the one in force', async () => {
    const grants: Grant[] = [];
    const scheduler = createScheduler(QUICK);
    const reserve = track(scheduler, grants);
    scheduler.holdUntil(T0 + 1000);
    scheduler.holdUntil(T0 + 500);
    void reserve('a');
    await vi.advanceTimersByTimeAsync(999);
    expect(grants).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(grants).toEqual([{ name: 'a', at: 1000 }]);
  });

  it('applies a plan change to requests already waiting', async () => {
    const grants: Grant[] = [];
    const scheduler = createScheduler();
    const reserve = track(scheduler, grants);
    void reserve('a');
    void reserve('b');
    void reserve('c');
    await vi.advanceTimersByTimeAsync(50);
    scheduler.setPlan('custom', 9);
    await vi.advanceTimersByTimeAsync(2 * QUICK_GAP);
    expect(grants.map((g) => g.at)).toEqual([0, QUICK_GAP, 2 * QUICK_GAP]);
  });

  it('uses the injected clock', async () => {
    let clock = 10_000;
    const scheduler = createScheduler({ now: () => clock });
    await leave(scheduler);
    clock += GAP;
    let granted = false;
    void scheduler.reserveSlot('background').then(() => {
      granted = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(granted).toBe(true);
  });
});

/** The gaps between starts of `count` requests answered one after another without a 429. */
async function gapsOfAnsweredRequests(scheduler: RequestScheduler, count: number) {
  const starts: number[] = [];
  for (let i = 0; i < count; i++) {
    const granted = leave(scheduler);
    await vi.advanceTimersByTimeAsync(
      scheduler.intervalMs() + wireMarginMs(scheduler.intervalMs()),
    );
    await granted;
    starts.push(Date.now());
    scheduler.recordAnswered();
  }
  return starts.slice(1).map((at, i) => at - (starts[i] ?? 0));
}

describe('the FAST plan learns its rate from the answers', () => {
  it('starts at the standard interval and speeds up after each run of answers without a 429', async () => {
    const scheduler = createScheduler({ plan: 'fast' });
    expect(scheduler.intervalMs()).toBe(STANDARD_INTERVAL_MS);
    for (let i = 1; i < FAST_LEARNING.answersPerStep; i++) scheduler.recordAnswered();
    expect(scheduler.intervalMs()).toBe(STANDARD_INTERVAL_MS);
    scheduler.recordAnswered();
    expect(scheduler.intervalMs()).toBe(
      Math.round(STANDARD_INTERVAL_MS * FAST_LEARNING.speedUpFactor),
    );
    const gaps = await gapsOfAnsweredRequests(scheduler, 40);
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeLessThanOrEqual(gaps[i - 1] ?? 0);
    expect(gaps[gaps.length - 1]).toBeLessThan(gaps[0] ?? 0);
  });

  it('is never faster than the floor, however many answers come', async () => {
    const scheduler = createScheduler({ plan: 'fast' });
    for (let i = 0; i < 500; i++) scheduler.recordAnswered();
    expect(scheduler.intervalMs()).toBe(FAST_LEARNING.floorMs);
    await leave(scheduler);
    const starts: number[] = [];
    for (let i = 0; i < 5; i++) void leave(scheduler).then(() => starts.push(Date.now() - T0));
    await vi.advanceTimersByTimeAsync(10 * FAST_LEARNING.floorMs);
    const gap = FAST_LEARNING.floorMs + wireMarginMs(FAST_LEARNING.floorMs);
    expect(starts).toEqual([1, 2, 3, 4, 5].map((n) => n * gap));
  });

  it('backs off on a 429 (twice as slow, never slower than the standard plan) and learns again', async () => {
    const scheduler = createScheduler({ plan: 'fast' });
    for (let i = 0; i < 500; i++) scheduler.recordAnswered();
    scheduler.recordRateLimited();
    expect(scheduler.intervalMs()).toBe(2 * FAST_LEARNING.floorMs);
    scheduler.recordRateLimited();
    expect(scheduler.intervalMs()).toBe(4 * FAST_LEARNING.floorMs);
    for (let i = 0; i < 10; i++) scheduler.recordRateLimited();
    expect(scheduler.intervalMs()).toBe(STANDARD_INTERVAL_MS);
    // A 429 starts the count of answers afresh.
    for (let i = 1; i < FAST_LEARNING.answersPerStep; i++) scheduler.recordAnswered();
    scheduler.recordRateLimited();
    for (let i = 1; i < FAST_LEARNING.answersPerStep; i++) scheduler.recordAnswered();
    expect(scheduler.intervalMs()).toBe(STANDARD_INTERVAL_MS);
    scheduler.recordAnswered();
    expect(scheduler.intervalMs()).toBeLessThan(STANDARD_INTERVAL_MS);
  });

  it('honours the Retry-After hold on top of the slower interval', async () => {
    const scheduler = createScheduler({ plan: 'fast' });
    for (let i = 0; i < 500; i++) scheduler.recordAnswered();
    await leave(scheduler);
    scheduler.recordRateLimited();
    scheduler.holdUntil(Date.now() + 1000);
    let startedAt: number | null = null;
    void leave(scheduler).then(() => {
      startedAt = Date.now() - T0;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(startedAt).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(startedAt).toBe(1000);
  });

  it('keeps what it learned when other settings are saved (the same plan set again)', () => {
    const scheduler = createScheduler({ plan: 'fast' });
    for (let i = 0; i < 500; i++) scheduler.recordAnswered();
    scheduler.setPlan('fast', 3);
    expect(scheduler.intervalMs()).toBe(FAST_LEARNING.floorMs);
    scheduler.setPlan('standard');
    scheduler.setPlan('fast');
    expect(scheduler.intervalMs()).toBe(STANDARD_INTERVAL_MS);
  });

  it('never changes the standard plan or a person’s own rate, whatever the answers', async () => {
    const standard = createScheduler();
    const custom = createScheduler({ plan: 'custom', customPerSecond: 4 });
    for (const scheduler of [standard, custom]) {
      for (let i = 0; i < 100; i++) scheduler.recordAnswered();
      scheduler.recordRateLimited();
      for (let i = 0; i < 100; i++) scheduler.recordAnswered();
    }
    expect(standard.intervalMs()).toBe(STANDARD_INTERVAL_MS);
    expect(custom.intervalMs()).toBe(250);
    expect(await gapsOfAnsweredRequests(standard, 6)).toEqual(Array(5).fill(GAP));
  });

  it('keeps a person’s rate within the bounds the form offers', () => {
    expect(customIntervalMs(0.5)).toBe(2000);
    expect(customIntervalMs(0.01)).toBe(10_000);
    expect(customIntervalMs(1000)).toBe(50);
    expect(customIntervalMs(Number.NaN)).toBe(1000);
  });
});

describe('a long hold', () => {
  it('holds users and background work alike, tells of it, and tells when it ends', async () => {
    const holds: Array<ServiceHold | null> = [];
    const scheduler = createScheduler({ onHoldChanged: (hold) => holds.push(hold) });
    const grants: Grant[] = [];
    const reserve = track(scheduler, grants);
    await reserve('a');
    scheduler.holdUntil(T0 + 300_000);
    expect(holds).toEqual([{ untilMs: T0 + 300_000, sinceMs: T0 }]);
    expect(scheduler.currentHold()).toEqual({ untilMs: T0 + 300_000, sinceMs: T0 });
    void reserve('poll', 'background');
    void reserve('chat', 'user');
    await vi.advanceTimersByTimeAsync(299_999);
    expect(grants.map((g) => g.name)).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(1);
    expect(grants.map((g) => g.name)).toEqual(['a', 'chat']);
    expect(holds).toEqual([{ untilMs: T0 + 300_000, sinceMs: T0 }, null]);
    expect(scheduler.currentHold()).toBeNull();
  });

  it('does not tell of a short hold', () => {
    const holds: Array<ServiceHold | null> = [];
    const scheduler = createScheduler({ onHoldChanged: (hold) => holds.push(hold) });
    scheduler.holdUntil(T0 + REPORTED_HOLD_MS - 1);
    expect(holds).toEqual([]);
    expect(scheduler.currentHold()).toBeNull();
  });

  it('is lifted at once by "Retry now": waiting requests start, the end is told once', async () => {
    const holds: Array<ServiceHold | null> = [];
    const scheduler = createScheduler({ onHoldChanged: (hold) => holds.push(hold) });
    const grants: Grant[] = [];
    const reserve = track(scheduler, grants);
    await reserve('a');
    scheduler.holdUntil(T0 + 300_000);
    void reserve('b');
    await vi.advanceTimersByTimeAsync(5000);
    expect(grants).toHaveLength(1);
    expect(scheduler.liftHold()).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(grants.map((g) => g.at)).toEqual([0, 5000]);
    expect(holds).toEqual([{ untilMs: T0 + 300_000, sinceMs: T0 }, null]);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(holds).toHaveLength(2);
    expect(scheduler.liftHold()).toBe(false);
  });
});
