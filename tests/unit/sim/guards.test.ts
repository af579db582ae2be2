// The simulator as the app's demo service: only its own address, and no request log to read.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../../../sim/server';

let demo: RunningSim;

beforeAll(async () => {
  demo = await startSim({ port: 0, control: false, rateLimit: false });
});
afterAll(async () => {
  await demo.close();
});

/** A GET with a chosen Host header (fetch will not send one that differs from the URL). */
function get(port: number, path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, headers: { Host: host, Authorization: 'Bearer sim-fast' } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the simulator run as the demo service', () => {
  it('answers only requests addressed to this computer', async () => {
    expect(await get(demo.port, '/v1/models', `127.0.0.1:${demo.port}`)).toBe(200);
    expect(await get(demo.port, '/v1/models', `localhost:${demo.port}`)).toBe(200);
    // A DNS name rebound to 127.0.0.1 by a web page is refused, on both listeners.
    expect(await get(demo.port, '/v1/models', `attacker.example:${demo.port}`)).toBe(403);
    expect(await get(demo.debugPort, '/latest/call?key=sim-fast', 'attacker.example')).toBe(403);
  });

  it('keeps no request log and has no control endpoints', async () => {
    await fetch(`${demo.baseUrl}/models`, { headers: { Authorization: 'Bearer sim-secret' } });
    expect((await fetch(`${demo.hostRoot}/__sim/requests`)).status).toBe(404);
    expect((await fetch(`${demo.hostRoot}/__sim/reset`, { method: 'POST' })).status).toBe(404);
  });
});
