// Unit tests of the per-frame chat event batcher (renderer/src/chat/event-batcher.ts).
import { describe, expect, it } from 'vitest';
import {
  createChatEventBatcher,
  STREAM_UPDATE_MS,
  streamUpdateDelay,
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

describe('streamUpdateDelay', () => {
  it('shows the first update, and any that is due, at once', () => {
    expect(streamUpdateDelay(Infinity, false)).toBe('now');
    expect(streamUpdateDelay(STREAM_UPDATE_MS, false)).toBe('now');
    expect(streamUpdateDelay(STREAM_UPDATE_MS + 500, false)).toBe('now');
  });

  it('shows an update due in a few milliseconds at once, not after a timer of its own', () => {
    // Core's deltas come about every 80 ms, a little early or late.
    expect(streamUpdateDelay(STREAM_UPDATE_MS - 3, false)).toBe('now');
    expect(streamUpdateDelay(STREAM_UPDATE_MS - 20, false)).toBe('now');
  });

  it('waits out the rest of the interval when deltas come faster', () => {
    expect(streamUpdateDelay(10, false)).toBe(STREAM_UPDATE_MS - 10);
    expect(streamUpdateDelay(STREAM_UPDATE_MS - 21, false)).toBe(21);
    expect(streamUpdateDelay(0, false)).toBe(STREAM_UPDATE_MS);
  });

  it('never shows updates faster than one per 60 ms however the deltas come', () => {
    // Deltas every millisecond for two seconds: updates are shown as the rule allows.
    const shown: number[] = [];
    let last = -Infinity;
    let pendingAt: number | null = null;
    for (let now = 0; now < 2000; now++) {
      if (pendingAt !== null && now >= pendingAt) {
        shown.push(now);
        last = now;
        pendingAt = null;
      }
      if (pendingAt !== null) continue;
      const delay = streamUpdateDelay(now - last, false);
      if (delay === 'now') {
        shown.push(now);
        last = now;
      } else pendingAt = now + delay;
    }
    const gaps = shown.slice(1).map((at, i) => at - shown[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(STREAM_UPDATE_MS - 20);
    expect(shown.length).toBeGreaterThan(20);
  });

  it('waits at least 50 ms while the page is hidden (it paints nothing then)', () => {
    expect(streamUpdateDelay(Infinity, true)).toBe(50);
    expect(streamUpdateDelay(STREAM_UPDATE_MS - 3, true)).toBe(50);
    expect(streamUpdateDelay(10, true)).toBe(STREAM_UPDATE_MS - 10);
  });
});
