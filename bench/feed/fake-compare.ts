// In-page stand-in for a compare: several answers streamed at once on compare.event, each forwarded on core's 80 ms clock, with frames and long tasks counted.
import type { EventPayloads } from '../../shared/channels';
import { CHAT_DELTA_INTERVAL_MS } from '../../shared/chat-stream';
import { summaryOf } from '../../shared/conversations';
import type { ChatMessage, Conversation } from '../../shared/types';
import type { LongTaskTally } from './fixture';

export const COMPARE_FIXTURE_PATH = '/bench-compare.json';

export interface CompareFixture {
  question: ChatMessage;
  /** One entry per column: its model and its answer's chunks. */
  answers: Array<{ id: string; model: string; chunks: string[]; tokens: number }>;
  chunkIntervalMs: number;
}

export interface CompareOutcome {
  deltasSent: number;
  streamMs: number;
  /** requestAnimationFrame callbacks from the first delta to the last 'done'. */
  frames: number;
  longFrameGaps: number;
  longestFrameGapMs: number;
  answerLengths: number[];
}

declare global {
  interface Window {
    benchCompare?: { stream(): Promise<CompareOutcome>; endWindow(): LongTaskTally };
  }
}

type Emit = (event: 'compare.event', payload: EventPayloads['compare.event']) => number;

/**
 * Puts `window.benchCompare` in the page: `stream()` plays a compare as core does (the question
 * and the streaming answers as versions of one answer in 'start', then every column's deltas on
 * the fixed clock, at most one event per column per CHAT_DELTA_INTERVAL_MS, then each 'done').
 */
export function installCompareFeed(
  emit: Emit,
  conversationOf: () => Promise<Conversation>,
  setConversation: (conversation: Conversation) => void,
): void {
  const longTasks: LongTaskTally = { longTasks: 0, longestTaskMs: 0 };
  const tally = (entries: PerformanceEntryList) => {
    for (const entry of entries) {
      longTasks.longTasks += 1;
      longTasks.longestTaskMs = Math.max(longTasks.longestTaskMs, entry.duration);
    }
  };
  const observer = new PerformanceObserver((list) => tally(list.getEntries()));

  async function stream(): Promise<CompareOutcome> {
    const fixture = (await (await fetch(COMPARE_FIXTURE_PATH)).json()) as CompareFixture;
    const conversation = await conversationOf();
    const conversationId = conversation.id;
    const pending = fixture.answers.map((a): ChatMessage => ({
      id: a.id,
      role: 'assistant',
      content: '',
      createdAt: '2026-01-02T00:00:00.000Z',
      model: a.model,
      status: 'streaming',
    }));
    const [head, ...rest] = pending;
    const before = conversation.messages;
    const started: Conversation = {
      ...conversation,
      messages: [
        ...before,
        fixture.question,
        { ...head!, alternatives: rest.map((m) => [m]), alternativeIndex: 0 },
      ],
    };
    setConversation(started);
    emit('compare.event', {
      type: 'start',
      conversationId,
      question: fixture.question,
      answers: pending,
      contextStart: conversation.contextStart,
      questionIndex: before.length,
      summary: summaryOf(started),
    });
    await new Promise((resolve) => setTimeout(resolve, 500));

    let frames = 0;
    let longFrameGaps = 0;
    let longestFrameGapMs = 0;
    let counting = true;
    const t0 = performance.now();
    let lastFrame = t0;
    const countFrame = (now: number) => {
      if (!counting) return;
      frames += 1;
      const gap = now - lastFrame;
      if (gap > 50) longFrameGaps += 1;
      longestFrameGapMs = Math.max(longestFrameGapMs, gap);
      lastFrame = now;
      requestAnimationFrame(countFrame);
    };
    observer.observe({ type: 'longtask' });
    performance.mark('bench:compare-start');
    requestAnimationFrame(countFrame);

    const sent = fixture.answers.map(() => 0);
    const contents = fixture.answers.map(() => '');
    let deltasSent = 0;
    await new Promise<void>((resolve) => {
      const forward = () => {
        const due = Math.floor((performance.now() - t0) / fixture.chunkIntervalMs) + 1;
        let open = false;
        for (const [i, answer] of fixture.answers.entries()) {
          const upTo = Math.min(answer.chunks.length, due);
          let text = '';
          for (; sent[i]! < upTo; sent[i]!++) text += answer.chunks[sent[i]!] ?? '';
          if (text !== '') {
            if (contents[i] === '')
              emit('compare.event', {
                type: 'firstToken',
                conversationId,
                messageId: answer.id,
                firstTokenMs: 400 + i * 50,
              });
            contents[i] += text;
            deltasSent += 1;
            emit('compare.event', {
              type: 'delta',
              conversationId,
              messageId: answer.id,
              content: text,
              reasoning: '',
            });
          }
          if (sent[i]! < answer.chunks.length) open = true;
        }
        if (open) setTimeout(forward, CHAT_DELTA_INTERVAL_MS);
        else resolve();
      };
      forward();
    });
    const streamMs = performance.now() - t0;
    counting = false;
    for (const [i, answer] of fixture.answers.entries()) {
      const done: ChatMessage = {
        ...pending[i]!,
        content: contents[i]!,
        status: 'done',
        usage: {
          promptTokens: 90_000,
          completionTokens: answer.tokens,
          totalTokens: 90_000 + answer.tokens,
          cost: '0.4',
        },
        timing: { firstTokenMs: 400 + i * 50, streamMs },
      };
      emit('compare.event', {
        type: 'done',
        conversationId,
        message: done,
        summary: summaryOf(started),
      });
    }
    performance.mark('bench:compare-done');
    return {
      deltasSent,
      streamMs,
      frames,
      longFrameGaps,
      longestFrameGapMs,
      answerLengths: contents.map((c) => c.length),
    };
  }

  function endWindow(): LongTaskTally {
    performance.mark('bench:settled');
    tally(observer.takeRecords());
    observer.disconnect();
    return longTasks;
  }

  window.benchCompare = { stream, endWindow };
}
