// The chat engine against a fake service client: requests, context checks, the events a turn sends, Stop against a call that does not end, a full disk.
import { afterEach, describe, expect, it } from 'vitest';
import type { Conversation } from '../../../../../shared/types';
import type { ChatResult, ServiceClient } from '../../../../../electron/core/service/types';
import { createChatEngine } from '../../../../../electron/core/features/chat/engine';
import { ServiceError, serviceError } from '../../../../../electron/core/service/errors';
import { chunk, clientFor, closeLocalServers, startLocal } from '../../service/client-harness';
import { fillDisk } from '../../disk-full';
import {
  answered,
  calls,
  engine,
  events,
  last,
  library,
  onDisk,
  setContextLength,
  turn,
  useChatEngine,
  wait,
} from './engine-harness';

useChatEngine();

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

    setContextLength(4000);
    await turn(c.id, 'two', 'ok');
    expect(last(calls).request.max_tokens).toBe(2000);

    await library.update(c.id, { maxTokens: 1000 });
    await turn(c.id, 'three', 'ok');
    expect(last(calls).request.max_tokens).toBe(1000);

    setContextLength(null);
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
    setContextLength(100); // max_tokens becomes 50; 6 old messages (84) + the new one (14) + 50 = 148.
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
    setContextLength(100);
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
    setContextLength(20);
    const failure = (await engine
      .sendTurn({ conversationId: c.id, text: 'y'.repeat(200), trimOldest: true })
      .catch((e: unknown) => e)) as ServiceError;
    expect(failure.error.code).toBe('context_exceeded');
    expect(failure.error.details?.trimmable).toBe(0);
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
