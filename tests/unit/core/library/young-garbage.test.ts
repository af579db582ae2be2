// The young-garbage meter: a young collection each time enough spent bytes have passed, and the runtime's collector really freeing a dropped buffer.
import { describe, expect, it } from 'vitest';
import {
  runtimeCollector,
  youngGarbageMeter,
  type Collect,
} from '../../../../electron/core/library/young-garbage';

const MB = 1024 * 1024;

describe('youngGarbageMeter', () => {
  it('collects once each time the given bytes have passed, young generation only', () => {
    const calls: Array<Parameters<Collect>[0]> = [];
    const spent = youngGarbageMeter(2 * MB, () => (options) => calls.push(options));
    const answers = [1, 1, 1, 0.5, 0.5, 3].map((mb) => spent(mb * MB));
    expect(answers).toEqual([false, true, false, false, true, true]);
    expect(calls).toEqual(Array(3).fill({ type: 'minor', execution: 'sync' }));
  });

  it('does nothing where the runtime gives no collector', () => {
    const spent = youngGarbageMeter(1, () => null);
    expect(spent(10)).toBe(false);
  });

  it('frees a dropped buffer on this runtime through its own collector', async () => {
    expect(runtimeCollector()).toBeTypeOf('function');
    const before = process.memoryUsage().arrayBuffers;
    // Allocated, filled and dropped inside a call, so nothing here still holds it.
    const grew = (() => {
      const dropped = Buffer.allocUnsafeSlow(16 * MB).fill(1);
      return process.memoryUsage().arrayBuffers - before >= dropped.length;
    })();
    expect(grew).toBe(true);
    expect(youngGarbageMeter(1)(1)).toBe(true);
    // The freed buffers are swept off the main thread.
    await new Promise((done) => setTimeout(done, 100));
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(8 * MB);
  });
});
