// Idle-time steps: one per idle moment, in order, and stopped for good when cancelled.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdleEach } from '../../../../renderer/src/common/idle';

/** A stand-in for the browser's idle callbacks that runs the waiting one when the test says so. */
function fakeIdle() {
  const waiting = new Map<number, () => void>();
  let next = 1;
  vi.stubGlobal('requestIdleCallback', (work: () => void) => {
    waiting.set(next, work);
    return next++;
  });
  vi.stubGlobal('cancelIdleCallback', (handle: number) => waiting.delete(handle));
  return {
    waiting: () => waiting.size,
    /** Runs the callbacks waiting now, as one idle moment would. */
    idle: () => {
      const now = [...waiting];
      waiting.clear();
      for (const [, work] of now) work();
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('whenIdleEach', () => {
  it('runs one step per idle moment, in order', () => {
    const browser = fakeIdle();
    const ran: number[] = [];
    whenIdleEach([() => ran.push(1), () => ran.push(2), () => ran.push(3)], 1000);
    expect(ran).toEqual([]);
    browser.idle();
    expect(ran).toEqual([1]);
    browser.idle();
    browser.idle();
    expect(ran).toEqual([1, 2, 3]);
    expect(browser.waiting()).toBe(0);
  });

  it('stops: the waiting step is cancelled and none after it runs', () => {
    const browser = fakeIdle();
    const ran: number[] = [];
    const stop = whenIdleEach([() => ran.push(1), () => ran.push(2), () => ran.push(3)], 1000);
    browser.idle();
    stop();
    expect(browser.waiting()).toBe(0);
    browser.idle();
    expect(ran).toEqual([1]);
  });

  it('stopped from inside a step, schedules nothing more', () => {
    const browser = fakeIdle();
    const ran: number[] = [];
    const stop = whenIdleEach(
      [
        () => {
          ran.push(1);
          stop();
        },
        () => ran.push(2),
      ],
      1000,
    );
    browser.idle();
    browser.idle();
    expect(ran).toEqual([1]);
    expect(browser.waiting()).toBe(0);
  });
});
