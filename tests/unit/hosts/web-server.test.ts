// The web host: the page it serves, who may open the bridge, and what travels over it.
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { connect as tcpConnect } from 'node:net';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Envelope } from '../../../shared/types';
import type { EventSender } from '../../../electron/main/outbox';
import {
  MAX_CALLS_IN_FLIGHT,
  startWebServer,
  terminalSafe,
  type WebServer,
} from '../../../dev/web-server';

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
          // A call core never finishes: for the cap on calls in flight.
          if (channel === 'chat.stop') return new Promise(() => undefined);
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

/** The address without the login token: what another user on the computer could guess. */
const root = (url = server.url): string => `${new URL(url).origin}/`;
const origin = (): string => new URL(server.url).origin;
const bridgeUrl = (token: string | null, url = server.url): string =>
  `${root(url).replace('http:', 'ws:')}bridge${token === null ? '' : `?token=${token}`}`;

/** Opens the printed address as a browser would: the session cookie it hands out. */
async function login(url = server.url): Promise<string> {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe('/');
  const cookie = response.headers.get('set-cookie') ?? '';
  expect(cookie).toMatch(/HttpOnly; SameSite=Strict; Path=\//);
  return cookie.split(';')[0] ?? '';
}

let cookie = '';
beforeAll(async () => {
  cookie = await login();
});

/** GETs a path exactly as written (fetch would normalise the dots away). */
function rawStatus(path: string, host?: string): Promise<number> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { hostname, port, path, headers: { cookie, ...(host ? { host } : {}) } },
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
    const response = await fetch(root(), { headers: { cookie } });
    const html = await response.text();
    expect(response.status).toBe(200);
    // Deferred: it runs before the module without holding up the fetch of the renderer's chunks.
    const bridgeAt = html.indexOf('<script defer src="/bridge.js">');
    expect(bridgeAt).toBeGreaterThan(0);
    expect(bridgeAt).toBeLessThan(html.indexOf('<script type="module"'));
    expect(html).toContain(`<meta name="atelier-bridge-token" content="${server.token}">`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain(`connect-src 'self' ws://${new URL(server.url).host}`);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('serves the bundled bridge script that defines window.atelier', async () => {
    const response = await fetch(`${root()}bridge.js`, { headers: { cookie } });
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
    await expect(connect(bridgeUrl(null), { Origin: origin(), cookie })).rejects.toThrow(
      'refused 401',
    );
    await expect(connect(bridgeUrl('0'.repeat(64)), { Origin: origin(), cookie })).rejects.toThrow(
      'refused 401',
    );
    // The token alone (read from a page some other way) is not enough without the cookie.
    await expect(connect(bridgeUrl(server.token), { Origin: origin() })).rejects.toThrow(
      'refused 401',
    );
  });

  it('refuses a WebSocket from another origin, even with the token', async () => {
    await expect(
      connect(bridgeUrl(server.token), { Origin: 'http://evil.example', cookie }),
    ).rejects.toThrow('refused 403');
    await expect(connect(bridgeUrl(server.token), { cookie })).rejects.toThrow('refused 403');
  });

  it('passes known calls to core and answers unknown ones with invalid_input', async () => {
    const socket = await connect(bridgeUrl(server.token), { Origin: origin(), cookie });
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
    const socket = await connect(bridgeUrl(server.token), { Origin: origin(), cookie });
    const answer = await call(socket, 3, 'shell.openExternal', { url: 'https://example.com/help' });
    expect(answer.envelope).toEqual({ ok: true, data: { opened: false } });
    expect(logged.some((line) => line.includes('https://example.com/help'))).toBe(true);
  });

  it("delivers core's events to every connected page", async () => {
    const first = await connect(bridgeUrl(server.token), { Origin: origin(), cookie });
    const second = await connect(bridgeUrl(server.token), { Origin: origin(), cookie });
    const received = Promise.all([nextMessage(first), nextMessage(second)]);
    emit('conversations.changed', { id: 'c9', summary: null });
    expect(await received).toEqual([
      { kind: 'event', event: 'conversations.changed', payload: { id: 'c9', summary: null } },
      { kind: 'event', event: 'conversations.changed', payload: { id: 'c9', summary: null } },
    ]);
  });
});

describe('access like Jupyter’s', () => {
  it('gives the bare address a page that says where to go, and no token or session', async () => {
    for (const path of ['/', '/assets/index.js', '/bridge.js', '/media/x']) {
      const response = await fetch(`${origin()}${path}`);
      const text = await response.text();
      expect(response.status).toBe(401);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(text).toMatch(/Open the address printed in the terminal/);
      expect(text).not.toContain(server.token);
    }
    const wrong = await fetch(`${origin()}/?token=${'0'.repeat(48)}`, { redirect: 'manual' });
    expect(wrong.status).toBe(403);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    // The printed address carries a token; it is not the bridge token.
    expect(server.url).toMatch(/\?token=[0-9a-f]{48}$/);
    expect(server.url).not.toContain(server.token);
  });

  it('cleans what reaches the terminal of control characters, forged lines and bidi tricks', () => {
    expect(terminalSafe('https://ok.example/\u001b[2J\rAtelier is running at http://evil\n')).toBe(
      'https://ok.example/[2JAtelier is running at http://evil',
    );
    expect(terminalSafe('a\u202eb\u0085c\u007f')).toBe('abc');
    expect(terminalSafe('x'.repeat(5000))).toHaveLength(2001);
  });
});

/** The bridge upgrade by hand, then raw bytes: what a hostile local client can send. */
function rawBridge(): Promise<import('node:net').Socket> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = tcpConnect(Number(port), hostname, () => {
      socket.write(
        `GET /bridge?token=${server.token} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
          `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nOrigin: ${origin()}\r\n` +
          `Cookie: ${cookie}\r\n\r\n`,
      );
    });
    socket.once('data', (data) => {
      if (data.toString().startsWith('HTTP/1.1 101')) resolve(socket);
      else reject(new Error(data.toString()));
    });
    socket.on('error', () => undefined);
  });
}

function masked(first: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const body = Buffer.from(payload.map((byte, i) => byte ^ (mask[i % 4] ?? 0)));
  return Buffer.concat([Buffer.from([first, 0x80 | payload.length]), mask, body]);
}

describe('a hostile client on the bridge', () => {
  it('closes only its own socket on malformed frames; the host keeps serving', async () => {
    const frames = {
      badUtf8: masked(0x81, Buffer.from([0xff, 0xfe, 0xfd])),
      unmasked: Buffer.concat([Buffer.from([0x81, 0x05]), Buffer.from('hello')]),
      rsv1: masked(0xc1, Buffer.from('hi')),
      // A header announcing 2^40 bytes: far over the limit.
      oversize: Buffer.concat([
        Buffer.from([0x82, 0xff]),
        Buffer.from([0, 0, 1, 0, 0, 0, 0, 0]),
        randomBytes(4),
      ]),
    };
    for (const [name, frame] of Object.entries(frames)) {
      const socket = await rawBridge();
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.write(frame);
      await closed;
      // Still serving: a page logs in and calls core.
      const page = await connect(bridgeUrl(server.token), { Origin: origin(), cookie });
      const answer = await call(page, 100, 'conversations.get', { id: name });
      expect(answer.envelope).toMatchObject({ ok: true });
    }
  });

  it('answers calls beyond the cap on calls in flight at once, with an error', async () => {
    const socket = await connect(bridgeUrl(server.token), { Origin: origin(), cookie });
    for (let id = 1; id <= MAX_CALLS_IN_FLIGHT; id++)
      socket.send(JSON.stringify({ id, channel: 'chat.stop', input: { conversationId: 'c' } }));
    const refused = await call(socket, 9999, 'conversations.get', { id: 'c' });
    expect(refused.envelope).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/Too many calls at once/) },
    });
  });
});

describe('startWebHost with the real core', () => {
  it("answers input that fails core's schema with an invalid_input envelope", async () => {
    // Imported here so the host's own tests above run even while core is being built.
    const { startWebHost } = await import('../../../dev/web');
    const dataDir = await mkdtemp(join(tmpdir(), 'atelier-data-'));
    const host = await startWebHost({ port: 0, dataDir, log: () => undefined });
    try {
      const hostCookie = await login(host.url);
      const socket = await connect(bridgeUrl(host.token, host.url), {
        Origin: new URL(host.url).origin,
        cookie: hostCookie,
      });
      const wrongType = await call(socket, 1, 'semantic.search', { query: 42 });
      expect(wrongType.envelope).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      const extraField = await call(socket, 2, 'settings.get', { key: 'sim-fast' });
      expect(extraField.envelope).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      const fine = await call(socket, 3, 'settings.get', {});
      expect(fine.envelope).toMatchObject({ ok: true, data: { keySet: false } });
      // What core writes is the person's alone: the folder 0700, its files 0600.
      await call(socket, 4, 'settings.update', { theme: 'dark' });
      if (process.platform !== 'win32') {
        expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
        expect((await stat(join(dataDir, 'settings.json'))).mode & 0o777).toBe(0o600);
      }
    } finally {
      await host.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
