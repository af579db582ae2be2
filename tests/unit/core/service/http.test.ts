// The transport over real HTTP and the simulator: 429 and 504 resent through the scheduler, long holds, refusals mapped, X-Title.
import { afterEach, describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS } from '../../../../electron/core/service/http';
import { createScheduler } from '../../../../electron/core/service/scheduler';
import type { RetryInfo } from '../../../../electron/core/service/types';
import type { ServiceHold } from '../../../../shared/rate';
import {
  closeLocalServers,
  startLocal,
  clientFor,
  failureOf,
  sendJson,
  writeSlowly,
  chunk,
  CHAT,
  sleep,
  useSimulator,
} from './client-harness';

afterEach(closeLocalServers);

describe('the transport', () => {
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
    const { client } = clientFor(local.base, {
      scheduler: createScheduler({ plan: 'custom', customPerSecond: 9 }),
    });
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

describe('against the simulator', () => {
  const { simClient, control } = useSimulator();

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
});

describe('a 429 and the whole account', () => {
  it('holds every request until a long Retry-After ends, though the one that met it fails', async () => {
    let clock = 1_000_000;
    const holds: Array<ServiceHold | null> = [];
    const scheduler = createScheduler({
      now: () => clock,
      onHoldChanged: (hold) => holds.push(hold),
    });
    let calls = 0;
    const local = await startLocal((_req, res) => {
      calls++;
      if (calls === 1) sendJson(res, 429, { error: 'Too many requests' }, { 'Retry-After': '300' });
      else sendJson(res, 200, { data: [] });
    });
    const { client } = clientFor(local.base, { scheduler, now: () => clock });
    const e = await failureOf(client.chat(CHAT));
    expect(e.error).toMatchObject({ code: 'rate_limited', details: { retryAfterMs: 300_000 } });
    expect(holds).toEqual([{ untilMs: clock + 300_000, sinceMs: clock }]);
    expect(scheduler.currentHold()?.untilMs).toBe(clock + 300_000);

    // A background poll waits: nothing reaches the service while the hold is in force.
    let polled = false;
    const poll = client.listModels({ priority: 'background' }).then(() => {
      polled = true;
    });
    await sleep(100);
    expect(polled).toBe(false);
    expect(local.requests).toHaveLength(1);
    clock += 5000;
    // "Retry now": the hold is lifted, the poll goes out at once.
    expect(scheduler.liftHold()).toBe(true);
    await poll;
    expect(local.requests).toHaveLength(2);
    expect(holds[holds.length - 1]).toBeNull();
  });

  it('backs off (bounded) on a 429 without Retry-After and tells the rate it was limited', async () => {
    const local = await startLocal((_req, res) =>
      sendJson(res, 429, { error: { message: 'Rate limit exceeded' } }),
    );
    const { client, log } = clientFor(local.base, { now: () => 0 });
    await failureOf(client.chat(CHAT));
    expect(log.holds.every((at) => at <= BACKOFF_CAP_MS)).toBe(true);
    expect(log.rateLimited).toBe(local.requests.length);
    expect(log.answered).toBe(0);
  });

  it.each([
    ['no funds', 'Not enough funds: top up your balance.'],
    ['no subscription', 'No active subscription: your subscription has ended.'],
    ['an invalid key', 'Invalid API key.'],
    ['an unknown user', 'User with this API key was not found'],
  ])(
    'does not take a 429 that says %s for a rate limit: no hold, no resend',
    async (_what, text) => {
      const local = await startLocal((_req, res) =>
        sendJson(res, 429, { error: { message: text } }, { 'Retry-After': '300' }),
      );
      const { client, log } = clientFor(local.base);
      const e = await failureOf(client.chat(CHAT));
      expect(e.error.code).not.toBe('rate_limited');
      expect(local.requests).toHaveLength(1);
      expect(log.holds).toEqual([]);
      expect(log.rateLimited).toBe(0);
    },
  );

  it('counts every answer that is not a 429 towards the FAST plan’s speed-up', async () => {
    let calls = 0;
    const local = await startLocal((_req, res) => {
      calls++;
      if (calls === 1) sendJson(res, 400, { error: { message: 'bad request' } });
      else sendJson(res, 200, { data: [] });
    });
    const { client, log } = clientFor(local.base);
    await failureOf(client.listModels());
    await client.listModels();
    expect(log.answered).toBe(2);
    expect(log.rateLimited).toBe(0);
  });
});

describe('a 429 from another host', () => {
  it('holds nobody else: a storage host or the debug listener has its own limits', async () => {
    const storage = await startLocal((_req, res) =>
      sendJson(res, 429, { error: 'Too many requests' }, { 'Retry-After': '300' }),
    );
    const service = await startLocal((_req, res) => sendJson(res, 200, { data: [] }));
    const { client, log } = clientFor(service.base);
    const e = await failureOf(client.downloadFile(`${storage.origin}/files/v.mp4`));
    expect(e.error.code).toBe('rate_limited');
    expect(log.holds).toEqual([]);
    expect(log.rateLimited).toBe(0);
    expect(log.answered).toBe(0);
  });
});

describe('X-Title', () => {
  it('goes to the service’s own origin only, not to a result on another host', async () => {
    const storage = await startLocal((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'video/mp4' });
      res.end(Buffer.from('mp4'));
    });
    const service = await startLocal((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'video/mp4' });
      res.end(Buffer.from('mp4'));
    });
    const { client } = clientFor(service.base);
    await client.downloadFile(`${storage.origin}/files/v.mp4`);
    await client.downloadFile(`${service.origin}/files/v.mp4`);
    await client.listModels().catch(() => undefined);
    expect(storage.requests[0]?.headers['x-title']).toBeUndefined();
    expect(storage.requests[0]?.headers.authorization).toBeUndefined();
    expect(service.requests.map((r) => r.headers['x-title'])).toEqual(['Atelier', 'Atelier']);
  });

  it('is not sent when the same host answers on another port (another origin)', async () => {
    const other = await startLocal((_req, res) => sendJson(res, 200, {}));
    const service = await startLocal((_req, res) => sendJson(res, 200, { data: [] }));
    const { client } = clientFor(service.base);
    await client.downloadFile(`${other.origin}/x.bin`);
    expect(other.requests[0]?.headers['x-title']).toBeUndefined();
  });
});
