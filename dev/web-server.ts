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

/** Attachments travel inside calls, so a message may be large; beyond this the socket is closed. */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

export interface WebServerOptions {
  host: string;
  port: number;
  rendererDir: string;
  /** Core is made once the events have somewhere to go; `host` is what this host can do for it. */
  openCore(emit: EventSender, host: Host): Promise<Core>;
  log(line: string): void;
}

export interface WebServer {
  url: string;
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

/** Puts the token and the bridge script before the renderer's first script, so window.atelier exists first. */
export function injectBridge(indexHtml: string, token: string): string {
  const tags = `<meta name="${TOKEN_META_NAME}" content="${token}"><script src="${BRIDGE_SCRIPT_PATH}"></script>`;
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

function parseCall(raw: RawData): BridgeCall | null {
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
  const bridgeScript = await bundleBridgeClient();
  const sockets = new Set<WebSocket>();

  const broadcast: EventSender = (event, payload) => {
    const text = JSON.stringify({ kind: 'event', event, payload } satisfies BridgeServerMessage);
    for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(text);
  };
  const core = await opts.openCore(broadcast, createWebHost(opts.log));

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
      ...(isPage
        ? { 'set-cookie': `${cookieName}=${session}; HttpOnly; SameSite=Strict; Path=/` }
        : {}),
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
    if (!sameToken(url.searchParams.get('token'), token)) {
      refuseUpgrade(socket, '401 Unauthorized');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
      ws.on('message', (raw) => {
        const call = parseCall(raw);
        if (call === null) return;
        void answerCall(call)
          .catch((error: unknown) => {
            opts.log(`A ${call.channel} call failed inside the host: ${String(error)}`);
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
            if (ws.readyState !== ws.OPEN) return;
            ws.send(
              JSON.stringify({
                kind: 'answer',
                id: call.id,
                envelope,
              } satisfies BridgeServerMessage),
            );
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
  const { port } = server.address() as AddressInfo;
  hosts = allowedHosts(opts.host, port);
  cookieName = `${SESSION_COOKIE}_${port}`;
  origins = new Set([...hosts].map((host) => `http://${host}`));
  // CSP source lists cannot name IPv6 literals; 'self' covers ws: on such a page in current browsers.
  csp = contentSecurityPolicy(
    [...hosts].filter((host) => !host.startsWith('[')).map((host) => `ws://${host}`),
  );
  const url = `http://${hostInUrl(opts.host)}:${port}/`;

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
