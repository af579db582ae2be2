// Chat completions over real HTTP and the simulator: SSE edge cases, whole answers, cancel and timeouts.
import { afterEach, describe, expect, it } from 'vitest';
import {
  closeLocalServers,
  startLocal,
  clientFor,
  failureOf,
  sendJson,
  writeSlowly,
  chunk,
  CHAT,
  useSimulator,
} from './client-harness';
import { CHAT_ANSWER_MAX_CHARS, SSE_LINE_MAX_CHARS } from '../../../../shared/service-limits';

afterEach(closeLocalServers);

describe('chat calls', () => {
  it('reads CRLF lines, comments, events split across reads and multi-byte characters split', async () => {
    const body = Buffer.from(
      `: hello\r\n\r\ndata: ${chunk({ reasoning: 'Думаю' })}\r\n\r\n` +
        `data: ${chunk({ content: 'При' })}\r\n\r\n` +
        `data: ${chunk({ content: 'вет 🌍' })}\r\n\r\n` +
        `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\r\n\r\n` +
        `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8, cost: '0.00042' } })}\r\n\r\n` +
        'data: [DONE]\r\n\r\n',
    );
    const emoji = body.indexOf(Buffer.from('🌍'));
    const cyrillic = body.indexOf(Buffer.from('ум'));
    const cuts = [3, cyrillic + 1, 60, emoji + 1, emoji + 3, body.length - 7, body.length - 1].sort(
      (a, b) => a - b,
    );
    const pieces = cuts.map((cut, i) => body.subarray(i === 0 ? 0 : (cuts[i - 1] ?? 0), cut));
    pieces.push(body.subarray(cuts[cuts.length - 1]));
    const local = await startLocal((_req, res) => writeSlowly(res, pieces));
    const { client } = clientFor(local.base);
    const deltas: Array<[string, string]> = [];
    const result = await client.chatStream(CHAT, { onDelta: (c, r) => deltas.push([c, r]) });
    expect(result).toEqual({
      content: 'Привет 🌍',
      reasoning: 'Думаю',
      finishReason: 'stop',
      usage: { promptTokens: 5, completionTokens: 3, totalTokens: 8, cost: '0.00042' },
      skippedChunks: 0,
    });
    expect(deltas).toEqual([
      ['', 'Думаю'],
      ['При', ''],
      ['вет 🌍', ''],
    ]);
    const sent = JSON.parse(local.requests[0]?.body.toString() ?? '{}') as Record<string, unknown>;
    expect(sent.stream).toBe(true);
    // Only what the document names: usage is read when the stream brings it, never asked for.
    expect(sent).not.toHaveProperty('stream_options');
    expect(local.requests[0]?.headers.accept).toBe('text/event-stream');
  });

  it('accepts a final [DONE] without a trailing blank line and multi-line data', async () => {
    const local = await startLocal((_req, res) =>
      writeSlowly(res, [
        `data: {"choices":[{"index":0,\ndata: "delta":{"content":"ok"}}]}\n\n`,
        'data: [DONE]',
      ]),
    );
    const { client } = clientFor(local.base);
    expect((await client.chatStream(CHAT)).content).toBe('ok');
  });

  it('takes a stream that ends after finish_reason without [DONE] as the whole answer', async () => {
    const local = await startLocal((_req, res) =>
      writeSlowly(res, [
        `data: ${chunk({ content: 'All of ' })}\n\n`,
        `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'it' }, finish_reason: 'stop' }] })}\n\n`,
      ]),
    );
    const { client } = clientFor(local.base);
    const result = await client.chatStream(CHAT);
    expect(result).toMatchObject({ content: 'All of it', finishReason: 'stop' });
    expect(local.requests).toHaveLength(1);
  });

  it('keeps the text of a stream cut before [DONE] on the malformed_response error', async () => {
    const local = await startLocal((_req, res) =>
      writeSlowly(res, [
        `data: ${chunk({ content: 'Half an ' })}\n\n`,
        `data: ${chunk({ content: 'answer', reasoning: 'why' })}\n\n`,
        'data: {"choices":[{"delta":{"cont',
      ]),
    );
    const { client } = clientFor(local.base);
    const deltas: string[] = [];
    const e = await failureOf(client.chatStream(CHAT, { onDelta: (c) => deltas.push(c) }));
    expect(e.error.code).toBe('malformed_response');
    expect(e.partial).toEqual({ content: 'Half an answer', reasoning: 'why' });
    expect(deltas.join('')).toBe('Half an answer');
    expect(local.requests).toHaveLength(1);
  });

  it('skips one broken chunk and counts it', async () => {
    const local = await startLocal((_req, res) =>
      writeSlowly(res, [
        `data: ${chunk({ content: 'a' })}\n\n`,
        'data: {broken\n\n',
        `data: ${chunk({ content: 'b' })}\n\ndata: [DONE]\n\n`,
      ]),
    );
    const { client } = clientFor(local.base);
    const result = await client.chatStream(CHAT);
    expect(result).toMatchObject({ content: 'ab', skippedChunks: 1 });
  });

  it('rejects with the mapped error an error chunk carries, keeping what came before', async () => {
    const local = await startLocal((_req, res) =>
      writeSlowly(res, [
        `data: ${chunk({ content: 'partial' })}\n\n`,
        `data: ${JSON.stringify({ error: { message: 'Your request was blocked by the moderation policy' } })}\n\n`,
      ]),
    );
    const { client } = clientFor(local.base);
    const e = await failureOf(client.chatStream(CHAT));
    expect(e.error.code).toBe('moderation');
    expect(e.partial?.content).toBe('partial');
  });

  it('takes a whole JSON answer when the service does not stream', async () => {
    const local = await startLocal((_req, res) =>
      sendJson(res, 200, {
        choices: [{ index: 0, message: { role: 'assistant', content: 'whole', reasoning: 'r' } }],
      }),
    );
    const { client } = clientFor(local.base);
    const deltas: Array<[string, string]> = [];
    const result = await client.chatStream(CHAT, { onDelta: (c, r) => deltas.push([c, r]) });
    expect(result.content).toBe('whole');
    expect(deltas).toEqual([['whole', 'r']]);
  });

  it('cancels through the AbortSignal mid-stream, keeping the partial text', async () => {
    const local = await startLocal((_req, res) =>
      writeSlowly(res, [`data: ${chunk({ content: 'first' })}\n\n`], false),
    );
    const { client } = clientFor(local.base);
    const controller = new AbortController();
    const pending = client.chatStream(CHAT, {
      signal: controller.signal,
      onDelta: () => controller.abort(),
    });
    const e = await failureOf(pending);
    expect(e.error.code).toBe('cancelled');
    expect(e.partial?.content).toBe('first');
  });

  it('cancels before sending when the signal is already aborted', async () => {
    const local = await startLocal((_req, res) => sendJson(res, 200, {}));
    const { client } = clientFor(local.base);
    const controller = new AbortController();
    controller.abort();
    expect(
      (await failureOf(client.chatStream(CHAT, { signal: controller.signal }))).error.code,
    ).toBe('cancelled');
    expect(local.requests).toHaveLength(0);
  });

  it('times out a silent stream without resending it', async () => {
    const local = await startLocal((_req, res) =>
      writeSlowly(res, [`data: ${chunk({ content: 'x' })}\n\n`], false),
    );
    const { client } = clientFor(local.base, { idleTimeoutMs: 150 });
    const e = await failureOf(client.chatStream(CHAT));
    expect(e.error).toMatchObject({ code: 'upstream_timeout', status: null });
    expect(e.partial?.content).toBe('x');
    expect(local.requests).toHaveLength(1);
  });

  it('times out a request that gets no answer', async () => {
    const local = await startLocal(() => undefined);
    const { client } = clientFor(local.base, { requestTimeoutMs: 150 });
    const started = Date.now();
    const e = await failureOf(client.chat(CHAT));
    expect(e.error).toMatchObject({ code: 'upstream_timeout', status: null });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(local.requests).toHaveLength(1);
  });
});

describe('answers past Atelier’s caps', () => {
  it('ends a 40 MB line without a newline at the line cap, keeping the text before', async () => {
    let written = 0;
    let closed!: () => void;
    const gone = new Promise<void>((resolve) => (closed = resolve));
    const local = await startLocal(async (_req, res) => {
      res.on('close', () => closed());
      await writeSlowly(res, [`data: ${chunk({ content: 'kept' })}\n\n`, 'data: {"x":"'], false);
      const piece = 'a'.repeat(64 * 1024);
      while (written < 40 * 1024 * 1024 && !res.destroyed) {
        written += piece.length;
        if (!res.write(piece)) await new Promise((resolve) => res.once('drain', resolve));
      }
      res.end();
    });
    const { client } = clientFor(local.base);
    const deltas: string[] = [];
    const e = await failureOf(client.chatStream(CHAT, { onDelta: (c) => deltas.push(c) }));
    expect(e.error).toMatchObject({
      code: 'too_large',
      details: { reason: 'answer_cap', limit: SSE_LINE_MAX_CHARS, unit: 'characters' },
    });
    expect(e.error.message).toBe(
      "One line of the answer stream passed Atelier's limit of 4,194,304 characters, so it was cut there; what arrived before is kept.",
    );
    expect(e.partial).toEqual({ content: 'kept', reasoning: '' });
    expect(deltas).toEqual(['kept']);
    // The rest of the line is not read: the connection is let go.
    await gone;
    expect(written).toBeLessThan(40 * 1024 * 1024);
  });

  it('cuts an answer at the answer cap, keeping exactly what fits', async () => {
    const piece = 'x'.repeat(256 * 1024);
    const pieces = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0 ? chunk({ content: piece }) : chunk({ reasoning: piece }),
    );
    const local = await startLocal((_req, res) =>
      writeSlowly(res, [...pieces.map((p) => `data: ${p}\n\n`), 'data: [DONE]\n\n']),
    );
    const { client } = clientFor(local.base);
    let delivered = 0;
    const e = await failureOf(
      client.chatStream(CHAT, { onDelta: (c, r) => (delivered += c.length + r.length) }),
    );
    expect(e.error).toMatchObject({
      code: 'too_large',
      details: { reason: 'answer_cap', limit: CHAT_ANSWER_MAX_CHARS, unit: 'characters' },
    });
    expect(e.error.message).toMatch(/^The answer passed Atelier's limit of 4,194,304 characters/);
    const kept = (e.partial?.content.length ?? 0) + (e.partial?.reasoning.length ?? 0);
    expect(kept).toBe(CHAT_ANSWER_MAX_CHARS);
    expect(delivered).toBe(CHAT_ANSWER_MAX_CHARS);
  });

  it('cuts a whole (not streamed) answer at the same cap', async () => {
    const content = 'y'.repeat(CHAT_ANSWER_MAX_CHARS + 10);
    const local = await startLocal((_req, res) =>
      sendJson(res, 200, { choices: [{ index: 0, message: { role: 'assistant', content } }] }),
    );
    const { client } = clientFor(local.base);
    const e = await failureOf(client.chatStream(CHAT));
    expect(e.error.details).toMatchObject({ reason: 'answer_cap' });
    expect(e.partial?.content.length).toBe(CHAT_ANSWER_MAX_CHARS);
  });
});

describe('against the simulator', () => {
  const { simClient } = useSimulator();

  it('takes a stream the service ends without [DONE] as complete', async () => {
    const client = simClient('sim-fast');
    const result = await client.chatStream({
      ...CHAT,
      messages: [{ role: 'user', content: 'No end marker [[nodone]]' }],
    });
    expect(result.finishReason).toBe('stop');
    expect(result.content).toContain('No end marker');
  });

  it('lists models and streams a chat answer, without usage the request did not ask for', async () => {
    const client = simClient('sim-fast');
    const models = await client.listModels();
    expect(models.length).toBeGreaterThan(5);
    expect(models.some((m) => m.kind === 'vision')).toBe(true);
    const chatModel = models.find((m) => m.kind === 'chat');
    let streamed = '';
    const result = await client.chatStream(
      {
        model: chatModel?.id ?? 'openai/gpt-4o-mini',
        messages: [{ role: 'user', content: 'Hello sim' }],
      },
      { onDelta: (c) => (streamed += c) },
    );
    expect(result.content).toBe(streamed);
    expect(result.content).toMatch(/I received 1 message\b/);
    expect(result.usage).toBeNull();
  });

  it('reads the CRLF stream and keeps a cut stream recoverable', async () => {
    const client = simClient('sim-fast');
    const model = 'openai/gpt-4o-mini';
    const crlf = await client.chatStream({
      model,
      messages: [{ role: 'user', content: 'x [[crlf]]' }],
    });
    expect(crlf.content.length).toBeGreaterThan(0);
    const e = await failureOf(
      client.chatStream({ model, messages: [{ role: 'user', content: 'x [[cut]]' }] }),
    );
    expect(e.error.code).toBe('malformed_response');
    expect(e.partial?.content.length ?? 0).toBeGreaterThan(0);
    const broken = await client.chatStream({
      model,
      messages: [{ role: 'user', content: 'x [[badjson]]' }],
    });
    expect(broken.skippedChunks).toBe(1);
    expect(broken.content.length).toBeGreaterThan(0);
  });

  it('stops a slow stream on abort and keeps what arrived', async () => {
    const client = simClient('sim-fast');
    const controller = new AbortController();
    let received = '';
    const pending = client.chatStream(
      { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'tell me [[slow]]' }] },
      {
        signal: controller.signal,
        onDelta: (c) => {
          received += c;
          if (received.length > 0) controller.abort();
        },
      },
    );
    const e = await failureOf(pending);
    expect(e.error.code).toBe('cancelled');
    expect(e.partial?.content).toBe(received);
  });
});
