// Unit tests of the per-frame chat event batcher (renderer/src/chat/event-batcher.ts).
import { describe, expect, it } from 'vitest';
import {
  createChatEventBatcher,
  createUpdateScheduler,
} from '../../../../renderer/src/chat/event-batcher';
import type { ChatEvent } from '../../../../shared/types';

function delta(messageId: string, content: string, reasoning = ''): ChatEvent {
  return { type: 'delta', conversationId: 'c1', messageId, content, reasoning };
}

function harness() {
  const applied: ChatEvent[][] = [];
  const frames: Array<() => void> = [];
  const batcher = createChatEventBatcher(
    (events) => applied.push(events),
    (flush) => frames.push(flush),
  );
  const runFrame = () => frames.splice(0).forEach((flush) => flush());
  return { applied, frames, batcher, runFrame };
}

describe('createChatEventBatcher', () => {
  it('applies nothing until the frame, then merges a message’s deltas into one', () => {
    const { applied, frames, batcher, runFrame } = harness();
    batcher.push(delta('m1', 'Hel', 'a'));
    batcher.push(delta('m1', 'lo', 'b'));
    batcher.push(delta('m1', '!'));
    expect(applied).toEqual([]);
    expect(frames).toHaveLength(1);
    runFrame();
    expect(applied).toEqual([[delta('m1', 'Hello!', 'ab')]]);
  });

  it('keeps other events in order and does not merge across them', () => {
    const { applied, batcher, runFrame } = harness();
    const question = {
      id: 'q2',
      role: 'user' as const,
      content: 'Next?',
      createdAt: '2026-01-01T00:00:00.000Z',
      status: 'done' as const,
    };
    const summary = {
      id: 'c1',
      title: 'Next?',
      pinned: false,
      createdAt: question.createdAt,
      updatedAt: question.createdAt,
      model: 'x',
      messageCount: 4,
    };
    const start: ChatEvent = {
      type: 'start',
      conversationId: 'c1',
      messageId: 'm2',
      model: 'x',
      question,
      contextStart: 0,
      summary,
    };
    batcher.push(delta('m1', 'a'));
    batcher.push(start);
    batcher.push(delta('m2', 'b'));
    batcher.push(delta('m2', 'c'));
    runFrame();
    expect(applied).toEqual([[delta('m1', 'a'), start, delta('m2', 'bc')]]);
  });

  it('schedules one frame per batch and a new one after flushing', () => {
    const { applied, frames, batcher, runFrame } = harness();
    batcher.push(delta('m1', 'a'));
    runFrame();
    batcher.push(delta('m1', 'b'));
    expect(frames).toHaveLength(1);
    batcher.flush();
    expect(applied).toEqual([[delta('m1', 'a')], [delta('m1', 'b')]]);
    runFrame();
    expect(applied).toHaveLength(2);
  });
});

describe('createUpdateScheduler', () => {
  function clock(hidden = false) {
    let now = 1000;
    const timers: Array<{ at: number; run: () => void }> = [];
    const fake = {
      now: () => now,
      setTimeout: (run: () => void, ms: number) => void timers.push({ at: now + ms, run }),
      hidden: () => hidden,
    };
    /** Moves the clock to `to`, running the timers due by then in order. */
    const advance = (to: number) => {
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > to) break;
        timers.shift();
        now = next.at;
        next.run();
      }
      now = to;
    };
    return { fake, timers, advance };
  }

  it('runs the first flush in a timer task at once, then at most every interval', () => {
    const { fake, timers, advance } = clock();
    const schedule = createUpdateScheduler(fake, 80, 50);
    const ranAt: number[] = [];
    schedule(() => ranAt.push(fake.now()));
    expect(timers).toHaveLength(1);
    expect(timers[0]?.at).toBe(1000);
    advance(1000);
    expect(ranAt).toEqual([1000]);
    advance(1010);
    schedule(() => ranAt.push(fake.now()));
    advance(1079);
    expect(ranAt).toEqual([1000]);
    advance(1080);
    expect(ranAt).toEqual([1000, 1080]);
    // Long after the last flush, the next one does not wait.
    advance(2000);
    schedule(() => ranAt.push(fake.now()));
    advance(2000);
    expect(ranAt).toEqual([1000, 1080, 2000]);
  });

  it('waits at least the hidden minimum in a hidden window', () => {
    const { fake, advance } = clock(true);
    const schedule = createUpdateScheduler(fake, 80, 50);
    const ranAt: number[] = [];
    schedule(() => ranAt.push(fake.now()));
    advance(1049);
    expect(ranAt).toEqual([]);
    advance(1050);
    expect(ranAt).toEqual([1050]);
  });

  it('feeds a batcher: deltas pushed before the timer fires arrive as one update', () => {
    const { fake, advance } = clock();
    const applied: ChatEvent[][] = [];
    const batcher = createChatEventBatcher(
      (events) => applied.push(events),
      createUpdateScheduler(fake, 80, 50),
    );
    batcher.push(delta('m1', 'a'));
    batcher.push(delta('m1', 'b'));
    advance(1000);
    batcher.push(delta('m1', 'c'));
    advance(1040);
    batcher.push(delta('m1', 'd'));
    advance(1080);
    expect(applied).toEqual([[delta('m1', 'ab')], [delta('m1', 'cd')]]);
  });
});
