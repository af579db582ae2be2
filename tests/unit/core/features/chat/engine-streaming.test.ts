// The chat engine streaming an answer: deltas sent in batches, partial saves, Stop, failures, retries, one turn at a time.
import { describe, expect, it } from 'vitest';
import type { ChatEvent } from '../../../../../shared/types';
import { CHAT_DELTA_INTERVAL_MS } from '../../../../../shared/chat-stream';
import { ServiceError, serviceError } from '../../../../../electron/core/service/errors';
import {
  calls,
  engine,
  events,
  last,
  library,
  onDisk,
  paidCalls,
  replaceEngine,
  useChatEngine,
  wait,
} from './engine-harness';

useChatEngine();

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
    await replaceEngine({ saveIntervalMs: 40 });
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
