// The simulator's server: the rate limit per plan, injected failures, the request log, the legacy port.
import { describe, expect, it } from 'vitest';
import { startSim } from '../../../sim/server';
import { sim, call, chat, control, useSimulators } from './sim-harness';

useSimulators();

describe('rate limits', () => {
  it('answers 429 with Retry-After to a standard key within 2 s, and caps sim-fast at 10 / s', async () => {
    const limited = await startSim({ port: 0, debugPort: 0 });
    try {
      const ask = (key: string) => call('/models', { key, target: limited });
      expect((await ask('sim-standard')).status).toBe(200);
      const second = await ask('sim-standard');
      expect(second.status).toBe(429);
      expect(Number(second.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(((await second.json()) as { error: { message: string } }).error.message).toMatch(
        /Too many requests/,
      );
      const burst = await Promise.all(Array.from({ length: 11 }, () => ask('sim-fast')));
      expect(burst.filter((r) => r.status === 200)).toHaveLength(10);
      expect(burst.filter((r) => r.status === 429)).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });
});

describe('failure injection and the request log', () => {
  it('fails the next matching requests with a text 504, then recovers', async () => {
    await control('fail', { status: 504, count: 1, path: '/chat/completions' });
    expect((await call('/models')).status).toBe(200);
    const failed = await chat('after');
    expect(failed.status).toBe(504);
    expect(await failed.text()).toContain('EDGE_FUNCTION_INVOCATION_TIMEOUT');
    expect((await chat('after')).status).toBe(200);
    await control('fail', { status: 429, count: 1 });
    const limited = await call('/models');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
  });

  it('logs requests with their headers', async () => {
    await chat('logged', {}, { headers: { 'X-Title': 'Atelier' } });
    const log = (await (await control('requests')).json()) as Array<{
      path: string;
      headers: Record<string, string>;
      body: string;
    }>;
    const last = log[log.length - 1];
    expect(last?.path).toBe('/v1/chat/completions');
    expect(last?.headers['x-title']).toBe('Atelier');
    expect(last?.body).toContain('logged');
  });

  it('serves the same API on the legacy port', async () => {
    const res = await call(`${sim.legacyBaseUrl}/balance`, { key: 'sim-legacy' });
    expect(res.status).toBe(200);
  });
});
