// The web host: the page it serves, who may open the bridge (a single-use login, then a session no other port can receive), and what travels over it.
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
import { MAX_CALLS_IN_FLIGHT, startWebServer, type WebServer } from '../../../dev/web-server';

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

/** The address without the login: what another user on the computer could guess. */
const root = (url = server.url): string => `${new URL(url).origin}/`;
const origin = (url = server.url): string => new URL(url).origin;
const bridgeUrl = (url = server.url): string => `${root(url).replace('http:', 'ws:')}bridge`;
const loginOf = (url: string): string => new URL(url).searchParams.get('token') ?? '';

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

/** What the host says to a first message: its welcome, or the code it closed the socket with. */
function firstAnswer(
  socket: WebSocket,
  message: unknown,
): Promise<{ welcome: { session: string; mediaKey: string } } | { closed: number }> {
  return new Promise((resolve) => {
    socket.once('message', (raw) =>
      resolve({ welcome: JSON.parse(raw.toString()) as { session: string; mediaKey: string } }),
    );
    socket.once('close', (code) => resolve({ closed: code }));
    socket.send(JSON.stringify(message));
  });
}

/** Opens the bridge as the page's script does, with a login or a session; the welcome's secrets. */
async function hello(
  credential: { login: string } | { session: string },
  url = server.url,
): Promise<{ socket: WebSocket; session: string; mediaKey: string }> {
  const socket = await connect(bridgeUrl(url), { Origin: origin(url) });
  const answer = await firstAnswer(socket, { kind: 'hello', ...credential });
  if (!('welcome' in answer)) throw new Error(`refused ${answer.closed}`);
  return { socket, ...answer.welcome };
}

/** A page's socket, past its hello (each with a login of its own). */
async function pageSocket(): Promise<WebSocket> {
  return (await hello({ login: loginOf(server.freshUrl()) })).socket;
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
  it('carries the bridge script before the renderer, under the CSP, and no secret', async () => {
    const response = await fetch(root());
    const html = await response.text();
    expect(response.status).toBe(200);
    // Deferred: it runs before the module without holding up the fetch of the renderer's chunks.
    const bridgeAt = html.indexOf('<script defer src="/bridge.js">');
    expect(bridgeAt).toBeGreaterThan(0);
    expect(bridgeAt).toBeLessThan(html.indexOf('<script type="module"'));
    // The same page for anyone: nothing in it opens the bridge or names a media address.
    expect(html).not.toMatch(/[0-9a-f]{32}/);
    expect(html).not.toMatch(/<meta name="atelier/);
    expect(response.headers.get('set-cookie')).toBeNull();
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain(`connect-src 'self' ws://${new URL(server.url).host}`);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('serves the bundled bridge script that defines window.atelier', async () => {
    const response = await fetch(`${root()}bridge.js`);
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
  it('closes a socket whose first message is not a good hello, and nothing reaches core', async () => {
    calls.length = 0;
    const attempts: unknown[] = [
      { id: 1, channel: 'conversations.list', input: {} },
      { kind: 'hello' },
      { kind: 'hello', login: '0'.repeat(48) },
      { kind: 'hello', session: '0'.repeat(64) },
      { kind: 'hello', login: { toString: 'x' } },
      { kind: 'hello', session: 'a'.repeat(600) },
    ];
    for (const attempt of attempts) {
      const socket = await connect(bridgeUrl(), { Origin: origin() });
      expect(await firstAnswer(socket, attempt)).toEqual({ closed: 4401 });
    }
    expect(calls).toEqual([]);
  });

  it('refuses a WebSocket from another origin, even with a good login', async () => {
    const login = loginOf(server.freshUrl());
    await expect(connect(bridgeUrl(), { Origin: 'http://evil.example' })).rejects.toThrow(
      'refused 403',
    );
    await expect(connect(bridgeUrl(), { Origin: 'http://127.0.0.1:1' })).rejects.toThrow(
      'refused 403',
    );
    await expect(connect(bridgeUrl(), {})).rejects.toThrow('refused 403');
    // Never said, so still good for its page.
    expect((await hello({ login })).session).toMatch(/^[0-9a-f]{64}$/);
  });

  it('passes known calls to core and answers unknown ones with invalid_input', async () => {
    const socket = await pageSocket();
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
    const socket = await pageSocket();
    const answer = await call(socket, 3, 'shell.openExternal', { url: 'https://example.com/help' });
    expect(answer.envelope).toEqual({ ok: true, data: { opened: false } });
    expect(logged.some((line) => line.includes('https://example.com/help'))).toBe(true);
  });

  it("delivers core's events to every page past its hello, and to no other socket", async () => {
    const first = await pageSocket();
    const second = await pageSocket();
    const silent = await connect(bridgeUrl(), { Origin: origin() });
    const heard: unknown[] = [];
    silent.on('message', (raw) => heard.push(raw.toString()));
    const received = Promise.all([nextMessage(first), nextMessage(second)]);
    emit('conversations.changed', { id: 'c9', summary: null });
    expect(await received).toEqual([
      { kind: 'event', event: 'conversations.changed', payload: { id: 'c9', summary: null } },
      { kind: 'event', event: 'conversations.changed', payload: { id: 'c9', summary: null } },
    ]);
    expect(heard).toEqual([]);
  });
});

describe('the printed address works once', () => {
  it('trades its login for a session once; the session opens more sockets of that tab', async () => {
    const url = server.freshUrl();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{48}$/);
    logged.length = 0;
    const page = await hello({ login: loginOf(url) });
    expect(page.mediaKey).toMatch(/^[0-9a-f]{48}$/);
    // Used: a second hello with it is refused, and the terminal prints the next address.
    const again = await connect(bridgeUrl(), { Origin: origin() });
    expect(await firstAnswer(again, { kind: 'hello', login: loginOf(url) })).toEqual({
      closed: 4401,
    });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/has been used and will not open Atelier again/);
    const next = /(http:\/\/\S+)$/.exec(logged[0] ?? '')?.[1] ?? '';
    expect(loginOf(next)).toMatch(/^[0-9a-f]{48}$/);
    expect((await hello({ login: loginOf(next) })).session).not.toBe(page.session);
    // A reload of the tab: its session, as often as it likes.
    const reload = await hello({ session: page.session });
    expect(reload.session).toBe(page.session);
    expect(await call(reload.socket, 1, 'settings.get', {})).toMatchObject({
      envelope: { ok: true },
    });
  });

  it('answers an address used before with the page that says to open the terminal’s', async () => {
    const url = server.freshUrl();
    const before = await fetch(url);
    expect(before.status).toBe(200);
    await hello({ login: loginOf(url) });
    for (const used of [url, `${root()}?token=${'0'.repeat(48)}`]) {
      const response = await fetch(used);
      expect(response.status).toBe(403);
      expect(response.headers.get('set-cookie')).toBeNull();
      const text = await response.text();
      expect(text).toContain('Open Atelier from its terminal');
      expect(text).toMatch(/lets one browser tab in, once/);
      expect(text).not.toContain('bridge.js');
    }
  });
});

describe('a page on another port of this computer', () => {
  // Browsers scope cookies by host, not port: a page served on 127.0.0.1:<any port> receives
  // every cookie set for 127.0.0.1. Everything the person's browser was given on the way in is
  // what such a page's server gets; with it, and an Origin forged (a program can), it tries the
  // bridge as the issue's attack did.
  it('gets nothing that opens the bridge from what the browser was given', async () => {
    const url = server.url;
    const cookies: string[] = [];
    const keep = (response: Response): void => {
      const set = response.headers.get('set-cookie');
      if (set) cookies.push(set.split(';')[0] ?? '');
    };
    // The person opens the printed address: every response on the way in, and the page's hello.
    let next: string | null = url;
    for (let hop = 0; next && hop < 5; hop++) {
      const response: Response = await fetch(next, {
        redirect: 'manual',
        headers: { cookie: cookies.join('; ') },
      });
      keep(response);
      const location: string | null = response.headers.get('location');
      next = location ? new URL(location, url).href : null;
    }
    await hello({ login: loginOf(url) }).catch(() => undefined);

    // The other port's server: the cookies, the page fetched with them, anything like a token.
    const cookie = cookies.join('; ');
    const page = await (await fetch(root(), { headers: { cookie } })).text();
    const found = [...new Set(page.match(/[0-9a-f]{32,}/g) ?? [])];
    calls.length = 0;
    const outcomes: unknown[] = [];
    for (const token of ['', ...found]) {
      const socket = await connect(`${bridgeUrl()}${token ? `?token=${token}` : ''}`, {
        Origin: origin(),
        cookie,
      }).catch(() => null);
      if (!socket) continue;
      const answers: unknown[] = [];
      // Over when the host closes the socket, or once both calls were answered.
      const over = new Promise((resolve) => {
        socket.once('close', resolve);
        socket.on('message', (raw) => {
          answers.push(JSON.parse(raw.toString()));
          if (answers.length === 2) resolve(null);
        });
      });
      for (const first of [
        { kind: 'hello', login: token },
        { kind: 'hello', session: token },
      ])
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(first));
      if (socket.readyState === socket.OPEN) {
        socket.send(JSON.stringify({ id: 1, channel: 'conversations.list', input: {} }));
        socket.send(
          JSON.stringify({
            id: 2,
            channel: 'mcp.add',
            input: { name: 'x', transport: { type: 'stdio', command: 'touch', args: ['/tmp/p'] } },
          }),
        );
      }
      await over;
      outcomes.push(...answers);
    }
    expect(calls).toEqual([]);
    expect(outcomes).toEqual([]);
    expect(cookies).toEqual([]);
    expect(found).toEqual([]);
  });
});

/** The bridge upgrade by hand, then raw bytes: what a hostile local client can send. */
function rawBridge(): Promise<import('node:net').Socket> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = tcpConnect(Number(port), hostname, () => {
      socket.write(
        `GET /bridge HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
          `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nOrigin: ${origin()}\r\n\r\n`,
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
      const page = await pageSocket();
      const answer = await call(page, 100, 'conversations.get', { id: name });
      expect(answer.envelope).toMatchObject({ ok: true });
    }
  });

  it('answers calls beyond the cap on calls in flight at once, with an error', async () => {
    const socket = await pageSocket();
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
      const { socket } = await hello({ login: loginOf(host.url) }, host.url);
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
