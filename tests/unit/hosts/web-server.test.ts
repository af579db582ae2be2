// The web host: the page it serves, who may open the bridge, and what travels over it.
import { request as httpRequest } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Envelope } from '../../../shared/types';
import type { EventSender } from '../../../electron/main/outbox';
import { startWebServer, type WebServer } from '../../../dev/web-server';

const INDEX_HTML =
  '<!doctype html><html><head><title>Atelier</title>' +
  '<script type="module" crossorigin src="/assets/index.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

interface Answer {
  kind: 'answer';
  id: number;
  envelope: Envelope<unknown>;
}

let rendererDir: string;
let server: WebServer;
let emit: EventSender;
const calls: Array<[string, unknown]> = [];
const logged: string[] = [];

beforeAll(async () => {
  rendererDir = await mkdtemp(join(tmpdir(), 'atelier-renderer-'));
  await mkdir(join(rendererDir, 'assets'));
  await writeFile(join(rendererDir, 'index.html'), INDEX_HTML);
  await writeFile(join(rendererDir, 'assets', 'index.js'), 'console.log("renderer")');
  server = await startWebServer({
    host: '127.0.0.1',
    port: 0,
    rendererDir,
    log: (line) => logged.push(line),
    openCore: async (send, host) => {
      emit = send;
      return {
        async invoke(channel, input) {
          // As core's shell feature does: the link goes to the host the server handed in.
          if (channel === 'shell.openExternal') {
            const opened = await host.openExternal((input as { url: string }).url);
            return { ok: true, data: { opened } };
          }
          calls.push([channel, input]);
          return { ok: true, data: { channel } };
        },
        async resolveMedia() {
          return null;
        },
        async dispose() {},
      };
    },
  });
});

afterAll(async () => {
  await server.close();
  await rm(rendererDir, { recursive: true, force: true });
});

const openSockets: WebSocket[] = [];
afterEach(() => {
  for (const socket of openSockets.splice(0)) socket.terminate();
});

const origin = (): string => server.url.replace(/\/$/, '');
const bridgeUrl = (token: string | null): string =>
  `${server.url.replace('http:', 'ws:')}bridge${token === null ? '' : `?token=${token}`}`;

/** GETs a path exactly as written (fetch would normalise the dots away). */
function rawStatus(path: string, host?: string): Promise<number> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { hostname, port, path, headers: host ? { host } : {} },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** Resolves with the open socket, or rejects with the HTTP status the upgrade was refused with. */
function connect(url: string, headers: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    openSockets.push(socket);
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`refused ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });
}

function nextMessage<T>(socket: WebSocket): Promise<T> {
  return new Promise((resolve) =>
    socket.once('message', (raw) => resolve(JSON.parse(raw.toString()) as T)),
  );
}

async function call(
  socket: WebSocket,
  id: number,
  channel: string,
  input: unknown,
): Promise<Answer> {
  const answer = nextMessage<Answer>(socket);
  socket.send(JSON.stringify({ id, channel, input }));
  return answer;
}

describe('the served page', () => {
  it('carries the token and the bridge script before the renderer, under the CSP', async () => {
    const response = await fetch(server.url);
    const html = await response.text();
    expect(response.status).toBe(200);
    const bridgeAt = html.indexOf('<script src="/bridge.js">');
    expect(bridgeAt).toBeGreaterThan(0);
    expect(bridgeAt).toBeLessThan(html.indexOf('<script type="module"'));
    expect(html).toContain(`<meta name="atelier-bridge-token" content="${server.token}">`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain(`connect-src 'self' ws://${new URL(server.url).host}`);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('serves the bundled bridge script that defines window.atelier', async () => {
    const response = await fetch(`${server.url}bridge.js`);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    const script = await response.text();
    expect(script).toContain('atelier');
    expect(script).not.toMatch(/^\s*import /m);
  });

  it('keeps requests inside the renderer folder and refuses foreign Host names', async () => {
    expect(await rawStatus('/assets/..%2f..%2f..%2fetc%2fpasswd.txt')).toBe(404);
    expect(await rawStatus('/../../etc/hosts.txt')).toBe(404);
    expect(await rawStatus('/assets/index.js')).toBe(200);
    expect(await rawStatus('/', `evil.example:${new URL(server.url).port}`)).toBe(421);
  });
});

describe('the bridge', () => {
  it('refuses a WebSocket without the token, or with a wrong one', async () => {
    await expect(connect(bridgeUrl(null), { Origin: origin() })).rejects.toThrow('refused 401');
    await expect(connect(bridgeUrl('0'.repeat(64)), { Origin: origin() })).rejects.toThrow(
      'refused 401',
    );
  });

  it('refuses a WebSocket from another origin, even with the token', async () => {
    await expect(
      connect(bridgeUrl(server.token), { Origin: 'http://evil.example' }),
    ).rejects.toThrow('refused 403');
    await expect(connect(bridgeUrl(server.token), {})).rejects.toThrow('refused 403');
  });

  it('passes known calls to core and answers unknown ones with invalid_input', async () => {
    const socket = await connect(bridgeUrl(server.token), { Origin: origin() });
    calls.length = 0;
    const known = await call(socket, 1, 'conversations.get', { id: 'c1' });
    expect(known).toEqual({
      kind: 'answer',
      id: 1,
      envelope: { ok: true, data: { channel: 'conversations.get' } },
    });
    const unknown = await call(socket, 2, 'fs.readFile', { path: '/etc/passwd' });
    expect(unknown.envelope).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(calls).toEqual([['conversations.get', { id: 'c1' }]]);
  });

  it('answers shell.openExternal with opened:false and prints the link for the user', async () => {
    const socket = await connect(bridgeUrl(server.token), { Origin: origin() });
    const answer = await call(socket, 3, 'shell.openExternal', { url: 'https://example.com/help' });
    expect(answer.envelope).toEqual({ ok: true, data: { opened: false } });
    expect(logged.some((line) => line.includes('https://example.com/help'))).toBe(true);
  });

  it("delivers core's events to every connected page", async () => {
    const first = await connect(bridgeUrl(server.token), { Origin: origin() });
    const second = await connect(bridgeUrl(server.token), { Origin: origin() });
    const received = Promise.all([nextMessage(first), nextMessage(second)]);
    emit('conversations.changed', { id: 'c9', summary: null });
    expect(await received).toEqual([
      { kind: 'event', event: 'conversations.changed', payload: { id: 'c9', summary: null } },
      { kind: 'event', event: 'conversations.changed', payload: { id: 'c9', summary: null } },
    ]);
  });
});

describe('startWebHost with the real core', () => {
  it("answers input that fails core's schema with an invalid_input envelope", async () => {
    // Imported here so the host's own tests above run even while core is being built.
    const { startWebHost } = await import('../../../dev/web');
    const dataDir = await mkdtemp(join(tmpdir(), 'atelier-data-'));
    const host = await startWebHost({ port: 0, dataDir, log: () => undefined });
    try {
      const socket = await connect(
        `${host.url.replace('http:', 'ws:')}bridge?token=${host.token}`,
        { Origin: host.url.replace(/\/$/, '') },
      );
      const wrongType = await call(socket, 1, 'semantic.search', { query: 42 });
      expect(wrongType.envelope).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      const extraField = await call(socket, 2, 'settings.get', { key: 'sim-fast' });
      expect(extraField.envelope).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      const fine = await call(socket, 3, 'settings.get', {});
      expect(fine.envelope).toMatchObject({ ok: true, data: { keySet: false } });
    } finally {
      await host.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
