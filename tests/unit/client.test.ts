// The service client over real HTTP: a tiny local server for exact edge cases, then the simulator.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createScheduler } from '../../electron/core/service/scheduler';
import { createServiceClient, type ServiceClientOptions } from '../../electron/core/service/client';
import { ServiceError } from '../../electron/core/service/errors';
import type {
  RequestScheduler,
  RetryInfo,
  ServiceConnection,
} from '../../electron/core/service/types';

const KEY = 'sim-test-key-0042';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

type Reply = (req: Recorded, res: ServerResponse) => void | Promise<void>;

interface LocalServer {
  origin: string;
  base: string;
  port: number;
  requests: Recorded[];
  reply: Reply;
  close(): Promise<void>;
}

const servers: LocalServer[] = [];

async function startLocal(reply: Reply): Promise<LocalServer> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const recorded: Recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(parts),
      };
      requests.push(recorded);
      void Promise.resolve(local.reply(recorded, res)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const local: LocalServer = {
    origin: `http://127.0.0.1:${port}`,
    base: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    reply,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(local);
  return local;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A scheduler that never waits, recording what the client asked of it. */
function recordingScheduler() {
  const log = { reserved: 0, holds: [] as number[] };
  const scheduler: RequestScheduler = {
    async reserveSlot(_priority, signal) {
      if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
      log.reserved++;
    },
    holdUntil(ms) {
      log.holds.push(ms);
    },
    setPlan() {},
  };
  return { scheduler, log };
}

function clientFor(
  base: string,
  extra: Partial<ServiceClientOptions> & { key?: string | null; debugBaseUrl?: string } = {},
) {
  const { scheduler, log } = recordingScheduler();
  const connection: ServiceConnection = {
    baseUrl: base,
    apiKey: extra.key === undefined ? KEY : extra.key,
    debugBaseUrl: extra.debugBaseUrl,
  };
  const client = createServiceClient({
    connection: () => connection,
    scheduler: extra.scheduler ?? scheduler,
    ...extra,
  });
  return { client, log };
}

async function failureOf(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof ServiceError) return e;
    throw new Error(`expected a ServiceError, got ${String(e)}`, { cause: e });
  }
  throw new Error('expected the call to fail');
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes the pieces of a stream with a pause between, so the client reads them separately. */
async function writeSlowly(res: ServerResponse, pieces: Array<string | Buffer>, end = true) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
  for (const piece of pieces) {
    res.write(piece);
    await sleep(5);
  }
  if (end) res.end();
}

const chunk = (delta: Record<string, string>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ choices: [{ index: 0, delta, finish_reason: null }], ...extra });

const CHAT = { model: 'openai/gpt-4o-mini', messages: [{ role: 'user' as const, content: 'hi' }] };

describe('request basics', () => {
  it('sends Bearer, X-Title and JSON, one scheduler slot per attempt', async () => {
    // Written by hand: the cost has more digits than a float keeps, and must arrive intact.
    const local = await startLocal((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        '{"choices":[{"index":0,"message":{"role":"assistant","content":"Hello"},"finish_reason":"stop"}],' +
          '"usage":{"prompt_tokens":3,"completion_tokens":1,"total_tokens":4,"cost":0.000012345678901234567}}',
      );
    });
    const { client, log } = clientFor(local.base);
    const result = await client.chat(CHAT);
    expect(result).toEqual({
      content: 'Hello',
      reasoning: '',
      finishReason: 'stop',
      usage: {
        promptTokens: 3,
        completionTokens: 1,
        totalTokens: 4,
        cost: '0.000012345678901234567',
      },
    });
    const [req] = local.requests;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/v1/chat/completions');
    expect(req?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req?.headers['x-title']).toBe('Atelier');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req?.body.toString() ?? '')).toEqual({ ...CHAT, stream: false });
    expect(log.reserved).toBe(1);
  });

  it('fails with no_key before any request when the key is missing', async () => {
    const local = await startLocal((_req, res) => sendJson(res, 200, {}));
    for (const key of [null, '', '   ']) {
      const { client, log } = clientFor(local.base, { key });
      const e = await failureOf(client.listModels());
      expect(e.error.code).toBe('no_key');
      expect(log.reserved).toBe(0);
    }
    expect(local.requests).toHaveLength(0);
  });

  it('fails with bad_base_url for an invalid or non-http base URL, without a request', async () => {
    for (const base of ['not a url', 'ftp://127.0.0.1/v1', 'file:///etc/v1', '']) {
      const { client, log } = clientFor(base);
      expect((await failureOf(client.chat(CHAT))).error.code).toBe('bad_base_url');
      expect(log.reserved).toBe(0);
    }
  });

  it('says bad_base_url when the root answers 404 with a web page', async () => {
    const local = await startLocal((_req, res) => {
      res.writeHead(404, { 'Content-Type': 'text/html' });
      res.end('<html><head><title>404 Not Found</title></head><body>nginx</body></html>');
    });
    const { client } = clientFor(local.origin);
    const e = await failureOf(client.listModels());
    expect(e.error).toMatchObject({ code: 'bad_base_url', status: 404, message: '404 Not Found' });
  });

  it('says bad_base_url when a 200 answer is a web page', async () => {
    const local = await startLocal((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><html><head><title>My blog</title></head><body>hi</body></html>');
    });
    const { client } = clientFor(local.base);
    const e = await failureOf(client.listModels());
    expect(e.error.code).toBe('bad_base_url');
    expect(e.error.message).toContain('My blog');
    expect(e.error.message).not.toContain('<');
  });

  it('says network when nothing listens', async () => {
    const local = await startLocal(() => undefined);
    const base = local.base;
    await local.close();
    servers.splice(servers.indexOf(local), 1);
    const { client } = clientFor(base);
    const e = await failureOf(client.listModels());
    expect(e.error.code).toBe('network');
    expect(e.error.message).toContain('ECONNREFUSED');
  });

  it('says malformed_response for broken JSON and for a list without data', async () => {
    let body = '{"data": [';
    const local = await startLocal((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(body);
    });
    const { client } = clientFor(local.base);
    expect((await failureOf(client.listModels())).error.code).toBe('malformed_response');
    body = '{"object":"list"}';
    expect((await failureOf(client.listModels())).error.code).toBe('malformed_response');
    body = '{"object":"chat.completion"}';
    expect((await failureOf(client.chat(CHAT))).error.code).toBe('malformed_response');
  });

  it('maps a 200 answer whose body is an error object', async () => {
    const local = await startLocal((_req, res) =>
      sendJson(res, 200, { error: { message: 'Not enough funds on the account. Top up.' } }),
    );
    const { client } = clientFor(local.base);
    const e = await failureOf(client.chat(CHAT));
    expect(e.error).toMatchObject({
      code: 'no_funds',
      message: 'Not enough funds on the account. Top up.',
    });
    expect(local.requests).toHaveLength(1);
  });

  it('reads an HTML error page as a short text', async () => {
    const local = await startLocal((_req, res) => {
      res.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(
        '<!DOCTYPE html>\n<html><head><title>500 Internal Server Error</title></head>' +
          '<body><h1>Internal Server Error</h1><p>The server encountered an internal error.</p></body></html>',
      );
    });
    const { client } = clientFor(local.base);
    const e = await failureOf(client.chatStream(CHAT));
    expect(e.error).toMatchObject({
      code: 'server_error',
      status: 500,
      message: '500 Internal Server Error',
    });
  });
});

describe('chatStream', () => {
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
    const { client } = clientFor(local.base, { streamIdleTimeoutMs: 150 });
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

describe('retries', () => {
  it('waits Retry-After (seconds) through the scheduler and resends a 429', async () => {
    let calls = 0;
    const local = await startLocal((_req, res) => {
      calls++;
      if (calls === 1) sendJson(res, 429, { error: 'Too many requests' }, { 'Retry-After': '3' });
      else sendJson(res, 200, { data: [{ id: 'a/b' }] });
    });
    const clock = 1_000_000;
    const retries: RetryInfo[] = [];
    const { client, log } = clientFor(local.base, { now: () => clock });
    const models = await client.listModels({ onRetry: (info) => retries.push(info) });
    expect(models.map((m) => m.id)).toEqual(['a/b']);
    expect(log.holds).toEqual([clock + 3000]);
    expect(retries).toEqual([
      { attempt: 1, maxAttempts: 4, reason: 'rate_limited', untilMs: clock + 3000 },
    ]);
    expect(log.reserved).toBe(2);
  });

  it('reads Retry-After as an HTTP date and also retries 430', async () => {
    const clock = Date.UTC(2026, 0, 1, 12, 0, 0);
    let calls = 0;
    const local = await startLocal((_req, res) => {
      calls++;
      if (calls === 1)
        sendJson(
          res,
          430,
          { message: 'slow down' },
          {
            'Retry-After': new Date(clock + 5000).toUTCString(),
          },
        );
      else sendJson(res, 200, { data: [] });
    });
    const { client, log } = clientFor(local.base, { now: () => clock });
    await client.listModels();
    expect(log.holds).toEqual([clock + 5000]);
  });

  it('backs off exponentially from 2 s without Retry-After, and stops after 4 retries', async () => {
    const local = await startLocal((_req, res) =>
      sendJson(res, 429, { error: 'Too many requests' }),
    );
    const clock = 5_000;
    const { client, log } = clientFor(local.base, { now: () => clock });
    const retries: RetryInfo[] = [];
    const e = await failureOf(client.chat(CHAT, { onRetry: (info) => retries.push(info) }));
    expect(e.error.code).toBe('rate_limited');
    expect(local.requests).toHaveLength(5);
    expect(log.holds.map((at) => at - clock)).toEqual([2000, 4000, 8000, 16000]);
    expect(retries.map((r) => r.attempt)).toEqual([1, 2, 3, 4]);
  });

  it('really waits with the real scheduler before resending a 429', async () => {
    const starts: number[] = [];
    const local = await startLocal((_req, res) => {
      starts.push(Date.now());
      if (starts.length === 1)
        sendJson(res, 429, { error: 'Too many requests' }, { 'Retry-After': '1' });
      else sendJson(res, 200, { data: [] });
    });
    const { client } = clientFor(local.base, { scheduler: createScheduler({ plan: 'fast' }) });
    await client.listModels();
    expect(starts).toHaveLength(2);
    expect((starts[1] ?? 0) - (starts[0] ?? 0)).toBeGreaterThanOrEqual(990);
  });

  it('resends a 504 EDGE_FUNCTION_INVOCATION_TIMEOUT at most 3 times', async () => {
    const local = await startLocal((_req, res) => {
      res.writeHead(504, { 'Content-Type': 'text/plain' });
      res.end('An error occurred with your deployment\n\nEDGE_FUNCTION_INVOCATION_TIMEOUT\n');
    });
    const { client, log } = clientFor(local.base);
    const retries: RetryInfo[] = [];
    const e = await failureOf(client.chatStream(CHAT, { onRetry: (info) => retries.push(info) }));
    expect(e.error).toMatchObject({ code: 'upstream_timeout', status: 504, retryable: true });
    expect(local.requests).toHaveLength(4);
    expect(log.reserved).toBe(4);
    expect(retries.map((r) => [r.attempt, r.maxAttempts, r.reason])).toEqual([
      [1, 3, 'upstream_timeout'],
      [2, 3, 'upstream_timeout'],
      [3, 3, 'upstream_timeout'],
    ]);
  });

  it('passes after a 504 when the resend succeeds', async () => {
    let calls = 0;
    const local = await startLocal((_req, res) => {
      calls++;
      if (calls === 1) {
        res.writeHead(504);
        res.end('EDGE_FUNCTION_INVOCATION_TIMEOUT');
      } else writeSlowly(res, [`data: ${chunk({ content: 'ok' })}\n\ndata: [DONE]\n\n`]);
    });
    const { client } = clientFor(local.base);
    expect((await client.chatStream(CHAT)).content).toBe('ok');
    expect(local.requests).toHaveLength(2);
  });

  for (const status of [400, 402, 403, 500, 502]) {
    it(`never resends a ${status}`, async () => {
      const local = await startLocal((_req, res) => sendJson(res, status, { error: 'no' }));
      const { client } = clientFor(local.base);
      const retries: RetryInfo[] = [];
      await failureOf(client.chat(CHAT, { onRetry: (info) => retries.push(info) }));
      expect(local.requests).toHaveLength(1);
      expect(retries).toEqual([]);
    });
  }

  it('gives up at once when Retry-After is far too long', async () => {
    const local = await startLocal((_req, res) =>
      sendJson(res, 429, { error: 'Too many requests' }, { 'Retry-After': '3600' }),
    );
    const { client } = clientFor(local.base);
    const e = await failureOf(client.chat(CHAT));
    expect(e.error).toMatchObject({ code: 'rate_limited', details: { retryAfterMs: 3_600_000 } });
    expect(local.requests).toHaveLength(1);
  });

  it('stops waiting for a slot when cancelled', async () => {
    const local = await startLocal((_req, res) => sendJson(res, 200, { data: [] }));
    const scheduler = createScheduler();
    const { client } = clientFor(local.base, { scheduler });
    await client.listModels();
    const controller = new AbortController();
    const pending = client.listModels({ signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect((await failureOf(pending)).error.code).toBe('cancelled');
    expect(local.requests).toHaveLength(1);
  });
});

describe('endpoints', () => {
  it('listModels: prices as given, string context length, badges from fields, ids and names', async () => {
    const local = await startLocal((_req, res) =>
      sendJson(res, 200, {
        object: 'list',
        data: [
          {
            id: 'openai/gpt-4o-mini',
            name: 'GPT-4o mini',
            pricing: { prompt: '0.00000015', completion: '0.0000006' },
            context_length: '128000',
            supported_parameters: ['tools', 'response_format', 'temperature'],
          },
          {
            id: 'vis-openai/gpt-4o-mini',
            name: 'GPT-4o mini (vision)',
            pricing: { prompt: '0.15', completion: 0.6 },
            context_length: 128000,
            capabilities: { tools: true, structured_outputs: true },
          },
          { id: 'deepseek/deepseek-r1', context_length: 'n/a', description: 'Thinks first' },
          { id: 'perplexity/sonar-online', architecture: { input_modalities: ['text', 'image'] } },
          {
            id: 'openai/gpt-4o-audio-preview',
            supported_features: ['audioinput', 'web_search'],
            available_on_plan: false,
          },
          { id: 'img-stable/stable-diffusion-xl-1024' },
          { id: 'mystery-prefix:thing' },
          { name: 'no id' },
        ],
      }),
    );
    const { client } = clientFor(local.base);
    const models = await client.listModels();
    expect(models).toEqual([
      {
        id: 'openai/gpt-4o-mini',
        name: 'GPT-4o mini',
        kind: 'chat',
        promptPrice: '0.00000015',
        completionPrice: '0.0000006',
        contextLength: 128000,
        badges: ['structured-outputs', 'tools'],
        description: null,
      },
      {
        id: 'vis-openai/gpt-4o-mini',
        name: 'GPT-4o mini (vision)',
        kind: 'vision',
        promptPrice: '0.15',
        completionPrice: '0.6',
        contextLength: 128000,
        badges: ['structured-outputs', 'tools', 'vision'],
        description: null,
      },
      {
        id: 'deepseek/deepseek-r1',
        name: 'deepseek/deepseek-r1',
        kind: 'chat',
        promptPrice: null,
        completionPrice: null,
        contextLength: null,
        badges: ['reasoning'],
        description: 'Thinks first',
      },
      expect.objectContaining({ id: 'perplexity/sonar-online', badges: ['vision', 'web-search'] }),
      expect.objectContaining({
        id: 'openai/gpt-4o-audio-preview',
        badges: ['audio-input', 'not-in-plan', 'web-search'],
      }),
      expect.objectContaining({ id: 'img-stable/stable-diffusion-xl-1024', kind: 'image' }),
      expect.objectContaining({ id: 'mystery-prefix:thing', kind: 'other' }),
    ]);
    expect(local.requests[0]?.method).toBe('GET');
    expect(local.requests[0]?.url).toBe('/v1/models');
  });

  it('getBalance: figures, Moscow time as UTC, and the states off, error and unknown', async () => {
    let answer: { status: number; body: string; type: string } = {
      status: 200,
      type: 'application/json',
      body: '{"status":"ok","data":{"credits":"12.3456","subscription_status":"ok","subscription_end":"2026-03-01 02:30:00","user_status":1,"user_status_text":"Below your threshold"}}',
    };
    const local = await startLocal((_req, res) => {
      res.writeHead(answer.status, { 'Content-Type': answer.type });
      res.end(answer.body);
    });
    const clock = Date.UTC(2026, 1, 1);
    const { client } = clientFor(local.base, { now: () => clock });
    expect(await client.getBalance()).toEqual({
      state: 'ok',
      credits: '12.3456',
      userStatus: 1,
      userStatusText: 'Below your threshold',
      subscriptionStatus: 'ok',
      subscriptionEnd: '2026-03-01 02:30:00',
      subscriptionEndUtc: '2026-02-28T23:30:00.000Z',
      reason: null,
      error: null,
      checkedAt: '2026-02-01T00:00:00.000Z',
    });

    answer = {
      status: 200,
      type: 'application/json',
      body: '{"status":"ok","data":{"credits":7.10}}',
    };
    expect((await client.getBalance()).credits).toBe('7.10');

    answer = {
      status: 200,
      type: 'application/json',
      body: '{"status":"error","reason":"Balance retrieval is disabled in your settings"}',
    };
    expect(await client.getBalance()).toMatchObject({
      state: 'off',
      reason: 'Balance retrieval is disabled in your settings',
      credits: null,
    });

    answer = { status: 400, type: 'text/plain', body: 'User with this API key was not found' };
    expect(await client.getBalance()).toMatchObject({
      state: 'error',
      reason: 'User with this API key was not found',
      error: { code: 'key_unknown', status: 400 },
    });

    const { client: keyless } = clientFor(local.base, { key: null });
    expect(await keyless.getBalance()).toMatchObject({
      state: 'unknown',
      error: { code: 'no_key' },
    });
    expect(local.requests).toHaveLength(4);
  });

  it('embeddings and decisions', async () => {
    const local = await startLocal((req, res) => {
      if (req.url.endsWith('/embeddings'))
        sendJson(res, 200, {
          model: 'emb-openai/text-embedding-3-small',
          data: [
            { index: 1, embedding: [0.3, 0.4] },
            { index: 0, embedding: [0.1, 0.2] },
          ],
          usage: { prompt_tokens: 2, total_tokens: 2 },
        });
      else
        sendJson(res, 200, {
          model: 'dec-model',
          answers: { truth: { type: 'noul', noul: 0.8 } },
          usage: { prompt_tokens: 10 },
        });
    });
    const { client } = clientFor(local.base);
    const embedded = await client.embeddings({
      model: 'emb-openai/text-embedding-3-small',
      input: ['a', 'b'],
    });
    expect(embedded.vectors).toEqual([
      [0.1, 0.2],
      [0.3, 0.4],
    ]);
    expect(JSON.parse(local.requests[0]?.body.toString() ?? '')).toMatchObject({
      encoding_format: 'float',
    });
    const decided = await client.decisions({
      model: 'dec-model',
      state: 'The sky is green',
      questions: {
        truth: {
          type: 'noul',
          instructions: 'Is it true?',
          criteria: { true: 'yes', false: 'no' },
        },
      },
    });
    expect(decided.answers.truth).toEqual({ type: 'noul', noul: 0.8 });
    expect(local.requests[1]?.url).toBe('/v1/decisions');
  });

  it('generateImage sends image_url .. imageN_url and reads b64_json', async () => {
    const local = await startLocal((_req, res) =>
      sendJson(res, 200, { data: [{ b64_json: 'AAAA' }] }),
    );
    const { client } = clientFor(local.base);
    const sources = [
      'data:image/png;base64,AA==',
      'data:image/png;base64,BB==',
      'data:image/png;base64,CC==',
    ];
    const result = await client.generateImage({
      model: 'img2img-x/y',
      prompt: 'a cat',
      aspect_ratio: '16:9',
      sourceImages: sources,
    });
    expect(result.images).toEqual([{ b64: 'AAAA', url: null, revisedPrompt: null }]);
    expect(JSON.parse(local.requests[0]?.body.toString() ?? '')).toEqual({
      model: 'img2img-x/y',
      prompt: 'a cat',
      n: 1,
      response_format: 'b64_json',
      aspect_ratio: '16:9',
      image_url: sources[0],
      image2_url: sources[1],
      image3_url: sources[2],
    });
    const tooMany = Array.from({ length: 11 }, () => sources[0] as string);
    const e = await failureOf(
      client.generateImage({ model: 'm', prompt: 'p', sourceImages: tooMany }),
    );
    expect(e.error.code).toBe('invalid_input');
    expect(local.requests).toHaveLength(1);
  });

  it('editImage and transcribe send multipart forms', async () => {
    const local = await startLocal(async (req, res) => {
      if (req.url.endsWith('/images/edits'))
        sendJson(res, 200, { data: [{ url: 'http://x/y.png' }] });
      else sendJson(res, 200, { text: 'hello there', segments: [{ start: 0 }], language: 'en' });
    });
    const { client } = clientFor(local.base);
    const edited = await client.editImage({
      model: 'gpt-image-1',
      prompt: 'make it blue',
      sourceImages: ['data:image/png;base64,iVBORw0KGgo='],
    });
    expect(edited.images[0]?.url).toBe('http://x/y.png');
    const editForm = await formOf(local.requests[0]);
    expect(editForm.get('model')).toBe('gpt-image-1');
    expect(editForm.get('prompt')).toBe('make it blue');
    const image = editForm.get('image') as File;
    expect(image.type).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.from('iVBORw0KGgo=', 'base64'));

    const heard = await client.transcribe({
      file: new Uint8Array([1, 2, 3]),
      filename: 'talk.mp3',
      mimeType: 'audio/mpeg',
      model: 'stt-openai/whisper-1',
      response_format: 'verbose_json',
      language: '',
    });
    expect(heard).toEqual({ text: 'hello there', segments: [{ start: 0 }], language: 'en' });
    const form = await formOf(local.requests[1]);
    expect(form.get('model')).toBe('stt-openai/whisper-1');
    expect(form.get('response_format')).toBe('verbose_json');
    expect(form.get('language')).toBe('');
    const file = form.get('file') as File;
    expect(file.name).toBe('talk.mp3');
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([1, 2, 3]);
    expect(local.requests[1]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('transcribe reads a plain text answer', async () => {
    const local = await startLocal((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('just text\n');
    });
    const { client } = clientFor(local.base);
    const heard = await client.transcribe({
      file: new Uint8Array([1]),
      filename: 'a.wav',
      model: 'stt-x',
      response_format: 'text',
    });
    expect(heard.text).toBe('just text');
  });

  it('speech returns the audio bytes, or downloads a JSON url (no key to a foreign host)', async () => {
    const wav = Buffer.from('RIFF....WAVEfmt ');
    const storage = await startLocal((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'audio/wav' });
      res.end(wav);
    });
    const local = await startLocal((req, res) => {
      const body = JSON.parse(req.body.toString()) as { model: string };
      if (body.model.startsWith('tta-'))
        sendJson(res, 200, { url: `http://localhost:${storage.port}/files/music.wav` });
      else {
        res.writeHead(200, { 'Content-Type': 'audio/mpeg' });
        res.end(Buffer.from([0xff, 0xfb, 1, 2]));
      }
    });
    const { client } = clientFor(local.base);
    const spoken = await client.speech({ model: 'tts-openai/tts-1', input: 'hi', voice: 'alloy' });
    expect(spoken).toEqual({ bytes: Buffer.from([0xff, 0xfb, 1, 2]), mimeType: 'audio/mpeg' });
    const music = await client.speech({
      model: 'tta-stable/audio',
      input: 'calm',
      seconds_total: 5,
    });
    expect(music).toEqual({ bytes: wav, mimeType: 'audio/wav' });
    expect(storage.requests[0]?.url).toBe('/files/music.wav');
    expect(storage.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('downloadFile sends the key only to the service origin, and decodes data URIs locally', async () => {
    const local = await startLocal((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'video/mp4' });
      res.end('mp4');
    });
    const { client, log } = clientFor(local.base);
    const file = await client.downloadFile(`${local.origin}/files/v.mp4`);
    expect(file).toEqual({ bytes: Buffer.from('mp4'), mimeType: 'video/mp4' });
    expect(local.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    const relative = await client.downloadFile('/files/w.mp4');
    expect(relative.bytes.toString()).toBe('mp4');
    const inline = await client.downloadFile('data:audio/wav;base64,UklGRg==');
    expect(inline).toEqual({ bytes: Buffer.from('RIFF'), mimeType: 'audio/wav' });
    expect(log.reserved).toBe(2);
  });

  it('extractText reads {text} and OCR pages', async () => {
    const local = await startLocal((_req, res) =>
      sendJson(res, 200, {
        pages: [{ index: 0, markdown: '# Title', images: [{ id: 'img-0', image_base64: 'AA' }] }],
        model: 'utils/pdf-ocr-1.0',
        text: '# Title',
      }),
    );
    const { client } = clientFor(local.base);
    const result = await client.extractText({
      encoded_base64_file: 'JVBERi0=',
      filename: 'a.pdf',
      model: 'utils/pdf-ocr-1.0',
      return_images: true,
    });
    expect(result).toEqual({
      text: '# Title',
      pages: [{ index: 0, markdown: '# Title', images: [{ id: 'img-0', imageBase64: 'AA' }] }],
    });
    expect(local.requests[0]?.url).toBe('/v1/extract_text');
  });

  it('videoGenerate uses Bearer; videoStatus uses Key and request_id', async () => {
    const statuses = [
      { status: 'IN_QUEUE' },
      { status: 'COMPLETED', url: 'http://x/v.mp4' },
      { status: 'FAILED', reason: 'nsfw' },
      { status: 'error', reason: 'generation failed' },
    ];
    const local = await startLocal((req, res) => {
      if (req.url.startsWith('/v1/video/generate')) sendJson(res, 200, { request_id: 'job 1' });
      else sendJson(res, 200, statuses.shift());
    });
    const { client } = clientFor(local.base);
    const { requestId } = await client.videoGenerate({
      model: 'txt2vid-x',
      prompt: 'waves',
      aspect_ratio: '16:9',
      duration: 5,
    });
    expect(requestId).toBe('job 1');
    expect(local.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.parse(local.requests[0]?.body.toString() ?? '')).toMatchObject({
      action: 'generate',
    });
    expect(await client.videoStatus(requestId)).toEqual({
      status: 'IN_QUEUE',
      phase: 'running',
      url: null,
      reason: null,
    });
    expect(local.requests[1]?.method).toBe('GET');
    expect(local.requests[1]?.url).toBe('/v1/video/status?request_id=job%201');
    expect(local.requests[1]?.headers.authorization).toBe(`Key ${KEY}`);
    expect((await client.videoStatus(requestId)).phase).toBe('completed');
    expect(await client.videoStatus(requestId)).toMatchObject({ phase: 'failed', reason: 'nsfw' });
    expect(await client.videoStatus(requestId)).toMatchObject({
      phase: 'failed',
      reason: 'generation failed',
    });
  });

  it('videoGenerate maps {status: "error", reason}', async () => {
    const local = await startLocal((_req, res) =>
      sendJson(res, 200, { status: 'error', reason: 'Model is disabled' }),
    );
    const { client } = clientFor(local.base);
    const e = await failureOf(
      client.videoGenerate({ model: 'txt2vid-x', prompt: 'p', aspect_ratio: '1:1' }),
    );
    expect(e.error).toMatchObject({ code: 'model_unavailable', message: 'Model is disabled' });
  });

  it('sdTxt2img puts the key in the path on the host root, and masks it in errors', async () => {
    let fail = false;
    const local = await startLocal((req, res) => {
      if (fail) sendJson(res, 400, { error: `Unknown model for ${req.url}` });
      else sendJson(res, 200, { images: ['AAAA'], info: '{}' });
    });
    const { client } = clientFor(local.base);
    const result = await client.sdTxt2img({ prompt: 'a fox', steps: 20 });
    expect(result.images).toEqual(['AAAA']);
    expect(local.requests[0]?.url).toBe(`/sdapi/${KEY}/sdapi/v1/txt2img`);
    expect(local.requests[0]?.headers.authorization).toBeUndefined();
    fail = true;
    const e = await failureOf(client.sdTxt2img({ prompt: 'x' }));
    expect(e.error.message).not.toContain(KEY);
    expect(e.message).not.toContain(KEY);
  });

  it('debug: sends to port + 1 by default, reads latest/call with the key masked, once per 20 s', async () => {
    const seen: string[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      const url = String(input);
      seen.push(url);
      if (url.includes('/latest/call'))
        return new Response(
          JSON.stringify({ headers: { authorization: `Bearer ${KEY}` }, path: `/v1/x?key=${KEY}` }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        );
      return new Response(`echo ${KEY}`, {
        status: 200,
        headers: { 'Content-Type': 'text/plain' },
      });
    };
    let clock = 100_000;
    const { client, log } = clientFor('https://api.example.com:7070/v1', {
      fetch: fakeFetch,
      now: () => clock,
    });
    const sent = await client.sendToDebug('/chat/completions', CHAT);
    expect(seen[0]).toBe('https://api.example.com:7071/v1/chat/completions');
    expect(sent).toEqual({ status: 200, contentType: 'text/plain', body: 'echo ****0042' });
    const latest = await client.latestDebugCall();
    expect(seen[1]).toBe(`https://api.example.com:7071/v1/latest/call?key=${KEY}`);
    expect(JSON.stringify(latest)).not.toContain(KEY);
    expect(latest.call).toEqual({
      headers: { authorization: 'Bearer ****0042' },
      path: '/v1/x?key=****0042',
    });
    clock += 19_000;
    const early = await failureOf(client.latestDebugCall());
    expect(early.error).toMatchObject({ code: 'rate_limited', details: { retryAfterMs: 1000 } });
    expect(seen).toHaveLength(2);
    clock += 1000;
    await client.latestDebugCall();
    expect(seen).toHaveLength(3);
    expect(log.reserved).toBe(3);

    const { client: defaultPort } = clientFor('https://api.example.com/v1', { fetch: fakeFetch });
    await defaultPort.sendToDebug('models', undefined);
    expect(seen[3]).toBe('https://api.example.com:444/v1/models');
  });
});

async function formOf(req: Recorded | undefined): Promise<FormData> {
  if (!req) throw new Error('no request');
  const type = req.headers['content-type'] ?? '';
  expect(type).toMatch(/^multipart\/form-data; boundary=/);
  return new Response(new Uint8Array(req.body), { headers: { 'Content-Type': type } }).formData();
}

describe('against the simulator', () => {
  let sim: { baseUrl: string; debugBaseUrl: string; close(): Promise<void> } | null = null;

  beforeAll(async () => {
    const { startSim } = await import('../../sim/server');
    sim = await startSim({ port: 0, debugPort: 0, chunkDelayMs: 0, minVideoPollMs: 0 });
  });

  afterAll(async () => {
    await sim?.close();
  });

  // One scheduler per account, as in the app, so tests sharing a key do not trip its rate.
  const schedulers = new Map<string, RequestScheduler>();

  function simClient(key: string) {
    if (!sim) throw new Error('sim not started');
    let scheduler = schedulers.get(key);
    if (!scheduler) {
      scheduler = createScheduler({ plan: key === 'sim-fast' ? 'fast' : 'standard' });
      schedulers.set(key, scheduler);
    }
    const connection: ServiceConnection = {
      baseUrl: sim.baseUrl,
      apiKey: key,
      debugBaseUrl: sim.debugBaseUrl,
    };
    return createServiceClient({
      connection: () => connection,
      scheduler,
    });
  }

  async function control(path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${sim?.baseUrl.replace(/\/v1$/, '')}/__sim/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.json();
  }

  it('lists models and streams a chat answer with usage', async () => {
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
    expect(result.usage?.cost).toMatch(/^\d+(\.\d+)?$/);
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

  it('maps the simulator errors', async () => {
    const client = simClient('sim-fast');
    const model = 'openai/gpt-4o-mini';
    const ask = (content: string) =>
      failureOf(client.chat({ model, messages: [{ role: 'user', content }] }));
    expect((await ask('[[moderation]]')).error.code).toBe('moderation');
    expect((await ask('[[500]]')).error.code).toBe('server_error');
    expect((await ask('[[502]]')).error.code).toBe('bad_gateway');
    const html = await ask('[[html]]');
    expect(html.error.code).toBe('server_error');
    expect(html.error.message).not.toMatch(/</);
    expect((await ask('[[unavailable]]')).error.code).toBe('model_unavailable');
    expect((await ask('[[error200]]')).error).toMatchObject({ code: 'bad_gateway', status: 502 });
    expect(
      (
        await failureOf(
          simClient('sim-broke').chat({ model, messages: [{ role: 'user', content: 'x' }] }),
        )
      ).error.code,
    ).toBe('no_funds');
    expect((await failureOf(simClient('nope').listModels())).error.code).toBe('key_unknown');
    expect((await failureOf(simClient('sk-openai-1234').listModels())).error.code).toBe(
      'foreign_key',
    );
  });

  it('resends injected 504s and reports each retry', async () => {
    await control('reset', {});
    await control('fail', { status: 504, count: 2, path: '/chat/completions' });
    const client = simClient('sim-fast');
    const retries: RetryInfo[] = [];
    const result = await client.chat(
      { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'after timeouts' }] },
      { onRetry: (info) => retries.push(info) },
    );
    expect(result.content.length).toBeGreaterThan(0);
    expect(retries.map((r) => r.reason)).toEqual(['upstream_timeout', 'upstream_timeout']);
  });

  it('maps the account and request refusals', async () => {
    const ask = (key: string, model: string, extra: Record<string, unknown> = {}) =>
      failureOf(
        simClient(key).chat({ model, messages: [{ role: 'user', content: 'hello' }], ...extra }),
      );
    expect((await ask('sim-basic', 'premium/gpt-4.5')).error.code).toBe('not_in_plan');
    expect(
      (await ask('sim-limit', 'anthropic/claude-3.5-sonnet', { max_tokens: 4000 })).error.code,
    ).toBe('per_request_limit');
    expect((await ask('sim-fast', 'openai/gpt-4o-mini', { max_tokens: 100_000 })).error.code).toBe(
      'max_tokens_too_large',
    );
    const tiny = await failureOf(
      simClient('sim-fast').chat({
        model: 'sim/tiny-context',
        messages: [{ role: 'user', content: 'word '.repeat(3000) }],
        max_tokens: 100,
      }),
    );
    expect(tiny.error.code).toBe('context_exceeded');
    expect(tiny.error.details?.limit).toEqual(expect.any(Number));
  });

  it('waits out an injected 429 (Retry-After) and succeeds', async () => {
    await control('fail', { status: 429, count: 1, path: '/models' });
    const retries: RetryInfo[] = [];
    const started = Date.now();
    const models = await simClient('sim-fast').listModels({
      onRetry: (info) => retries.push(info),
    });
    expect(models.length).toBeGreaterThan(0);
    expect(retries).toEqual([expect.objectContaining({ reason: 'rate_limited', attempt: 1 })]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
  });

  it('embeddings and decisions', async () => {
    const client = simClient('sim-fast');
    const embedded = await client.embeddings({
      model: 'emb-openai/text-embedding-3-small',
      input: 'a sentence',
    });
    expect(embedded.vectors).toHaveLength(1);
    expect(embedded.vectors[0]?.length).toBeGreaterThan(8);
    const decided = await client.decisions({
      model: 'decisions/judge-1.0',
      state: 'The sky is blue.',
      questions: {
        truth: {
          type: 'noul',
          instructions: 'Is it true?',
          criteria: { true: 'yes', false: 'no' },
        },
        mood: { type: 'choice', instructions: 'Mood?', criteria: { calm: 'calm', angry: 'angry' } },
      },
    });
    expect(decided.answers.truth?.type).toBe('noul');
    expect(decided.answers.mood?.type).toBe('choice');
  });

  it('images: generation, img2img with source images, /images/edits and sdapi', async () => {
    const client = simClient('sim-fast');
    const made = await client.generateImage({
      model: 'img-stable/stable-diffusion-xl-1024',
      prompt: 'a lighthouse',
      size: '1024x1024',
    });
    const png = Buffer.from(made.images[0]?.b64 ?? '', 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const source = `data:image/png;base64,${made.images[0]?.b64 ?? ''}`;
    const edited = await client.generateImage({
      model: 'img2img-google/gemini-2.5-flash-image',
      prompt: 'at night',
      sourceImages: [source, source],
    });
    expect(edited.images).toHaveLength(1);
    const viaEdits = await client.editImage({
      model: 'gpt-image-1',
      prompt: 'in snow',
      sourceImages: [source],
    });
    expect(viaEdits.images[0]?.b64).toBeTruthy();
    const sd = await client.sdTxt2img({ prompt: 'a fox', width: 512, height: 512, steps: 10 });
    expect(sd.images).toHaveLength(1);
  });

  it('speech, music (bytes or a url) and transcription of the speech', async () => {
    const client = simClient('sim-fast');
    const spoken = await client.speech({
      model: 'tts-openai/tts-1',
      input: 'Hello from Atelier',
      voice: 'alloy',
      response_format: 'wav',
    });
    expect(spoken.mimeType).toMatch(/wav/);
    expect(spoken.bytes.subarray(0, 4).toString()).toBe('RIFF');
    const music = await client.speech({
      model: 'tta-sim/melody-url',
      input: 'calm',
      seconds_total: 2,
    });
    expect(music.bytes.subarray(0, 4).toString()).toBe('RIFF');
    const heard = await client.transcribe({
      file: spoken.bytes,
      filename: 'hello.wav',
      mimeType: 'audio/wav',
      model: 'stt-openai/whisper-1',
    });
    expect(heard.text).toContain('Hello from Atelier');
  });

  it('document to text', async () => {
    const client = simClient('sim-fast');
    const content = 'BT /F1 12 Tf 72 720 Td (Hello PDF) Tj ET';
    const pdf = Buffer.from(
      [
        '%PDF-1.4',
        '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
        '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
        '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >> endobj',
        `4 0 obj << /Length ${content.length} >> stream`,
        content,
        'endstream endobj',
        'trailer << /Root 1 0 R >>',
        '%%EOF',
      ].join('\n'),
    ).toString('base64');
    const extracted = await client.extractText({
      encoded_base64_file: pdf,
      filename: 'hello.pdf',
      model: 'utils/extract-text-1.0',
    });
    expect(extracted.text).toContain('Hello PDF');
    const ocr = await client.extractText({
      encoded_base64_file: pdf,
      filename: 'hello.pdf',
      model: 'utils/pdf-ocr-1.0',
    });
    expect(ocr.pages?.[0]?.markdown).toContain('Hello PDF');
    const corrupt = await failureOf(
      client.extractText({
        encoded_base64_file: Buffer.from('not a pdf').toString('base64'),
        filename: 'broken.pdf',
        model: 'utils/extract-text-1.0',
      }),
    );
    expect(corrupt.error).toMatchObject({ code: 'server_error', status: 500 });
    expect(corrupt.error.message).toMatch(/corrupt/);
  });

  it('video: generate with Bearer, poll with Key until COMPLETED, download the result', async () => {
    const client = simClient('sim-fast');
    const { requestId } = await client.videoGenerate({
      model: 'txt2vid-kling/kling-v2.1',
      prompt: 'waves at dusk',
      aspect_ratio: '16:9',
    });
    let status = await client.videoStatus(requestId);
    for (let polls = 0; status.phase === 'running' && polls < 50; polls++) {
      await sleep(100);
      status = await client.videoStatus(requestId);
    }
    expect(status.phase).toBe('completed');
    const video = await client.downloadFile(status.url ?? '');
    expect(video.bytes.length).toBeGreaterThan(0);
  });

  it('debug: the listener logs a call and latest/call gives it back without the key', async () => {
    const client = simClient('sim-fast');
    const sent = await client.sendToDebug('/chat/completions', {
      model: 'openai/gpt-4o-mini',
      messages: [{ role: 'user', content: 'debug me' }],
    });
    expect(sent.status).toBe(200);
    const latest = await client.latestDebugCall();
    expect(JSON.stringify(latest.call)).toContain('debug me');
    expect(JSON.stringify(latest.call)).not.toContain('sim-fast');
  });

  it('reads balances: ok, off, and a broke account', async () => {
    expect((await simClient('sim-fast').getBalance()).state).toBe('ok');
    const off = await simClient('sim-nobalance').getBalance();
    expect(off.state).toBe('off');
    expect(off.reason).toBeTruthy();
    const broke = await simClient('sim-broke').getBalance();
    expect(broke).toMatchObject({ state: 'ok', userStatus: 2 });
    expect(broke.subscriptionEndUtc === null || broke.subscriptionEndUtc.endsWith('Z')).toBe(true);
  });
});
