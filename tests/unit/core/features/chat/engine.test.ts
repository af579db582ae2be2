// The chat engine against a fake service client: requests, context checks, stop, regenerate, edit, batching, saves.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatEvent, ChatMessage, Conversation } from '../../../../../shared/types';
import {
  type ChatEngine,
  CONTINUE_INSTRUCTION,
  createChatEngine,
  planContext,
} from '../../../../../electron/core/features/chat/engine';
import { flushAtomicWrites } from '../../../../../electron/core/library/atomic-write';
import { CHAT_DELTA_INTERVAL_MS } from '../../../../../shared/chat-stream';
import {
  type ConversationLibrary,
  openConversationLibrary,
} from '../../../../../electron/core/library/conversations';
import { ServiceError, serviceError } from '../../../../../electron/core/service/errors';
import type {
  ChatRequest,
  ChatResult,
  ChatStreamOptions,
  ServiceClient,
} from '../../../../../electron/core/service/types';
import { chunk, clientFor, closeLocalServers, startLocal } from '../../service/client-harness';
import { fillDisk } from '../../disk-full';

/** One chatStream call the test drives by hand. */
interface FakeCall {
  request: ChatRequest;
  options: ChatStreamOptions;
  push(content: string, reasoning?: string): void;
  finish(result?: Partial<ChatResult>): void;
  fail(error: unknown): void;
}

function fakeClient() {
  const calls: FakeCall[] = [];
  const client: Pick<ServiceClient, 'chatStream'> = {
    chatStream(request, options = {}) {
      return new Promise<ChatResult>((resolve, reject) => {
        let content = '';
        let reasoning = '';
        options.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
        calls.push({
          request: structuredClone(request),
          options,
          push(c, r = '') {
            content += c;
            reasoning += r;
            options.onDelta?.(c, r);
          },
          finish(result = {}) {
            resolve({ content, reasoning, finishReason: 'stop', usage: null, ...result });
          },
          fail: reject,
        });
      });
    },
  };
  return { client, calls };
}

let dir: string;
let library: ConversationLibrary;
let events: ChatEvent[];
let calls: FakeCall[];
let engine: ChatEngine;
let contextLength: number | null;
let paidCalls: number;

function makeEngine(extra: { saveIntervalMs?: number; deltaIntervalMs?: number } = {}): ChatEngine {
  const fake = fakeClient();
  calls = fake.calls;
  return createChatEngine({
    library,
    client: fake.client,
    contextLengthOf: () => contextLength,
    emit: (e) => events.push(e),
    onPaidCall: () => paidCalls++,
    ...extra,
  });
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-chat-'));
  library = await openConversationLibrary(dir, { indexDelayMs: 5 });
  events = [];
  contextLength = 128_000;
  paidCalls = 0;
  engine = makeEngine();
});

afterEach(async () => {
  await engine.dispose();
  await library.flush();
  await flushAtomicWrites();
  await rm(dir, { recursive: true, force: true });
});

const last = <T>(xs: readonly T[]): T => xs[xs.length - 1]!;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function onDisk(id: string): Promise<Conversation> {
  await library.flush();
  return JSON.parse(
    await readFile(join(dir, 'conversations', `${id}.json`), 'utf8'),
  ) as Conversation;
}

/** Sends and answers one turn. */
async function turn(conversationId: string, text: string, answer: string): Promise<void> {
  await engine.sendTurn({ conversationId, text });
  last(calls).push(answer);
  last(calls).finish();
  await engine.settled(conversationId);
}

function answered(
  message: Partial<ChatMessage>,
  role: ChatMessage['role'] = 'assistant',
): ChatMessage {
  return {
    id: `m-${Math.random().toString(36).slice(2)}`,
    role,
    content: '',
    createdAt: new Date().toISOString(),
    status: 'done',
    ...message,
  };
}

describe('chat engine requests', () => {
  it('sends the whole history with earlier answers as assistant messages, system prompt first', async () => {
    const c = await library.create({ model: 'openai/gpt-4o-mini' });
    await library.update(c.id, { systemPrompt: 'Be brief.', temperature: 0.3 });
    await turn(c.id, 'Hi', 'Hello!');
    await engine.sendTurn({ conversationId: c.id, text: 'And again?' });

    const req = last(calls).request;
    expect(req.model).toBe('openai/gpt-4o-mini');
    expect(req.temperature).toBe(0.3);
    expect(req.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello!' },
      { role: 'user', content: 'And again?' },
    ]);
  });

  it('leaves out failed answers and omits temperature when unset', async () => {
    const c = await library.create({ model: 'm/a' });
    await engine.sendTurn({ conversationId: c.id, text: 'first' });
    last(calls).push('half an ans');
    last(calls).fail(serviceError('server_error', 'Internal error', 500));
    await engine.settled(c.id);
    await engine.sendTurn({ conversationId: c.id, text: 'second' });
    const req = last(calls).request;
    expect(req.temperature).toBeUndefined();
    expect(req.messages).toEqual([
      { role: 'user', content: 'first' },
      { role: 'user', content: 'second' },
    ]);
  });

  it('caps max_tokens: 4096 by default, half of a small context, the chosen value within the context', async () => {
    const c = await library.create({ model: 'm/a' });
    await turn(c.id, 'one', 'ok');
    expect(last(calls).request.max_tokens).toBe(4096);

    contextLength = 4000;
    await turn(c.id, 'two', 'ok');
    expect(last(calls).request.max_tokens).toBe(2000);

    await library.update(c.id, { maxTokens: 1000 });
    await turn(c.id, 'three', 'ok');
    expect(last(calls).request.max_tokens).toBe(1000);

    contextLength = null;
    await library.update(c.id, { maxTokens: null });
    await turn(c.id, 'four', 'ok');
    expect(last(calls).request.max_tokens).toBe(4096);
  });
});

describe('context check', () => {
  /** 35 characters: 10 estimated tokens, 14 with the per-message overhead. */
  const chunk = 'x'.repeat(35);

  async function longConversation(): Promise<Conversation> {
    const c = await library.create({ model: 'm/small' });
    for (let i = 0; i < 3; i++) {
      c.messages.push(answered({ content: chunk }, 'user'), answered({ content: chunk }));
    }
    await library.save(c);
    return c;
  }

  it('refuses before sending, with needed, limit and how many old messages would have to go', async () => {
    const c = await longConversation();
    contextLength = 100; // max_tokens becomes 50; 6 old messages (84) + the new one (14) + 50 = 148.
    const failure = await engine
      .sendTurn({ conversationId: c.id, text: chunk })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ServiceError);
    const { error } = failure as ServiceError;
    expect(error.code).toBe('context_exceeded');
    expect(error.details).toEqual({ needed: 148, limit: 100, trimmable: 4 });
    expect(calls).toHaveLength(0);
    expect((await library.get(c.id)).messages).toHaveLength(6);
    expect(engine.isRunning(c.id)).toBe(false);
  });

  it('with trimOldest, drops the fewest oldest turns, saves contextStart, and sends', async () => {
    const c = await longConversation();
    contextLength = 100;
    await engine.sendTurn({ conversationId: c.id, text: 'new question', trimOldest: true });
    const sent = last(calls).request.messages;
    expect(sent).toHaveLength(3);
    expect(last(sent)).toEqual({ role: 'user', content: 'new question' });
    expect((await library.get(c.id)).contextStart).toBe(4);
    expect((await onDisk(c.id)).contextStart).toBe(4);
    expect((await onDisk(c.id)).messages).toHaveLength(8);
  });

  it('says trimming cannot help when the new message alone does not fit', async () => {
    const c = await library.create({ model: 'm/tiny' });
    contextLength = 20;
    const failure = (await engine
      .sendTurn({ conversationId: c.id, text: 'y'.repeat(200), trimOldest: true })
      .catch((e: unknown) => e)) as ServiceError;
    expect(failure.error.code).toBe('context_exceeded');
    expect(failure.error.details?.trimmable).toBe(0);
  });
});

describe('streaming', () => {
  it('batches deltas into few events that add up to the whole text', async () => {
    const c = await library.create({ model: 'm/a' });
    const { messageId } = await engine.sendTurn({ conversationId: c.id, text: 'go' });
    const words = Array.from({ length: 300 }, (_, i) => `w${i} `);
    for (const w of words) last(calls).push(w);
    await wait(CHAT_DELTA_INTERVAL_MS + 40);
    const deltas = events.filter(
      (e): e is Extract<ChatEvent, { type: 'delta' }> => e.type === 'delta',
    );
    // The first word at once, the other 299 together one interval later.
    expect(deltas.map((d) => d.content)).toEqual([words[0], words.slice(1).join('')]);
    expect(deltas.map((d) => d.content).join('')).toBe(words.join(''));
    expect(deltas.every((d) => d.messageId === messageId)).toBe(true);

    last(calls).finish({
      usage: { promptTokens: 3, completionTokens: 300, totalTokens: 303, cost: '0.0012' },
    });
    await engine.settled(c.id);
    const done = last(events);
    expect(done.type).toBe('done');
    if (done.type !== 'done') return;
    expect(done.message).toMatchObject({ status: 'done', content: words.join(''), model: 'm/a' });
    expect(done.message.usage?.cost).toBe('0.0012');
    expect(events[0]).toMatchObject({ type: 'start', messageId, model: 'm/a' });
    expect(paidCalls).toBe(1);
  });

  it('sends text that follows a pause at once', async () => {
    const c = await library.create({ model: 'm/a' });
    await engine.sendTurn({ conversationId: c.id, text: 'go' });
    const deltaCount = () => events.filter((e) => e.type === 'delta').length;
    last(calls).push('first ');
    expect(deltaCount()).toBe(1);
    await wait(CHAT_DELTA_INTERVAL_MS + 20);
    last(calls).push('after a pause');
    expect(deltaCount()).toBe(2);
    last(calls).push(' and more');
    expect(deltaCount()).toBe(2);
    last(calls).finish();
    await engine.settled(c.id);
    const deltas = events.filter(
      (e): e is Extract<ChatEvent, { type: 'delta' }> => e.type === 'delta',
    );
    expect(deltas.map((d) => d.content)).toEqual(['first ', 'after a pause', ' and more']);
  });

  it('sends at most one delta event per batching interval while text trickles in', async () => {
    const c = await library.create({ model: 'm/a' });
    await engine.sendTurn({ conversationId: c.id, text: 'go' });
    const started = Date.now();
    let pushed = '';
    while (Date.now() - started < 3 * CHAT_DELTA_INTERVAL_MS) {
      last(calls).push('x');
      pushed += 'x';
      await wait(2);
    }
    last(calls).finish();
    await engine.settled(c.id);
    const deltas = events.filter(
      (e): e is Extract<ChatEvent, { type: 'delta' }> => e.type === 'delta',
    );
    const elapsed = Date.now() - started;
    // One event per interval at most, plus the final flush.
    expect(deltas.length).toBeLessThanOrEqual(Math.ceil(elapsed / CHAT_DELTA_INTERVAL_MS) + 1);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((d) => d.content).join('')).toBe(pushed);
  });

  it('saves the partial answer while streaming, and the final one at the end', async () => {
    await engine.dispose();
    engine = makeEngine({ saveIntervalMs: 40 });
    const c = await library.create({ model: 'm/a' });
    await engine.sendTurn({ conversationId: c.id, text: 'write' });
    last(calls).push('partial text', 'thinking');
    await wait(120);
    const mid = await onDisk(c.id);
    expect(last(mid.messages)).toMatchObject({
      status: 'streaming',
      content: 'partial text',
      reasoning: 'thinking',
    });

    last(calls).push(' and the rest');
    last(calls).finish();
    await engine.settled(c.id);
    const end = await onDisk(c.id);
    expect(last(end.messages)).toMatchObject({
      status: 'done',
      content: 'partial text and the rest',
    });
  });

  it('stop keeps what arrived, with status stopped', async () => {
    const c = await library.create({ model: 'm/a' });
    await engine.sendTurn({ conversationId: c.id, text: 'long story' });
    last(calls).push('Once ');
    last(calls).push('upon');
    expect(await engine.stop(c.id)).toEqual({ stopped: true });
    expect(engine.isRunning(c.id)).toBe(false);
    const final = last(events);
    expect(final).toMatchObject({
      type: 'done',
      message: { status: 'stopped', content: 'Once upon' },
    });
    expect(last((await onDisk(c.id)).messages)).toMatchObject({
      status: 'stopped',
      content: 'Once upon',
    });
    expect(await engine.stop(c.id)).toEqual({ stopped: false });
  });

  it('saves a failed answer with its error and the text that arrived', async () => {
    const c = await library.create({ model: 'm/a' });
    await engine.sendTurn({ conversationId: c.id, text: 'q' });
    last(calls).push('abc');
    last(calls).fail(serviceError('bad_gateway', 'EDGE_FUNCTION_INVOCATION_FAILED', 502));
    await engine.settled(c.id);
    const failed = last(events);
    expect(failed.type).toBe('error');
    if (failed.type !== 'error') return;
    expect(failed.error.code).toBe('bad_gateway');
    expect(failed.message).toMatchObject({ status: 'error', content: 'abc' });
    expect(last((await onDisk(c.id)).messages).error?.message).toBe(
      'EDGE_FUNCTION_INVOCATION_FAILED',
    );
  });

  it('tells the renderer about automatic retries', async () => {
    const c = await library.create({ model: 'm/a' });
    const { messageId } = await engine.sendTurn({ conversationId: c.id, text: 'q' });
    last(calls).options.onRetry?.({
      attempt: 1,
      maxAttempts: 5,
      reason: 'upstream_timeout',
      untilMs: 42,
    });
    expect(events).toContainEqual({
      type: 'retrying',
      conversationId: c.id,
      messageId,
      attempt: 1,
      maxAttempts: 5,
      reason: 'upstream_timeout',
    });
    expect(events).toContainEqual({
      type: 'waiting',
      conversationId: c.id,
      messageId,
      untilMs: 42,
    });
  });

  it('runs one turn per conversation at a time', async () => {
    const c = await library.create({ model: 'm/a' });
    const other = await library.create({ model: 'm/a' });
    await engine.sendTurn({ conversationId: c.id, text: 'first' });
    const refused = (await engine
      .sendTurn({ conversationId: c.id, text: 'second' })
      .catch((e: unknown) => e)) as ServiceError;
    expect(refused.error.code).toBe('invalid_input');
    await engine.sendTurn({ conversationId: other.id, text: 'elsewhere' });
    expect(calls).toHaveLength(2);
    expect((await library.get(c.id)).messages.map((m) => m.content)).toEqual(['first', '']);
  });

  it('does not count a turn refused before reaching the service as paid', async () => {
    const c = await library.create({ model: 'm/a' });
    await engine.sendTurn({ conversationId: c.id, text: 'q' });
    last(calls).fail(serviceError('no_key', null));
    await engine.settled(c.id);
    expect(paidCalls).toBe(0);
  });
});

describe('regenerate and edit', () => {
  it('regenerate replaces the last answer', async () => {
    const c = await library.create({ model: 'm/a' });
    await turn(c.id, 'q1', 'a1');
    await turn(c.id, 'q2', 'a2');
    const { messageId } = await engine.regenerate({ conversationId: c.id });
    expect(last(calls).request.messages.map((m) => m.content)).toEqual(['q1', 'a1', 'q2']);
    last(calls).push('a2 again');
    last(calls).finish();
    await engine.settled(c.id);
    const after = await library.get(c.id);
    expect(after.messages.map((m) => m.content)).toEqual(['q1', 'a1', 'q2', 'a2 again']);
    expect(last(after.messages).id).toBe(messageId);
  });

  it('regenerate of an earlier answer drops it and what follows', async () => {
    const c = await library.create({ model: 'm/a' });
    await turn(c.id, 'q1', 'a1');
    await turn(c.id, 'q2', 'a2');
    const firstAnswer = (await library.get(c.id)).messages[1]!.id;
    await engine.regenerate({ conversationId: c.id, messageId: firstAnswer });
    expect(last(calls).request.messages.map((m) => m.content)).toEqual(['q1']);
    expect((await library.get(c.id)).messages.map((m) => m.content)).toEqual(['q1', '']);
  });

  it('edit-and-resend forks: the edited text is sent and the original branch stays a version', async () => {
    const c = await library.create({ model: 'm/a' });
    await turn(c.id, 'What is 2+2?', '4');
    await turn(c.id, 'And 3+3?', '6');
    const firstQuestion = (await library.get(c.id)).messages[0]!;
    await engine.editAndResend({
      conversationId: c.id,
      messageId: firstQuestion.id,
      text: 'What is 5+5?',
    });
    expect(last(calls).request.messages).toEqual([{ role: 'user', content: 'What is 5+5?' }]);
    last(calls).push('10');
    last(calls).finish();
    await engine.settled(c.id);
    const after = await library.get(c.id);
    expect(after.messages.map((m) => m.content)).toEqual(['What is 5+5?', '10']);
    expect(after.messages[0]!.id).not.toBe(firstQuestion.id);
    expect(after.messages[0]!.alternativeIndex).toBe(1);
    expect(after.messages[0]!.alternatives?.map((tail) => tail.map((m) => m.content))).toEqual([
      ['What is 2+2?', '4', 'And 3+3?', '6'],
    ]);
    expect(after.messages[0]!.alternatives?.[0]?.[0]?.id).toBe(firstQuestion.id);
    expect(after.title).toBe('What is 5+5?');
  });

  it('regenerate keeps every earlier answer as a version, the new one last', async () => {
    const c = await library.create({ model: 'm/a' });
    await turn(c.id, 'q1', 'a1');
    await turn(c.id, 'q2', 'a2');
    const firstAnswer = (await library.get(c.id)).messages[1]!;
    await engine.regenerate({ conversationId: c.id, messageId: firstAnswer.id });
    last(calls).push('a1 bis');
    last(calls).finish();
    await engine.settled(c.id);
    await engine.regenerate({ conversationId: c.id });
    last(calls).push('a1 ter');
    last(calls).finish();
    await engine.settled(c.id);
    const after = await library.get(c.id);
    expect(after.messages.map((m) => m.content)).toEqual(['q1', 'a1 ter']);
    const answer = after.messages[1]!;
    expect(answer.alternativeIndex).toBe(2);
    expect(answer.alternatives?.map((tail) => tail.map((m) => m.content))).toEqual([
      ['a1', 'q2', 'a2'],
      ['a1 bis'],
    ]);
    // Versions do not nest at their own place.
    expect(answer.alternatives?.[1]?.[0]?.alternatives).toBeUndefined();
  });

  it('retrying an answer that failed with no text replaces it instead of keeping a version', async () => {
    const c = await library.create({ model: 'm/a' });
    await engine.sendTurn({ conversationId: c.id, text: 'q' });
    last(calls).fail(serviceError('server_error', 'down'));
    await engine.settled(c.id);
    await engine.regenerate({ conversationId: c.id });
    last(calls).push('a');
    last(calls).finish();
    await engine.settled(c.id);
    const after = await library.get(c.id);
    expect(after.messages.map((m) => [m.content, m.status])).toEqual([
      ['q', 'done'],
      ['a', 'done'],
    ]);
    expect(after.messages[1]!.alternatives).toBeUndefined();
  });

  it('refuses to edit an answer', async () => {
    const c = await library.create({ model: 'm/a' });
    await turn(c.id, 'q', 'a');
    const answer = (await library.get(c.id)).messages[1]!;
    const failure = (await engine
      .editAndResend({ conversationId: c.id, messageId: answer.id, text: 'hacked' })
      .catch((e: unknown) => e)) as ServiceError;
    expect(failure.error.code).toBe('invalid_input');
    expect((await library.get(c.id)).messages.map((m) => m.content)).toEqual(['q', 'a']);
  });
});

describe('chat engine events carry what the renderer needs (no reload)', () => {
  it("'start' carries the saved question and list entry, 'done' the answer and the new entry", async () => {
    const c = await library.create({ model: 'm/a' });
    const { messageId } = await engine.sendTurn({ conversationId: c.id, text: 'Hello there' });
    const start = events.find((e) => e.type === 'start');
    const saved = (await library.get(c.id)).messages[0]!;
    expect(start).toMatchObject({ messageId, question: saved, contextStart: 0 });
    expect(start?.type === 'start' && start.summary).toMatchObject({
      id: c.id,
      title: 'Hello there',
      messageCount: 2,
    });
    last(calls).push('Hi');
    last(calls).finish();
    await engine.settled(c.id);
    const done = last(events);
    expect(done.type).toBe('done');
    const after = await library.get(c.id);
    expect(done.type === 'done' && done.summary).toEqual({
      id: c.id,
      title: 'Hello there',
      pinned: false,
      createdAt: after.createdAt,
      updatedAt: after.updatedAt,
      model: 'm/a',
      messageCount: 2,
      folderId: null,
      archived: false,
    });
  });

  it("regenerate's and edit's 'start' name the question kept, so what followed it can go", async () => {
    const c = await library.create({ model: 'm/a' });
    await turn(c.id, 'q1', 'a1');
    await turn(c.id, 'q2', 'a2');
    const [q1, a1] = (await library.get(c.id)).messages;
    events.length = 0;
    await engine.regenerate({ conversationId: c.id, messageId: a1!.id });
    expect(events[0]).toMatchObject({ type: 'start', question: q1 });
    await engine.stop(c.id);
    events.length = 0;
    await engine.editAndResend({ conversationId: c.id, messageId: q1!.id, text: 'q1 again' });
    expect(events[0]).toMatchObject({
      type: 'start',
      question: { content: 'q1 again', alternativeIndex: 1 },
      questionIndex: 0,
    });
    expect(events[0]?.type === 'start' && events[0].summary.messageCount).toBe(2);
  });
});

describe('continue a cut answer', () => {
  it('sends the partial answer and an unsaved instruction, and adds the new text to the same answer', async () => {
    const c = await library.create({ model: 'm/a' });
    await engine.sendTurn({ conversationId: c.id, text: 'Tell a story' });
    last(calls).push('Once upon');
    await engine.stop(c.id);
    const cut = last((await library.get(c.id)).messages);
    expect(cut.status).toBe('stopped');
    events.length = 0;
    const { messageId } = await engine.continueAnswer({ conversationId: c.id, messageId: cut.id });
    expect(messageId).toBe(cut.id);
    expect(last(calls).request.messages).toEqual([
      { role: 'user', content: 'Tell a story' },
      { role: 'assistant', content: 'Once upon' },
      { role: 'user', content: CONTINUE_INSTRUCTION },
    ]);
    expect(events[0]).toMatchObject({
      type: 'start',
      messageId: cut.id,
      questionIndex: 0,
      continues: { id: cut.id, content: 'Once upon', status: 'streaming' },
    });
    last(calls).push(' a time.');
    last(calls).finish();
    await engine.settled(c.id);
    const after = await library.get(c.id);
    expect(after.messages.map((m) => [m.content, m.status])).toEqual([
      ['Tell a story', 'done'],
      ['Once upon a time.', 'done'],
    ]);
    expect(last(events)).toMatchObject({ type: 'done', message: { content: 'Once upon a time.' } });
    expect(
      events.filter((e) => e.type === 'delta').map((e) => e.type === 'delta' && e.content),
    ).toEqual([' a time.']);
  });

  it('continues an answer that failed with text, and clears its error', async () => {
    const c = await library.create({ model: 'm/a' });
    await engine.sendTurn({ conversationId: c.id, text: 'q' });
    last(calls).push('part');
    last(calls).fail(serviceError('server_error', 'cut off'));
    await engine.settled(c.id);
    const cut = last((await library.get(c.id)).messages);
    expect(cut.status).toBe('error');
    await engine.continueAnswer({ conversationId: c.id, messageId: cut.id });
    // The failed answer's text is sent, though a failed answer is otherwise left out.
    expect(last(calls).request.messages[1]).toEqual({ role: 'assistant', content: 'part' });
    last(calls).push(' two');
    last(calls).finish();
    await engine.settled(c.id);
    const answer = last((await library.get(c.id)).messages);
    expect(answer).toMatchObject({ content: 'part two', status: 'done' });
    expect(answer.error).toBeUndefined();
  });

  it('refuses a finished answer, an empty one, and one that is not the last', async () => {
    const c = await library.create({ model: 'm/a' });
    await turn(c.id, 'q1', 'a1');
    const done = last((await library.get(c.id)).messages);
    const refusal = (await engine
      .continueAnswer({ conversationId: c.id, messageId: done.id })
      .catch((e: unknown) => e)) as ServiceError;
    expect(refusal.error.code).toBe('invalid_input');
    await engine.sendTurn({ conversationId: c.id, text: 'q2' });
    await engine.stop(c.id);
    const empty = last((await library.get(c.id)).messages);
    expect(empty.status).toBe('stopped');
    const second = (await engine
      .continueAnswer({ conversationId: c.id, messageId: empty.id })
      .catch((e: unknown) => e)) as ServiceError;
    expect(second.error.code).toBe('invalid_input');
    expect(calls).toHaveLength(2);
  });
});

describe('context with attachments', () => {
  it('counts attachment tokens against the context', () => {
    const message = (tokens: number): ChatMessage => ({
      id: 'u1',
      role: 'user',
      content: 'Read it',
      createdAt: '',
      status: 'done',
      attachments: [
        {
          kind: 'document',
          documentId: 'd',
          name: 'a.pdf',
          mime: 'application/pdf',
          size: 1,
          tokens,
        },
      ],
    });
    const conversation = { systemPrompt: '', contextStart: 0, maxTokens: 100 };
    expect(planContext(conversation, [message(500)], 1000, false).maxTokens).toBe(100);
    expect(() => planContext(conversation, [message(950)], 1000, false)).toThrow(ServiceError);
  });
});

describe('Stop against a call that does not end', () => {
  afterEach(closeLocalServers);

  it('ends the turn at once when the call heeds no signal, and adds nothing it brings later', async () => {
    let late: ((content: string) => void) | null = null;
    const deaf: Pick<ServiceClient, 'chatStream'> = {
      chatStream(_request, options = {}) {
        options.onDelta?.('Once upon', '');
        late = (content) => options.onDelta?.(content, '');
        return new Promise<ChatResult>(() => undefined);
      },
    };
    const stuck = createChatEngine({
      library,
      client: deaf,
      contextLengthOf: () => null,
      emit: (e) => events.push(e),
    });
    const c = await library.create({ model: 'm/a' });
    await stuck.sendTurn({ conversationId: c.id, text: 'long story' });
    expect(await stuck.stop(c.id)).toEqual({ stopped: true });
    expect(stuck.isRunning(c.id)).toBe(false);
    late!(' a time');
    expect(last(events)).toMatchObject({
      type: 'done',
      message: { status: 'stopped', content: 'Once upon' },
    });
    expect(last((await onDisk(c.id)).messages)).toMatchObject({
      status: 'stopped',
      content: 'Once upon',
    });
  });

  it('ends a turn at once whose answer body is read through a layer deaf to the signal', async () => {
    const local = await startLocal((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(`data: ${chunk({ content: 'Once upon' })}\n\n`);
    });
    // The signal does not reach the connection; the body is read through a layer deaf to it.
    const deafBody: typeof fetch = async (input, init) => {
      const res = await fetch(input, { ...init, signal: null });
      return new Response(res.body?.pipeThrough(new TransformStream()) ?? null, {
        status: res.status,
        headers: res.headers,
      });
    };
    const { client } = clientFor(local.base, { fetch: deafBody });
    const real = createChatEngine({
      library,
      client,
      contextLengthOf: () => null,
      emit: (e) => events.push(e),
    });
    const c = await library.create({ model: 'm/a' });
    await real.sendTurn({ conversationId: c.id, text: 'long story' });
    while (!events.some((e) => e.type === 'delta')) await wait(5);
    expect(await real.stop(c.id)).toEqual({ stopped: true });
    expect(last((await onDisk(c.id)).messages)).toMatchObject({
      status: 'stopped',
      content: 'Once upon',
    });
  });
});

describe('a full disk at the start of a turn', () => {
  it('refuses the send in words and leaves no empty answer marked streaming', async () => {
    const c = await library.create({ model: 'm/a' });
    await turn(c.id, 'first', 'kept');
    const before = structuredClone(await library.get(c.id));
    events.length = 0;
    const freeDisk = fillDisk();
    let failure: unknown;
    try {
      failure = await engine.sendTurn({ conversationId: c.id, text: 'second' }).catch((e) => e);
    } finally {
      freeDisk();
    }
    expect(failure).toBeInstanceOf(ServiceError);
    expect((failure as ServiceError).error).toMatchObject({
      code: 'storage',
      details: { reason: 'disk_full' },
    });
    expect((failure as ServiceError).message).toMatch(
      /disk is full. Nothing saved before was lost/,
    );
    expect(events).toEqual([]);
    expect(calls).toHaveLength(1);
    // Memory is what the disk holds: the question and its empty answer are not there.
    expect(await library.get(c.id)).toEqual(before);
    expect((await onDisk(c.id)).messages.map((m) => [m.content, m.status])).toEqual([
      ['first', 'done'],
      ['kept', 'done'],
    ]);
    // With room again, the same send goes through.
    await turn(c.id, 'second', 'answered');
    expect((await library.get(c.id)).messages.map((m) => m.content)).toEqual([
      'first',
      'kept',
      'second',
      'answered',
    ]);
  });

  it('leaves a cut answer as it was when continuing it cannot be saved', async () => {
    const c = await library.create({ model: 'm/a' });
    await engine.sendTurn({ conversationId: c.id, text: 'q' });
    last(calls).push('part');
    last(calls).fail(serviceError('server_error', 'cut off'));
    await engine.settled(c.id);
    const cut = structuredClone(last((await library.get(c.id)).messages));
    const freeDisk = fillDisk();
    try {
      await expect(
        engine.continueAnswer({ conversationId: c.id, messageId: cut.id }),
      ).rejects.toThrow(/disk is full/);
    } finally {
      freeDisk();
    }
    expect(last((await library.get(c.id)).messages)).toEqual(cut);
  });
});
