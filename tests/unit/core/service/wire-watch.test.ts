// Seeing a request on the wire: Node's fetch tells when it writes a request's headers, and only the request watched is told.
import { afterEach, describe, expect, it } from 'vitest';
import { watchWire } from '../../../../electron/core/service/wire-watch';
import { closeLocalServers, sendJson, startLocal } from './client-harness';

afterEach(closeLocalServers);

describe('watchWire', () => {
  it('tells once, before the answer comes, when the request watched is written', async () => {
    const events: string[] = [];
    const local = await startLocal((_req, res) => {
      events.push('arrived');
      sendJson(res, 200, { ok: true });
    });
    const url = `${local.base}/chat/completions?x=1`;
    const stop = watchWire('POST', url, () => events.push('on the wire'));
    const res = await fetch(url, { method: 'POST', body: '{}' });
    events.push('answered');
    await res.text();
    stop();
    expect(events).toEqual(['on the wire', 'arrived', 'answered']);
  });

  it('is not told of another path, another method or another origin', async () => {
    const local = await startLocal((_req, res) => sendJson(res, 200, {}));
    const other = await startLocal((_req, res) => sendJson(res, 200, {}));
    let told = 0;
    const stop = watchWire('POST', `${local.base}/balance`, () => told++);
    for (const [url, method] of [
      [`${local.base}/models`, 'POST'],
      [`${local.base}/balance`, 'GET'],
      [`${other.base}/balance`, 'POST'],
    ] as const)
      await (await fetch(url, { method, ...(method === 'POST' ? { body: '' } : {}) })).text();
    expect(told).toBe(0);
    stop();
  });

  it('tells nothing once stopped, and the next watcher of the same request is told instead', async () => {
    const local = await startLocal((_req, res) => sendJson(res, 200, {}));
    const url = `${local.base}/models`;
    const told: string[] = [];
    const stopFirst = watchWire('GET', url, () => told.push('first'));
    const stopSecond = watchWire('GET', url, () => told.push('second'));
    stopFirst();
    await (await fetch(url)).text();
    await (await fetch(url)).text();
    stopSecond();
    expect(told).toEqual(['second']);
  });

  it('watches nothing for an address that is no URL', () => {
    const stop = watchWire('GET', 'not a url', () => undefined);
    expect(stop()).toBeUndefined();
  });
});
