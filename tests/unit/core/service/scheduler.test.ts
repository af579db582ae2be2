// Request scheduler: plan intervals, FIFO within a priority, users first, abort, holdUntil (fake timers).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAN_INTERVAL_MS, createScheduler } from '../../../../electron/core/service/scheduler';

const FAST = PLAN_INTERVAL_MS.fast;
import type { Priority, RequestScheduler } from '../../../../electron/core/service/types';

const T0 = Date.UTC(2026, 0, 1);

interface Grant {
  name: string;
  at: number;
}

function track(scheduler: RequestScheduler, grants: Grant[]) {
  return (name: string, priority: Priority = 'user', signal?: AbortSignal): Promise<void> =>
    scheduler.reserveSlot(priority, signal).then(() => {
      grants.push({ name, at: Date.now() - T0 });
    });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createScheduler', () => {
  it('starts the first request at once and then one every 2000 ms on the standard plan', async () => {
    const grants: Grant[] = [];
    const reserve = track(createScheduler(), grants);
    void reserve('a');
    void reserve('b');
    void reserve('c');
    await vi.advanceTimersByTimeAsync(0);
    expect(grants).toEqual([{ name: 'a', at: 0 }]);
    await vi.advanceTimersByTimeAsync(1999);
    expect(grants).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(grants).toEqual([
      { name: 'a', at: 0 },
      { name: 'b', at: 2000 },
    ]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(grants.map((g) => g.at)).toEqual([0, 2000, 4000]);
  });

  it('spaces requests 110 ms apart on the fast plan (10 per second with a margin)', async () => {
    const grants: Grant[] = [];
    const reserve = track(createScheduler({ plan: 'fast' }), grants);
    for (const name of ['a', 'b', 'c', 'd']) void reserve(name);
    await vi.advanceTimersByTimeAsync(3 * FAST);
    expect(grants.map((g) => g.at)).toEqual([0, FAST, 2 * FAST, 3 * FAST]);
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
    const reserve = track(createScheduler({ plan: 'fast' }), grants);
    void reserve('first');
    void reserve('bg1', 'background');
    void reserve('bg2', 'background');
    void reserve('u1', 'user');
    void reserve('u2', 'user');
    await vi.advanceTimersByTimeAsync(4 * FAST);
    expect(grants.map((g) => g.name)).toEqual(['first', 'u1', 'u2', 'bg1', 'bg2']);
    expect(grants.map((g) => g.at)).toEqual([0, FAST, 2 * FAST, 3 * FAST, 4 * FAST]);
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
    await vi.advanceTimersByTimeAsync(1500);
    expect(grants).toEqual([
      { name: 'a', at: 0 },
      { name: 'c', at: 2000 },
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
    const scheduler = createScheduler({ plan: 'fast' });
    const reserve = track(scheduler, grants);
    await reserve('a');
    scheduler.holdUntil(T0 + 3000);
    void reserve('b');
    void reserve('c', 'background');
    await vi.advanceTimersByTimeAsync(2999);
    expect(grants).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(grants.map((g) => g.at)).toEqual([0, 3000]);
    await vi.advanceTimersByTimeAsync(FAST);
    expect(grants.map((g) => g.at)).toEqual([0, 3000, 3000 + FAST]);
  });

  it('ignores a hold that ends earlier than the one in force', async () => {
    const grants: Grant[] = [];
    const scheduler = createScheduler({ plan: 'fast' });
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
    scheduler.setPlan('fast');
    await vi.advanceTimersByTimeAsync(2 * FAST);
    expect(grants.map((g) => g.at)).toEqual([0, FAST, 2 * FAST]);
  });

  it('uses the injected clock', async () => {
    let clock = 10_000;
    const scheduler = createScheduler({ now: () => clock });
    await scheduler.reserveSlot('user');
    clock += 2000;
    let granted = false;
    void scheduler.reserveSlot('background').then(() => {
      granted = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(granted).toBe(true);
  });
});
