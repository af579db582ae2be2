// What the service client's tests share: a tiny local server for exact edge cases, clients, and the simulator.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { createScheduler } from '../../../../electron/core/service/scheduler';
import {
  createServiceClient,
  type ServiceClientOptions,
} from '../../../../electron/core/service/client';
import { ServiceError } from '../../../../electron/core/service/errors';
import type { RequestScheduler, ServiceConnection } from '../../../../electron/core/service/types';

export const KEY = 'sim-test-key-0042';

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export type Reply = (req: Recorded, res: ServerResponse) => void | Promise<void>;

export interface LocalServer {
  origin: string;
  base: string;
  port: number;
  requests: Recorded[];
  reply: Reply;
  close(): Promise<void>;
}

const servers: LocalServer[] = [];

export async function startLocal(reply: Reply): Promise<LocalServer> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const recorded: Recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(parts),
      };
      requests.push(recorded);
      void Promise.resolve(local.reply(recorded, res)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const local: LocalServer = {
    origin: `http://127.0.0.1:${port}`,
    base: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    reply,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(local);
  return local;
}

/** Each test file closes its local servers after every test. */
export async function closeLocalServers(): Promise<void> {
  await Promise.all(servers.splice(0).map((s) => s.close()));
}

/** A scheduler that never waits, recording what the client asked of it. */
export function recordingScheduler() {
  const log = { reserved: 0, holds: [] as number[], answered: 0, rateLimited: 0 };
  const scheduler: RequestScheduler = {
    async reserveSlot(_priority, signal) {
      if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
      log.reserved++;
      return { departed() {}, release() {} };
    },
    holdUntil(ms) {
      log.holds.push(ms);
    },
    liftHold: () => false,
    currentHold: () => null,
    recordAnswered() {
      log.answered++;
    },
    recordRateLimited() {
      log.rateLimited++;
    },
    intervalMs: () => 0,
    setPlan() {},
  };
  return { scheduler, log };
}

export function clientFor(
  base: string,
  extra: Partial<ServiceClientOptions> & { key?: string | null; debugBaseUrl?: string } = {},
) {
  const { scheduler, log } = recordingScheduler();
  const connection: ServiceConnection = {
    baseUrl: base,
    apiKey: extra.key === undefined ? KEY : extra.key,
    debugBaseUrl: extra.debugBaseUrl,
  };
  const client = createServiceClient({
    connection: () => connection,
    scheduler: extra.scheduler ?? scheduler,
    ...extra,
  });
  return { client, log };
}

export async function failureOf(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof ServiceError) return e;
    throw new Error(`expected a ServiceError, got ${String(e)}`, { cause: e });
  }
  throw new Error('expected the call to fail');
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes the pieces of a stream with a pause between, so the client reads them separately. */
export async function writeSlowly(res: ServerResponse, pieces: Array<string | Buffer>, end = true) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
  for (const piece of pieces) {
    res.write(piece);
    await sleep(5);
  }
  if (end) res.end();
}

export const chunk = (delta: Record<string, string>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ choices: [{ index: 0, delta, finish_reason: null }], ...extra });

export const CHAT = {
  model: 'openai/gpt-4o-mini',
  messages: [{ role: 'user' as const, content: 'hi' }],
};

export async function formOf(req: Recorded | undefined): Promise<FormData> {
  if (!req) throw new Error('no request');
  const type = req.headers['content-type'] ?? '';
  expect(type).toMatch(/^multipart\/form-data; boundary=/);
  return new Response(new Uint8Array(req.body), { headers: { 'Content-Type': type } }).formData();
}

/** Starts the simulator for the describe block it is called in; its clients share one scheduler per key. */
export function useSimulator() {
  let sim: { baseUrl: string; debugBaseUrl: string; close(): Promise<void> } | null = null;

  beforeAll(async () => {
    const { startSim } = await import('../../../../sim/server');
    sim = await startSim({ port: 0, debugPort: 0, chunkDelayMs: 0, minVideoPollMs: 0 });
  });

  afterAll(async () => {
    await sim?.close();
  });

  // One scheduler per account, as in the app, so tests sharing a key do not trip its rate.
  const schedulers = new Map<string, RequestScheduler>();

  function simClient(key: string) {
    if (!sim) throw new Error('sim not started');
    let scheduler = schedulers.get(key);
    if (!scheduler) {
      // sim-fast's 10 requests / s, set as the person would (FAST itself starts slow and learns).
      scheduler = createScheduler(
        key === 'sim-fast' ? { plan: 'custom', customPerSecond: 9 } : { plan: 'standard' },
      );
      schedulers.set(key, scheduler);
    }
    const connection: ServiceConnection = {
      baseUrl: sim.baseUrl,
      apiKey: key,
      debugBaseUrl: sim.debugBaseUrl,
    };
    return createServiceClient({
      connection: () => connection,
      scheduler,
    });
  }

  async function control(path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${sim?.baseUrl.replace(/\/v1$/, '')}/__sim/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.json();
  }

  return { simClient, control };
}
