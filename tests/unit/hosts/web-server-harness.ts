// What the web server's tests share: a server over a stand-in core, and a page's ways of reaching it.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import WebSocket from 'ws';
import type { Envelope } from '../../../shared/types';
import type { EventSender } from '../../../electron/main/outbox';
import { startWebServer, type WebServer } from '../../../dev/web-server';

const INDEX_HTML =
  '<!doctype html><html><head><title>Atelier</title>' +
  '<script type="module" crossorigin src="/assets/index.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

export interface Answer {
  kind: 'answer';
  id: number;
  envelope: Envelope<unknown>;
}

let rendererDir: string;
export let server: WebServer;
export let emit: EventSender;
export const calls: Array<[string, unknown]> = [];
export const logged: string[] = [];
const openSockets: WebSocket[] = [];

/** Starts the server before the calling file's tests, closes its sockets after each, and it after all. */
export function useWebServer(): void {
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

  afterEach(() => {
    for (const socket of openSockets.splice(0)) socket.terminate();
  });
}

/** The address without the login: what another user on the computer could guess. */
export const root = (url = server.url): string => `${new URL(url).origin}/`;
export const origin = (url = server.url): string => new URL(url).origin;
export const bridgeUrl = (url = server.url): string => `${root(url).replace('http:', 'ws:')}bridge`;
export const loginOf = (url: string): string => new URL(url).searchParams.get('token') ?? '';

/** GETs a path exactly as written (fetch would normalise the dots away). */
export function rawStatus(path: string, host?: string): Promise<number> {
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
export function connect(url: string, headers: Record<string, string>): Promise<WebSocket> {
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

export function nextMessage<T>(socket: WebSocket): Promise<T> {
  return new Promise((resolve) =>
    socket.once('message', (raw) => resolve(JSON.parse(raw.toString()) as T)),
  );
}

/** What the host says to a first message: its welcome, or the code it closed the socket with. */
export function firstAnswer(
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
export async function hello(
  credential: { login: string } | { session: string },
  url = server.url,
): Promise<{ socket: WebSocket; session: string; mediaKey: string }> {
  const socket = await connect(bridgeUrl(url), { Origin: origin(url) });
  const answer = await firstAnswer(socket, { kind: 'hello', ...credential });
  if (!('welcome' in answer)) throw new Error(`refused ${answer.closed}`);
  return { socket, ...answer.welcome };
}

/** A page's socket, past its hello (each with a login of its own). */
export async function pageSocket(): Promise<WebSocket> {
  return (await hello({ login: loginOf(server.freshUrl()) })).socket;
}

export async function call(
  socket: WebSocket,
  id: number,
  channel: string,
  input: unknown,
): Promise<Answer> {
  const answer = nextMessage<Answer>(socket);
  socket.send(JSON.stringify({ id, channel, input }));
  return answer;
}
