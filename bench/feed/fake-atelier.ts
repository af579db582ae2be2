// In-page stand-in for window.atelier: answers from a fixture and streams the answer at a fixed rate.
import type { AtelierApi, EventPayloads } from '../../shared/channels';
import { CHAT_DELTA_INTERVAL_MS } from '../../shared/chat-stream';
import { summaryOf } from '../../shared/conversations';
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
import { installCompareFeed } from './fake-compare';

declare global {
  interface Window {
    benchFeed?: {
      streamAnswer(instrumented: boolean): Promise<StreamOutcome>;
      endWindow(): LongTaskTally;
    };
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
  customRequestsPerSecond: 1,
  defaultModel: 'bench/model',
  language: 'en',
  theme: 'light',
  keySet: true,
  keyLast4: 'b3nc',
  demo: false,
  keyElsewhere: null,
  keyStorage: 'saved',
  keychain: true,
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
 * goes out with the question and the new list entry, then the chunks on a fixed clock (late timers catch up, so a
 * busy page gets the same text by the same time), forwarded as core forwards them, then 'done'. Instrumented, it
 * also counts frames (a requestAnimationFrame loop, which itself makes the page run a frame every
 * vsync) and long tasks; uninstrumented, the page does only its own work.
 */
async function streamAnswer(instrumented: boolean): Promise<StreamOutcome> {
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
    question: fixture.question,
    contextStart: conversation.contextStart,
    summary: summaryOf(conversation),
  });
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

  if (instrumented) longTaskObserver.observe({ type: 'longtask' });
  const messageBoxFocused = document.activeElement?.getAttribute('aria-label') === 'Message';
  performance.mark('bench:stream-start');
  const started = performance.now();
  lastFrame = started;
  if (instrumented) requestAnimationFrame(countFrame);
  // Each update of the answer on screen is one batch of DOM mutations inside it.
  let answerUpdates = 0;
  const answerObserver = new MutationObserver(() => {
    answerUpdates += 1;
  });
  const answerElement = document.querySelector('article[aria-busy="true"]');
  if (instrumented && answerElement)
    answerObserver.observe(answerElement, { childList: true, subtree: true, characterData: true });

  let sent = 0;
  let deltasSent = 0;
  let deltaEvents = 0;
  let content = '';
  // The chunks reach core on the fixed clock; core forwards what has come at most every
  // CHAT_DELTA_INTERVAL_MS as one delta, so that is all the page sees (late timers catch up).
  await new Promise<void>((resolve) => {
    const forward = () => {
      const due = Math.min(
        fixture.chunks.length,
        Math.floor((performance.now() - started) / fixture.chunkIntervalMs) + 1,
      );
      let text = '';
      for (; sent < due; sent++) text += fixture.chunks[sent] ?? '';
      if (text !== '') {
        content += text;
        deltasSent += 1;
        deltaEvents += emit('chat.event', {
          type: 'delta',
          conversationId,
          messageId: fixture.answerId,
          content: text,
          reasoning: '',
        });
      }
      if (sent >= fixture.chunks.length) resolve();
      else setTimeout(forward, CHAT_DELTA_INTERVAL_MS);
    };
    forward();
  });
  const streamMs = performance.now() - started;
  counting = false;
  answerObserver.disconnect();

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
  emit('chat.event', {
    type: 'done',
    conversationId,
    message: done,
    summary: summaryOf(conversation),
  });
  performance.mark('bench:stream-done');
  return {
    chunksSent: sent,
    deltasSent,
    deltaEvents,
    answerUpdates,
    answerLength: content.length,
    streamMs,
    frames,
    longFrameGaps,
    longestFrameGapMs,
    messageBoxFocused,
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
installCompareFeed(
  emit,
  async () => (conversation ??= (await fixtureReady).conversation),
  (next) => (conversation = next),
);
