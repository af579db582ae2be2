// key.check's core: the model list and the balance asked with an address and a key, judged in one word.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim } from '../../../../../sim/server';
import { checkConnection, judgeCheck } from '../../../../../electron/core/features/settings/check';
import { createScheduler } from '../../../../../electron/core/service/scheduler';
import { CUSTOM_RATE } from '../../../../../shared/rate';

type Sim = Awaited<ReturnType<typeof startSim>>;
let sim: Sim;

beforeAll(async () => {
  sim = await startSim({ port: 0, debugPort: 0, rateLimit: false, validationStatus: 400 });
});
afterAll(async () => {
  await sim.close();
});

/** The quickest rate a person may set: the FAST plan starts at 1 per 2 s, and no test here is about it. */
function check(key: string | null, baseUrl = sim.baseUrl) {
  const scheduler = createScheduler({ plan: 'custom', customPerSecond: CUSTOM_RATE.max });
  return checkConnection({ baseUrl, key, scheduler });
}

describe('checkConnection', () => {
  it('a working key: connected, with the number of models and the balance', async () => {
    const result = await check('sim-fast');
    expect(result.outcome).toBe('connected');
    expect(result.modelCount).toBeGreaterThan(10);
    expect(result.balance?.state).toBe('ok');
    expect(result.balance?.credits).toBe('100.00');
    expect(result.error).toBeNull();
  });

  it("an unknown key: refused, with the service's words", async () => {
    const result = await check('nobody-knows-this-key');
    expect(result.outcome).toBe('refused');
    expect(result.error?.code).toBe('key_unknown');
    expect(result.error?.fromService).toBe(true);
    expect(result.error?.message).toMatch(/not found/i);
  });

  it('balance retrieval off is still connected: the key was recognised', async () => {
    const result = await check('sim-nobalance');
    expect(result.outcome).toBe('connected');
    expect(result.balance?.state).toBe('off');
  });

  it('nothing at the address: unreachable, naming the host', async () => {
    const result = await check('sim-fast', 'http://127.0.0.1:9/v1');
    expect(result.outcome).toBe('unreachable');
    expect(result.host).toBe('127.0.0.1:9');
    expect(result.modelCount).toBeNull();
  });

  it('an address that answers, but not as the service: failed', async () => {
    const result = await check('sim-fast', `${sim.hostRoot}/nothing-here/v1`);
    expect(result.outcome).toBe('failed');
  });
});

describe('judgeCheck', () => {
  it('a refused balance makes a listed service refuse the key', () => {
    const refusal = {
      code: 'key_unknown' as const,
      message: 'User not found',
      status: 400,
      retryable: false,
    };
    const balance = {
      state: 'error' as const,
      credits: null,
      userStatus: null,
      userStatusText: null,
      subscriptionStatus: null,
      subscriptionEnd: null,
      subscriptionEndUtc: null,
      reason: null,
      error: refusal,
      checkedAt: null,
    };
    expect(judgeCheck('h', { ok: true, count: 3 }, balance).outcome).toBe('refused');
    expect(
      judgeCheck(
        'h',
        { ok: true, count: 3 },
        { ...balance, error: { ...refusal, code: 'network', status: null } },
      ).outcome,
    ).toBe('connected');
  });
});
