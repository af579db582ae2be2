// In-page stand-in for window.atelier: answers from a fixture and streams the answer at a fixed rate.
import type { AtelierApi, EventPayloads } from '../../shared/channels';
import type { EventChannel, InvokeChannel } from '../../shared/channel-names';
import type {
  Balance,
  ChatMessage,
  Conversation,
  Envelope,
  ModelInfo,
  SettingsView,
} from '../../shared/types';
import {
  FIXTURE_PATH,
  type LongTaskTally,
  type StreamFixture,
  type StreamOutcome,
} from './fixture';

declare global {
  interface Window {
    benchFeed?: { streamAnswer(): Promise<StreamOutcome>; endWindow(): LongTaskTally };
  }
}

const fixtureReady: Promise<StreamFixture> = fetch(FIXTURE_PATH).then(
  (response) => response.json() as Promise<StreamFixture>,
);

const listeners = new Map<EventChannel, Set<(payload: never) => void>>();
let conversation: Conversation | null = null;

/** Delivers an event to the page's listeners; returns how many got it. */
function emit<E extends EventChannel>(event: E, payload: EventPayloads[E]): number {
  const current = [...(listeners.get(event) ?? [])];
  for (const listener of current) (listener as (payload: EventPayloads[E]) => void)(payload);
  return current.length;
}

const settings: SettingsView = {
  baseUrl: 'https://gateway.invalid/v1',
  ratePlan: 'fast',
  defaultModel: 'bench/model',
  language: 'en',
  theme: 'light',
  keySet: true,
  keyLast4: 'b3nc',
  demo: false,
};

const balance: Balance = {
  state: 'ok',
  credits: '1000.00',
  userStatus: 0,
  userStatusText: 'ok',
  subscriptionStatus: null,
  subscriptionEnd: null,
  subscriptionEndUtc: null,
  reason: null,
  error: null,
  checkedAt: '2026-01-01T00:00:00.000Z',
};

function models(model: string): ModelInfo[] {
  return [
    {
      id: model,
      name: 'Bench model',
      kind: 'chat',
      promptPrice: '0.1',
      completionPrice: '0.2',
      contextLength: 200_000,
      badges: [],
      description: null,
    },
  ];
}

/** Core answers over IPC: a copy, a turn of the event loop later. */
function answer<T>(data: T): Promise<Envelope<T>> {
  return new Promise((resolve) =>
    setTimeout(() => resolve({ ok: true, data: structuredClone(data) }), 0),
  );
}

async function invoke(channel: InvokeChannel, _input: unknown): Promise<Envelope<unknown>> {
  const fixture = await fixtureReady;
  conversation ??= fixture.conversation;
  const { id, title, pinned, createdAt, updatedAt, model, messageCount } = conversation;
  switch (channel) {
    case 'settings.get':
      return answer(settings);
    case 'models.list':
      return answer(models(fixture.model));
    case 'balance.get':
      return answer(balance);
    case 'conversations.list':
      return answer({
        items: [{ id, title, pinned, createdAt, updatedAt, model, messageCount }],
        problems: [],
      });
    case 'conversations.get':
      return answer(conversation);
    case 'conversations.search':
      return answer([]);
    default:
      return {
        ok: false,
        error: { code: 'invalid_input', message: 'bench', status: null, retryable: false },
      };
  }
}

function withMessages(messages: ChatMessage[]): Conversation {
  const base = conversation as Conversation;
  return { ...base, messages, messageCount: messages.length };
}

const longTasks: LongTaskTally = { longTasks: 0, longestTaskMs: 0 };

function tallyLongTasks(entries: PerformanceEntryList): void {
  for (const entry of entries) {
    longTasks.longTasks += 1;
    longTasks.longestTaskMs = Math.max(longTasks.longestTaskMs, entry.duration);
  }
}

const longTaskObserver = new PerformanceObserver((list) => tallyLongTasks(list.getEntries()));

/**
 * Plays one turn the way core does: the question and an empty streaming answer are saved, 'start'
 * and 'conversations.changed' go out, then one delta per chunk on a fixed clock (late timers
 * catch up, so a busy page gets the same text by the same time), then 'done'.
 */
async function streamAnswer(): Promise<StreamOutcome> {
  const fixture = await fixtureReady;
  conversation ??= fixture.conversation;
  const conversationId = conversation.id;
  const pending: ChatMessage = {
    id: fixture.answerId,
    role: 'assistant',
    content: '',
    createdAt: '2026-01-02T00:00:00.000Z',
    model: fixture.model,
    status: 'streaming',
  };
  const before = conversation.messages;
  conversation = withMessages([...before, fixture.question, pending]);
  emit('chat.event', {
    type: 'start',
    conversationId,
    messageId: fixture.answerId,
    model: fixture.model,
  });
  emit('conversations.changed', { id: conversationId });
  await new Promise((resolve) => setTimeout(resolve, 500));

  let frames = 0;
  let longFrameGaps = 0;
  let longestFrameGapMs = 0;
  let lastFrame = 0;
  let counting = true;
  const countFrame = (now: number) => {
    if (!counting) return;
    frames += 1;
    const gap = now - lastFrame;
    if (gap > 50) longFrameGaps += 1;
    longestFrameGapMs = Math.max(longestFrameGapMs, gap);
    lastFrame = now;
    requestAnimationFrame(countFrame);
  };

  longTaskObserver.observe({ type: 'longtask' });
  performance.mark('bench:stream-start');
  const started = performance.now();
  lastFrame = started;
  requestAnimationFrame(countFrame);
  let sent = 0;
  let deltaEvents = 0;
  let content = '';
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(
        fixture.chunks.length,
        Math.floor((performance.now() - started) / fixture.chunkIntervalMs) + 1,
      );
      for (; sent < due; sent++) {
        const chunk = fixture.chunks[sent] ?? '';
        content += chunk;
        deltaEvents += emit('chat.event', {
          type: 'delta',
          conversationId,
          messageId: fixture.answerId,
          content: chunk,
          reasoning: '',
        });
      }
      if (sent >= fixture.chunks.length) resolve();
      else setTimeout(tick, fixture.chunkIntervalMs);
    };
    tick();
  });
  const streamMs = performance.now() - started;
  counting = false;

  const done: ChatMessage = {
    ...pending,
    content,
    status: 'done',
    usage: {
      promptTokens: 90_000,
      completionTokens: fixture.tokens,
      totalTokens: 110_000,
      cost: '0.4',
    },
  };
  conversation = withMessages([...before, fixture.question, done]);
  emit('chat.event', { type: 'done', conversationId, message: done });
  emit('conversations.changed', { id: conversationId });
  performance.mark('bench:stream-done');
  return {
    chunksSent: sent,
    deltaEvents,
    answerLength: content.length,
    streamMs,
    frames,
    longFrameGaps,
    longestFrameGapMs,
  };
}

/** Closes the measured window (the page has settled after 'done'): marks it, returns the long tasks. */
function endWindow(): LongTaskTally {
  performance.mark('bench:settled');
  tallyLongTasks(longTaskObserver.takeRecords());
  longTaskObserver.disconnect();
  return longTasks;
}

const api: AtelierApi = {
  platform: 'web',
  invoke: invoke as AtelierApi['invoke'],
  on(event, listener) {
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    const entry = listener as (payload: never) => void;
    set.add(entry);
    return () => {
      set.delete(entry);
    };
  },
};

Object.defineProperty(window, 'atelier', { value: Object.freeze(api), enumerable: true });
window.benchFeed = { streamAnswer, endWindow };
