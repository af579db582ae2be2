// The account's rate on the wire, over real HTTP: requests reach the simulator at least the document's 2 s apart, however long a body takes to build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../../electron/core/service/client';
import { createScheduler } from '../../../../electron/core/service/scheduler';
import type { RetryInfo, WireMessage } from '../../../../electron/core/service/types';
import { startSim, type RunningSim } from '../../../../sim/server';

/** The service's document: "at most 1 request per 2 seconds" on the standard plan. */
const DOCUMENTED_INTERVAL_MS = 2000;
const BUILD_MS = 300;
const WAY_MS = 300;

let sim: RunningSim;

beforeAll(async () => {
  // The simulator checks the rate on arrival, as the service would.
  sim = await startSim({ port: 0, debugPort: 0, chunkDelayMs: 0 });
});

afterAll(async () => {
  await sim.close();
});

/** A message whose serialisation takes BUILD_MS, as a large body does (several pictures). */
function slowToBuild(content: string): WireMessage {
  const message = { role: 'user', content };
  return Object.assign(
    {
      toJSON() {
        const until = Date.now() + BUILD_MS;
        while (Date.now() < until);
        return message;
      },
    },
    message,
  ) as WireMessage;
}

async function arrivals(): Promise<Array<{ path: string; at: number }>> {
  const res = await fetch(`${sim.hostRoot}/__sim/requests`);
  return (await res.json()) as Array<{ path: string; at: number }>;
}

describe('the standard plan on the wire', () => {
  it('lets requests reach the service at least 2,000 ms apart when the first took long to build', async () => {
    const client = createServiceClient({
      connection: () => ({ baseUrl: sim.baseUrl, apiKey: 'sim-wire-rate' }),
      scheduler: createScheduler(),
    });
    const retries: RetryInfo[] = [];
    const onRetry = (info: RetryInfo): void => {
      retries.push(info);
    };
    const model = 'openai/gpt-4o-mini';
    const answers = await Promise.all([
      client.chat({ model, messages: [slowToBuild('first')] }, { onRetry }),
      client.chat({ model, messages: [{ role: 'user', content: 'second' }] }, { onRetry }),
    ]);
    expect(answers.map((a) => a.finishReason)).toEqual(['stop', 'stop']);
    const times = (await arrivals())
      .filter((r) => r.path === '/v1/chat/completions')
      .map((r) => r.at);
    expect(times).toHaveLength(2);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(DOCUMENTED_INTERVAL_MS);
    // The simulator refused nothing: no 429 was met and waited out.
    expect(retries).toEqual([]);
  });

  it('counts from when a request reached the wire when its way there took long (a new connection)', async () => {
    await fetch(`${sim.hostRoot}/__sim/reset`, { method: 'POST' });
    let first = true;
    // The first fetch spends WAY_MS before it writes the request, as DNS, TCP and TLS may.
    const slowFirstWay: typeof fetch = async (input, init) => {
      if (first) {
        first = false;
        await new Promise((resolve) => setTimeout(resolve, WAY_MS));
      }
      return fetch(input, init);
    };
    const client = createServiceClient({
      connection: () => ({ baseUrl: sim.baseUrl, apiKey: 'sim-wire-rate' }),
      scheduler: createScheduler(),
      fetch: slowFirstWay,
    });
    const retries: RetryInfo[] = [];
    const onRetry = (info: RetryInfo): void => {
      retries.push(info);
    };
    await Promise.all([client.getBalance({ onRetry }), client.getBalance({ onRetry })]);
    const times = (await arrivals()).filter((r) => r.path === '/v1/balance').map((r) => r.at);
    expect(times).toHaveLength(2);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(DOCUMENTED_INTERVAL_MS);
    expect(retries).toEqual([]);
  });
});
