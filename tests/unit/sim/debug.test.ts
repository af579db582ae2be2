// The simulator's debug listener.
import { describe, expect, it } from 'vitest';
import { sim, useSimulators } from './sim-harness';

useSimulators();

describe('debug listener', () => {
  it('logs the last call and gives it back at most once per 20 s', async () => {
    const sent = await fetch(`${sim.debugBaseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sim-debugger', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        model: 'openai/gpt-4o-mini',
        messages: [{ role: 'user', content: 'trace me' }],
      }),
    });
    expect(sent.status).toBe(200);
    const latest = await fetch(`${sim.debugBaseUrl}/latest/call?key=sim-debugger`);
    expect(latest.status).toBe(200);
    const logged = (await latest.json()) as {
      path: string;
      body: unknown;
      headers: Record<string, string>;
    };
    expect(logged.path).toBe('/v1/chat/completions');
    expect(JSON.stringify(logged.body)).toContain('trace me');
    expect(logged.headers.authorization).not.toContain('sim-debugger');
    const again = await fetch(`${sim.debugBaseUrl}/latest/call?key=sim-debugger`);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(15);
    expect(((await again.json()) as { message: string }).message).toMatch(/20 seconds/);
  });
});
