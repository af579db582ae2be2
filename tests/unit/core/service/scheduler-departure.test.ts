// Request scheduler: the interval counts from when a request leaves (plus the margin), not from when its turn came (fake timers).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FAST_LEARNING,
  STANDARD_INTERVAL_MS,
  createScheduler,
} from '../../../../electron/core/service/scheduler';
import type { RequestScheduler, RequestSlot } from '../../../../electron/core/service/types';
import { WIRE_MARGIN, wireMarginMs } from '../../../../shared/rate';

const T0 = Date.UTC(2026, 0, 1);
const GAP = STANDARD_INTERVAL_MS + wireMarginMs(STANDARD_INTERVAL_MS);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});

afterEach(() => {
  vi.useRealTimers();
});

/** Asks for a turn and records when it came, keeping the slot for the test to settle. */
function ask(scheduler: RequestScheduler, turns: Array<{ at: number; slot: RequestSlot }>) {
  void scheduler.reserveSlot('user').then((slot) => turns.push({ at: Date.now() - T0, slot }));
}

describe('the interval counts from when a request leaves', () => {
  it('adds a margin of 5% of the interval, at most 100 ms', () => {
    expect(WIRE_MARGIN).toEqual({ share: 0.05, maxMs: 100 });
    expect(wireMarginMs(STANDARD_INTERVAL_MS)).toBe(100);
    expect(wireMarginMs(10_000)).toBe(100);
    expect(wireMarginMs(50)).toBe(3);
    expect(wireMarginMs(FAST_LEARNING.floorMs)).toBe(5);
  });

  it('gives the next turn an interval and the margin after the request left, however long it took to build', async () => {
    const scheduler = createScheduler();
    const turns: Array<{ at: number; slot: RequestSlot }> = [];
    ask(scheduler, turns);
    ask(scheduler, turns);
    await vi.advanceTimersByTimeAsync(0);
    expect(turns.map((t) => t.at)).toEqual([0]);
    // Its body took 300 ms to build: it leaves at 300, not at 0.
    await vi.advanceTimersByTimeAsync(300);
    turns[0]?.slot.departed();
    await vi.advanceTimersByTimeAsync(GAP - 1);
    expect(turns).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(turns.map((t) => t.at)).toEqual([0, 300 + GAP]);
  });

  it('lets no other request go while a request whose turn came has not left', async () => {
    const scheduler = createScheduler({ plan: 'custom', customPerSecond: 20 });
    const turns: Array<{ at: number; slot: RequestSlot }> = [];
    ask(scheduler, turns);
    ask(scheduler, turns);
    ask(scheduler, turns);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(turns.map((t) => t.at)).toEqual([0]);
    turns[0]?.slot.departed();
    await vi.advanceTimersByTimeAsync(scheduler.intervalMs() + wireMarginMs(50));
    expect(turns.map((t) => t.at)).toEqual([0, 10_053]);
  });

  it('lets the next go by the last request that left when a turn is given back unsent', async () => {
    const scheduler = createScheduler();
    const turns: Array<{ at: number; slot: RequestSlot }> = [];
    ask(scheduler, turns);
    ask(scheduler, turns);
    ask(scheduler, turns);
    await vi.advanceTimersByTimeAsync(0);
    turns[0]?.slot.departed();
    await vi.advanceTimersByTimeAsync(GAP + 200);
    expect(turns.map((t) => t.at)).toEqual([0, GAP]);
    // The second was cancelled before it left: the service never saw it.
    turns[1]?.slot.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(turns.map((t) => t.at)).toEqual([0, GAP, GAP + 200]);
  });

  it('ignores a release after the request left, and moves the count when it is seen on the wire later', async () => {
    const scheduler = createScheduler();
    const turns: Array<{ at: number; slot: RequestSlot }> = [];
    ask(scheduler, turns);
    ask(scheduler, turns);
    await vi.advanceTimersByTimeAsync(0);
    turns[0]?.slot.departed();
    await vi.advanceTimersByTimeAsync(250);
    turns[0]?.slot.release();
    // Its connection took 250 ms to open: the service began to receive it then.
    turns[0]?.slot.departed();
    await vi.advanceTimersByTimeAsync(GAP - 1);
    expect(turns).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(turns.map((t) => t.at)).toEqual([0, 250 + GAP]);
  });

  it('never moves the count back for a request seen on the wire before the last one left', async () => {
    const scheduler = createScheduler({ plan: 'custom', customPerSecond: 20 });
    const turns: Array<{ at: number; slot: RequestSlot }> = [];
    ask(scheduler, turns);
    ask(scheduler, turns);
    ask(scheduler, turns);
    await vi.advanceTimersByTimeAsync(0);
    turns[0]?.slot.departed();
    await vi.advanceTimersByTimeAsync(53);
    turns[1]?.slot.departed();
    await vi.advanceTimersByTimeAsync(10);
    // The first reaches the wire after the second left: it counts from then, never earlier.
    turns[0]?.slot.departed();
    await vi.advanceTimersByTimeAsync(52);
    expect(turns).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(turns.map((t) => t.at)).toEqual([0, 53, 116]);
  });

  it('gives back a turn whose request never left only once', async () => {
    const scheduler = createScheduler();
    const turns: Array<{ at: number; slot: RequestSlot }> = [];
    ask(scheduler, turns);
    ask(scheduler, turns);
    ask(scheduler, turns);
    await vi.advanceTimersByTimeAsync(0);
    turns[0]?.slot.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(turns.map((t) => t.at)).toEqual([0, 0]);
    // A late departure or release of the slot given back changes nothing for the one now out.
    turns[0]?.slot.departed();
    turns[0]?.slot.release();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(turns).toHaveLength(2);
  });

  it('keeps a hold the service asked for over a request waiting to leave', async () => {
    const scheduler = createScheduler();
    const turns: Array<{ at: number; slot: RequestSlot }> = [];
    ask(scheduler, turns);
    ask(scheduler, turns);
    await vi.advanceTimersByTimeAsync(0);
    turns[0]?.slot.departed();
    scheduler.holdUntil(T0 + 5000);
    await vi.advanceTimersByTimeAsync(4999);
    expect(turns).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(turns.map((t) => t.at)).toEqual([0, 5000]);
  });
});
