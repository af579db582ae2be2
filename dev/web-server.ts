// The web host's server: serves the built renderer with the bridge script, media behind a session cookie, and carries calls over a WebSocket.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { isInvokeChannel } from '../shared/channel-names';
import type { Envelope } from '../shared/types';
import type { Core } from '../electron/core/app';
import { mediaRequestOf, planMediaResponse } from '../electron/core/features/media/serving';
import type { EventSender } from '../electron/main/outbox';
import type { Host } from '../electron/core/features/context';
import { contentSecurityPolicy, mimeTypeOf, resolveAssetPath } from '../electron/main/policy';
import {
  BRIDGE_PATH,
  BRIDGE_SCRIPT_PATH,
  decodeBinaryCall,
  TOKEN_META_NAME,
  type BridgeCall,
  type BridgeServerMessage,
} from './bridge-protocol';
import { createWebHost } from './web-host';

/**
 * Set with the page; media URLs are plain <img>/<audio> sources, which cannot carry the token.
 * The port is added to the name because cookies are shared across ports of one host name.
 */
export const SESSION_COOKIE = 'atelier_session';

/**
 * The largest message the bridge takes: a chat text (2,000,000 characters) or a 1 MiB file chunk
 * (a binary frame) fit with room to spare; beyond this the socket is closed.
 */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** Calls one page may have waiting for core at once; more are answered with an error at once. */
export const MAX_CALLS_IN_FLIGHT = 64;

/** The page shown to anyone without the session cookie: no token, no app. */
const OPEN_FROM_TERMINAL = `<!doctype html><html><head><meta charset="utf-8"><title>Atelier</title></head>
<body style="font-family: system-ui, sans-serif; margin: 3rem; max-width: 36rem">
<h1>Open Atelier from its terminal</h1>
<p>Open the address printed in the terminal where Atelier runs (the line “Atelier is running at …”).
It carries a token that lets this browser in; the bare address does not.</p>
</body></html>
`;

/**
 * One line for the terminal from text a page or a service chose: control characters (ANSI
 * escapes, carriage returns, new lines), DEL, C1 controls and bidirectional overrides are dropped,
 * so nothing can forge or hide lines, and the length is capped.
 */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const TERMINAL_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function terminalSafe(text: string, max = 2000): string {
  const clean = text.replace(TERMINAL_UNSAFE, '');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

export interface WebServerOptions {
  host: string;
  port: number;
  rendererDir: string;
  /** Core is made once the events have somewhere to go; `host` is what this host can do for it. */
  openCore(emit: EventSender, host: Host): Promise<Core>;
  log(line: string): void;
}

export interface WebServer {
  /** The address to open: it carries the one-time login token (printed in the terminal). */
  url: string;
  /** The bridge token, injected into the page for whoever holds the session cookie. */
  token: string;
  close(): Promise<void>;
}

/** Bundles dev/bridge-client.ts (and the shared api builder) into one classic script. */
export async function bundleBridgeClient(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./bridge-client.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('esbuild produced no bridge script');
  return output.text;
}

const isLoopback = (host: string): boolean =>
  host === '127.0.0.1' || host === 'localhost' || host === '::1';
const hostInUrl = (host: string): string => (host.includes(':') ? `[${host}]` : host);

/** Names the page may be reached by: a foreign Host header means DNS rebinding, so it is refused. */
function allowedHosts(host: string, port: number): Set<string> {
  const names = isLoopback(host) ? ['127.0.0.1', 'localhost', '[::1]'] : [hostInUrl(host)];
  return new Set(names.map((name) => `${name}:${port}`));
}

/**
 * Puts the token and the bridge script before the renderer's first script, so window.atelier exists
 * first. Deferred, it still runs before the renderer's module (deferred scripts and modules run in
 * document order) but no longer holds up the parser, so the renderer's chunks are fetched at once
 * instead of after the bridge's round trip.
 */
export function injectBridge(indexHtml: string, token: string): string {
  const tags = `<meta name="${TOKEN_META_NAME}" content="${token}"><script defer src="${BRIDGE_SCRIPT_PATH}"></script>`;
  const at = indexHtml.search(/<script\b/i);
  if (at >= 0) return indexHtml.slice(0, at) + tags + indexHtml.slice(at);
  const head = indexHtml.search(/<\/head>/i);
  return head >= 0 ? indexHtml.slice(0, head) + tags + indexHtml.slice(head) : tags + indexHtml;
}

function sameToken(given: string | null, token: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieOf(request: IncomingMessage, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

function invalidInput(message: string): Envelope<never> {
  return { ok: false, error: { code: 'invalid_input', message, status: null, retryable: false } };
}

function parseCall(raw: RawData, isBinary: boolean): BridgeCall | null {
  if (isBinary) {
    const frame = Array.isArray(raw)
      ? Buffer.concat(raw)
      : Buffer.isBuffer(raw)
        ? raw
        : Buffer.from(raw);
    return decodeBinaryCall(frame);
  }
  let value: unknown;
  try {
    value = JSON.parse(raw.toString());
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const call = value as Partial<BridgeCall>;
  if (typeof call.id !== 'number' || !Number.isSafeInteger(call.id)) return null;
  return {
    id: call.id,
    channel: typeof call.channel === 'string' ? call.channel : '',
    input: call.input,
  };
}

export async function startWebServer(opts: WebServerOptions): Promise<WebServer> {
  const token = randomBytes(32).toString('hex');
  const session = randomBytes(32).toString('hex');
  // The address printed in the terminal carries this; opening it trades it for the session cookie.
  const login = randomBytes(24).toString('hex');
  const log = (line: string): void => opts.log(terminalSafe(line));
  const bridgeScript = await bundleBridgeClient();
  const sockets = new Set<WebSocket>();

  const broadcast: EventSender = (event, payload) => {
    const text = JSON.stringify({ kind: 'event', event, payload } satisfies BridgeServerMessage);
    for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(text);
  };
  const core = await opts.openCore(broadcast, createWebHost(log));

  async function answerCall(call: BridgeCall): Promise<Envelope<unknown>> {
    if (!isInvokeChannel(call.channel)) return invalidInput(`Unknown call: ${call.channel}`);
    return core.invoke(call.channel, call.input);
  }

  let hosts = new Set<string>();
  let cookieName = SESSION_COOKIE;
  let origins = new Set<string>();
  let csp = contentSecurityPolicy();

  const server = createServer((request, response) => {
    void serveHttp(request, response);
  });

  async function serveHttp(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const security = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };
    if (!hosts.has(request.headers.host ?? '')) {
      response.writeHead(421, security).end('Misdirected request');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { ...security, allow: 'GET, HEAD' }).end();
      return;
    }
    const requestUrl = new URL(request.url ?? '/', 'http://host');
    const path = requestUrl.pathname;
    const given = requestUrl.searchParams.get('token');
    if (given !== null) {
      // The address from the terminal: a cookie for this browser, then the app without the token.
      if (!sameToken(given, login)) {
        response
          .writeHead(403, { ...security, 'content-type': 'text/html; charset=utf-8' })
          .end(OPEN_FROM_TERMINAL);
        return;
      }
      response
        .writeHead(303, {
          ...security,
          location: '/',
          'cache-control': 'no-store',
          'set-cookie': `${cookieName}=${session}; HttpOnly; SameSite=Strict; Path=/`,
        })
        .end();
      return;
    }
    if (!sameToken(cookieOf(request, cookieName), session)) {
      response
        .writeHead(401, {
          ...security,
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
        })
        .end(OPEN_FROM_TERMINAL);
      return;
    }
    if (path.startsWith('/media/')) {
      await serveMedia(request, response, requestUrl);
      return;
    }
    if (path === BRIDGE_SCRIPT_PATH) {
      response.writeHead(200, {
        ...security,
        'content-type': mimeTypeOf('bridge.js'),
        'cache-control': 'no-store',
      });
      response.end(request.method === 'HEAD' ? undefined : bridgeScript);
      return;
    }
    const file = resolveAssetPath(opts.rendererDir, path);
    if (file === null) {
      response.writeHead(404, security).end('Not found');
      return;
    }
    let body: Buffer | string;
    try {
      body = await readFile(file);
    } catch {
      const isPage = file === resolveAssetPath(opts.rendererDir, '/');
      response
        .writeHead(isPage ? 503 : 404, { ...security, 'content-type': 'text/plain; charset=utf-8' })
        .end(isPage ? 'The renderer is not built yet: run `npm run build:renderer`.' : 'Not found');
      return;
    }
    const isPage = file.endsWith('index.html');
    if (isPage) body = injectBridge(body.toString('utf8'), token);
    response.writeHead(200, {
      ...security,
      'content-type': mimeTypeOf(file),
      'content-security-policy': csp,
      'cross-origin-opener-policy': 'same-origin',
      'cache-control': isPage ? 'no-store' : 'no-cache',
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  }

  /** Media for the page that holds the session cookie; Range for seeking audio and video. */
  async function serveMedia(
    request: IncomingMessage,
    response: ServerResponse,
    requestUrl: URL,
  ): Promise<void> {
    const security = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };
    if (!sameToken(cookieOf(request, cookieName), session)) {
      response.writeHead(403, security).end('Forbidden');
      return;
    }
    const wanted = mediaRequestOf(requestUrl.pathname, requestUrl.searchParams);
    const media = wanted && (await core.resolveMedia(wanted.id, wanted.variant));
    if (!media) {
      response.writeHead(404, security).end('Not found');
      return;
    }
    const plan = planMediaResponse(media, request.headers.range);
    response.writeHead(plan.status, { ...security, ...plan.headers });
    if (request.method === 'HEAD' || plan.body === null) {
      response.end();
      return;
    }
    const stream = createReadStream(media.path, plan.body);
    stream.on('error', () => response.destroy());
    response.on('close', () => stream.destroy());
    stream.pipe(response);
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  wss.on('error', (error) => log(`The bridge failed: ${error.message}`));

  function refuseUpgrade(socket: Duplex, status: string): void {
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://host');
    if (url.pathname !== BRIDGE_PATH || !hosts.has(request.headers.host ?? '')) {
      refuseUpgrade(socket, '404 Not Found');
      return;
    }
    // Another site open in the same browser could otherwise reach core through the user's loopback.
    if (!origins.has(request.headers.origin ?? '')) {
      refuseUpgrade(socket, '403 Forbidden');
      return;
    }
    if (
      !sameToken(url.searchParams.get('token'), token) ||
      !sameToken(cookieOf(request, cookieName), session)
    ) {
      refuseUpgrade(socket, '401 Unauthorized');
      return;
    }
    // A socket that breaks before the upgrade completes must not take the host down.
    socket.on('error', () => socket.destroy());
    wss.handleUpgrade(request, socket, head, (ws) => {
      sockets.add(ws);
      let inFlight = 0;
      // A malformed frame (bad UTF-8, oversize, unmasked, reserved bits) closes this socket only.
      ws.on('error', () => ws.terminate());
      ws.on('close', () => sockets.delete(ws));
      ws.on('message', (raw, isBinary) => {
        const call = parseCall(raw, isBinary);
        if (call === null) return;
        const reply = (envelope: Envelope<unknown>): void => {
          if (ws.readyState !== ws.OPEN) return;
          ws.send(
            JSON.stringify({ kind: 'answer', id: call.id, envelope } satisfies BridgeServerMessage),
          );
        };
        if (inFlight >= MAX_CALLS_IN_FLIGHT) {
          reply(invalidInput(`Too many calls at once (${MAX_CALLS_IN_FLIGHT}); try again.`));
          return;
        }
        inFlight += 1;
        void answerCall(call)
          .catch((error: unknown) => {
            log(`A ${call.channel} call failed inside the host: ${String(error)}`);
            return {
              ok: false,
              error: {
                code: 'unknown',
                message: 'The web host failed',
                status: null,
                retryable: true,
              },
            } satisfies Envelope<never>;
          })
          .then((envelope) => {
            inFlight -= 1;
            reply(envelope);
          });
      });
    });
  });

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(opts.port, opts.host, () => {
      server.off('error', rejectListen);
      resolveListen();
    });
  });
  server.on('error', (error) => log(`The web host's server failed: ${error.message}`));
  const { port } = server.address() as AddressInfo;
  hosts = allowedHosts(opts.host, port);
  cookieName = `${SESSION_COOKIE}_${port}`;
  origins = new Set([...hosts].map((host) => `http://${host}`));
  // CSP source lists cannot name IPv6 literals; 'self' covers ws: on such a page in current browsers.
  csp = contentSecurityPolicy(
    [...hosts].filter((host) => !host.startsWith('[')).map((host) => `ws://${host}`),
  );
  const url = `http://${hostInUrl(opts.host)}:${port}/?token=${login}`;

  let closing: Promise<void> | null = null;
  return {
    url,
    token,
    close() {
      closing ??= (async () => {
        for (const socket of sockets) socket.terminate();
        wss.close();
        server.closeAllConnections();
        await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
        await core.dispose();
      })();
      return closing;
    },
  };
}
