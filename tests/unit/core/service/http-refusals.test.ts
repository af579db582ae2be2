// The service's refusals over HTTP: a 429 in words Atelier does not know, "no subscription" apart from the plan, 500 and 502 never resent.
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_RATE_RETRIES } from '../../../../electron/core/service/http';
import { STANDARD_INTERVAL_MS } from '../../../../electron/core/service/scheduler';
import type { RetryInfo } from '../../../../electron/core/service/types';
import { REFUSAL_429_TEXT } from '../../../../sim/triggers';
import {
  CHAT,
  clientFor,
  closeLocalServers,
  failureOf,
  recordingScheduler,
  sendJson,
  startLocal,
  useSimulator,
} from './client-harness';

afterEach(closeLocalServers);

const WORDS = REFUSAL_429_TEXT;

/** A client whose scheduler never waits but reports the pace it keeps, recording what it is asked. */
async function paced(intervalMs: number, reply: Parameters<typeof startLocal>[0]) {
  const local = await startLocal(reply);
  const { scheduler, log } = recordingScheduler();
  const { client } = clientFor(local.base, {
    scheduler: { ...scheduler, intervalMs: () => intervalMs },
    now: () => 0,
  });
  return { local, client, log };
}

describe('a 429 in words Atelier does not know', () => {
  it('is told in those words after one resend when Atelier kept the document’s pace', async () => {
    const { local, client, log } = await paced(STANDARD_INTERVAL_MS, (_req, res) =>
      sendJson(res, 429, { error: { message: WORDS, code: 429 } }),
    );
    const retries: RetryInfo[] = [];
    const e = await failureOf(client.chat(CHAT, { onRetry: (info) => retries.push(info) }));
    expect(e.error).toMatchObject({
      code: 'refused',
      message: WORDS,
      status: 429,
      retryable: true,
    });
    expect(e.error.fromService).toBe(true);
    expect(local.requests).toHaveLength(2);
    expect(retries).toEqual([{ attempt: 1, maxAttempts: 1, reason: 'refused', untilMs: 0 }]);
    // Not the rate: nothing held, and the FAST plan is not slowed.
    expect(log.holds).toEqual([]);
    expect(log.rateLimited).toBe(0);
    expect(log.answered).toBe(2);
  });

  it('passes when the one resend gets through', async () => {
    let calls = 0;
    const { local, client } = await paced(STANDARD_INTERVAL_MS, (_req, res) => {
      calls++;
      if (calls === 1) sendJson(res, 429, { error: WORDS });
      else sendJson(res, 200, { data: [{ id: 'a/b' }] });
    });
    expect((await client.listModels()).map((m) => m.id)).toEqual(['a/b']);
    expect(local.requests).toHaveLength(2);
  });

  it('is waited out as the rate where Atelier went faster than the document, then told in its words', async () => {
    const { local, client, log } = await paced(STANDARD_INTERVAL_MS / 4, (_req, res) =>
      sendJson(res, 429, { error: WORDS }),
    );
    const retries: RetryInfo[] = [];
    const e = await failureOf(client.chat(CHAT, { onRetry: (info) => retries.push(info) }));
    expect(e.error).toMatchObject({ code: 'refused', message: WORDS, retryable: true });
    expect(local.requests).toHaveLength(MAX_RATE_RETRIES + 1);
    expect(retries.every((r) => r.reason === 'rate_limited')).toBe(true);
    expect(log.holds).toEqual([2000, 4000, 8000, 16000]);
    expect(log.rateLimited).toBe(MAX_RATE_RETRIES + 1);
  });

  it.each([
    ['says it is the rate', { error: 'Too many requests' }, {}],
    ['says nothing', '', {}],
    ['sets a Retry-After', { error: WORDS }, { 'Retry-After': '1' }],
  ])('stays a rate limit at the document’s pace when it %s', async (_what, body, headers) => {
    const { local, client, log } = await paced(STANDARD_INTERVAL_MS, (_req, res) =>
      sendJson(res, 429, body, headers),
    );
    const e = await failureOf(client.chat(CHAT));
    expect(e.error.code).toBe('rate_limited');
    expect(local.requests).toHaveLength(MAX_RATE_RETRIES + 1);
    expect(log.rateLimited).toBe(MAX_RATE_RETRIES + 1);
  });
});

describe('against the simulator', () => {
  const { simClient, control } = useSimulator();
  const ask = (key: string, content: string, onRetry?: (info: RetryInfo) => void) =>
    failureOf(
      simClient(key).chat(
        { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content }] },
        { onRetry },
      ),
    );
  const chatRequests = async (): Promise<number> =>
    ((await control('requests')) as Array<{ path: string }>).filter((r) =>
      r.path.endsWith('/chat/completions'),
    ).length;

  it('tells [[429refusal]] on the standard plan in the service’s words after one resend', async () => {
    await control('reset', {});
    const retries: RetryInfo[] = [];
    const e = await ask('sim-standard-words', 'Pay me [[429refusal]]', (info) =>
      retries.push(info),
    );
    expect(e.error).toMatchObject({
      code: 'refused',
      message: REFUSAL_429_TEXT,
      status: 429,
      retryable: true,
    });
    expect(retries.map((r) => r.reason)).toEqual(['refused']);
    expect(await chatRequests()).toBe(2);
  });

  it('never resends a 500 or a 502 EDGE_FUNCTION_INVOCATION_FAILED', async () => {
    await control('reset', {});
    const retries: RetryInfo[] = [];
    const failed = await ask('sim-fast', 'Break [[502]]', (info) => retries.push(info));
    expect(failed.error).toMatchObject({ code: 'bad_gateway', status: 502, retryable: true });
    expect(failed.error.message).toMatch(/EDGE_FUNCTION_INVOCATION_FAILED/);
    expect((await ask('sim-fast', 'Break [[500]]', (info) => retries.push(info))).error.code).toBe(
      'server_error',
    );
    expect(retries).toEqual([]);
    expect(await chatRequests()).toBe(2);
  });

  it('tells "no subscription" apart from a model outside the plan, as 400 and as 429, in both languages', async () => {
    await control('reset', {});
    const statuses: Array<number | null> = [];
    for (const errorLanguage of ['en', 'ru']) {
      await control('settings', { errorLanguage });
      const e = await ask('sim-expired', 'hello');
      expect(e.error.code).toBe('no_subscription');
      statuses.push(e.error.status);
    }
    expect(new Set(statuses)).toEqual(new Set([400, 429]));
    const premium = await failureOf(
      simClient('sim-basic').chat({ model: 'premium/gpt-4.5', messages: CHAT.messages }),
    );
    expect(premium.error.code).toBe('not_in_plan');
    await control('reset', {});
  });
});
