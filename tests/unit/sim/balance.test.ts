// The simulator's balance states and exact decimal charges.
import { describe, expect, it } from 'vitest';
import { open, call, chat, useSimulators } from './sim-harness';

useSimulators();

describe('balance', () => {
  it('answers each balance state', async () => {
    const balance = async (key: string) => {
      const res = await call('/balance', { key, target: open });
      return { status: res.status, text: await res.text() };
    };
    const ok = JSON.parse((await balance('sim-fast')).text) as {
      status: string;
      data: Record<string, unknown>;
    };
    expect(ok.status).toBe('ok');
    expect(ok.data).toMatchObject({ credits: '100.00', user_status: 0, subscription_status: 'ok' });
    expect(ok.data.subscription_end).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.parse((await balance('sim-broke')).text).data).toMatchObject({
      credits: '0.00',
      user_status: 2,
    });
    const yellow = JSON.parse((await balance('sim-yellow')).text).data;
    expect(yellow.user_status).toBe(1);
    expect(yellow.user_status_text).toMatch(/limit/);
    const off = JSON.parse((await balance('sim-nobalance')).text);
    expect(off.status).toBe('error');
    expect(off.reason).toMatch(/settings/);
    const unknown = await balance('nobody');
    expect(unknown.status).toBe(400);
    expect(unknown.text).toMatch(/not found/);
    expect((await balance('sk-abc')).text).toMatch(/own key/);
  });

  it('deducts the cost of a call from the credits, in exact decimals', async () => {
    const res = await chat('price me', {}, { key: 'sim-paying', target: open });
    const body = (await res.json()) as { usage: { cost: string } };
    expect(body.usage.cost).toMatch(/^0\.\d{2,6}$/);
    const after = (await (await call('/balance', { key: 'sim-paying', target: open })).json()) as {
      data: { credits: string };
    };
    const micro = (s: string) => Math.round(Number(s) * 1e6);
    expect(micro(after.data.credits)).toBe(100_000_000 - micro(body.usage.cost));
  });
});
