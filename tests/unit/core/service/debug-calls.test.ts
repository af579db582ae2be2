// The debug listener over real HTTP and the simulator: the test call and the masked latest call.
import { afterEach, describe, expect, it } from 'vitest';
import { closeLocalServers, KEY, clientFor, failureOf, CHAT, useSimulator } from './client-harness';

afterEach(closeLocalServers);

describe('debug calls', () => {
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

describe('against the simulator', () => {
  const { simClient } = useSimulator();

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
});
