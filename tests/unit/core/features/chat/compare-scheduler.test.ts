// Over the simulator: a compare's requests take their turns in the account's request rate one by one, as every call does, read from the scheduler's own grants and departures.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CompareEvent } from '../../../../../shared/compare';
import { wireMarginMs } from '../../../../../shared/rate';
import { createCompareRunner } from '../../../../../electron/core/features/chat/compare';
import { flushAtomicWrites } from '../../../../../electron/core/library/atomic-write';
import { openConversationLibrary } from '../../../../../electron/core/library/conversations';
import { createServiceClient } from '../../../../../electron/core/service/client';
import { createScheduler } from '../../../../../electron/core/service/scheduler';
import type { RequestScheduler } from '../../../../../electron/core/service/types';
import { env } from '../../simulated-core';

interface Mark {
  what: 'asked' | 'granted' | 'departed';
  priority: string;
  at: number;
}

/** The scheduler core uses, its every grant and departure written down with its own clock. */
function recordedScheduler(perSecond: number) {
  let clock = 0;
  const now = () => (clock = Math.max(clock, Date.now()));
  const inner = createScheduler({ plan: 'custom', customPerSecond: perSecond, now });
  const marks: Mark[] = [];
  const scheduler: RequestScheduler = {
    ...inner,
    async reserveSlot(priority, signal) {
      marks.push({ what: 'asked', priority, at: now() });
      const slot = await inner.reserveSlot(priority, signal);
      marks.push({ what: 'granted', priority, at: now() });
      let first = true;
      return {
        departed() {
          if (first) marks.push({ what: 'departed', priority, at: now() });
          first = false;
          slot.departed();
        },
        release: () => slot.release(),
      };
    },
  };
  return { scheduler, marks, intervalMs: () => inner.intervalMs() };
}

describe('Compare and the account’s request rate', () => {
  it('starts each model’s request in its own turn of the scheduler, spaced by its interval', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atelier-compare-'));
    const library = await openConversationLibrary(dir, { indexDelayMs: 5 });
    const { scheduler, marks, intervalMs } = recordedScheduler(5);
    const client = createServiceClient({
      connection: () => ({ baseUrl: env.sim.baseUrl, apiKey: 'sim-fast' }),
      scheduler,
    });
    const events: CompareEvent[] = [];
    const runner = createCompareRunner({
      library,
      client,
      contextLengthOf: () => null,
      emit: () => undefined,
      emitCompare: (e) => events.push(e),
      busy: () => false,
    });
    try {
      const c = await library.create({ model: 'openai/gpt-4o-mini' });
      const models = ['openai/gpt-4o-mini', 'anthropic/claude-3.5-sonnet', 'deepseek/deepseek-r1'];
      await runner.start({ conversationId: c.id, text: 'Hello', models });
      await runner.settled(c.id);
      expect(events.filter((e) => e.type === 'done')).toHaveLength(3);

      // Every request asked for its turn as a person's, and they went one at a time: each grant
      // came after the previous request had left, at least the interval (and its margin) later.
      expect(marks.filter((m) => m.what === 'asked').map((m) => m.priority)).toEqual([
        'user',
        'user',
        'user',
      ]);
      const order = marks.filter((m) => m.what !== 'asked').map((m) => m.what);
      expect(order).toEqual(['granted', 'departed', 'granted', 'departed', 'granted', 'departed']);
      const grants = marks.filter((m) => m.what === 'granted');
      const departures = marks.filter((m) => m.what === 'departed');
      const spacing = intervalMs() + wireMarginMs(intervalMs());
      for (let i = 1; i < grants.length; i++)
        expect(grants[i]!.at - departures[i - 1]!.at).toBeGreaterThanOrEqual(spacing);
    } finally {
      await runner.dispose();
      await library.flush();
      await flushAtomicWrites();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
