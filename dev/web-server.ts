// The web host's server: serves the built renderer with the bridge script, media at addresses only the page knows, and carries calls over a WebSocket that a single-use login opens.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { isInvokeChannel } from '../shared/channel-names';
import type { Envelope } from '../shared/types';
import type { Core } from '../electron/core/app';
import { mediaRequestOf, planMediaResponse } from '../electron/core/features/media/serving';
import type { EventSender } from '../electron/main/outbox';
import type { Host } from '../electron/core/features/context';
import { contentSecurityPolicy, mimeTypeOf, resolveAssetPath } from '../electron/main/policy';
import {
  BRIDGE_PATH,
  BRIDGE_REFUSED,
  BRIDGE_SCRIPT_PATH,
  HELLO_TIMEOUT_MS,
  LOGIN_PARAM,
  type BridgeCall,
  type BridgeServerMessage,
} from './bridge-protocol';
import { parseCall, parseHello } from './bridge-frames';
import { fromThisUser, type ConnectionEnds } from './peer-user';
import { terminalSafe } from './terminal-text';
import { bundleBridgeClient, injectBridge, OPEN_FROM_TERMINAL_PAGE } from './web-page';
import { createWebHost, NO_MCP_COMMANDS, type McpCommandPolicy } from './web-host';

/**
 * The largest message the bridge takes: a chat text (2,000,000 characters) or a 1 MiB file chunk
 * (a binary frame) fit with room to spare; beyond this the socket is closed.
 */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** Calls one page may have waiting for core at once; more are answered with an error at once. */
export const MAX_CALLS_IN_FLIGHT = 64;

export interface WebServerOptions {
  host: string;
  port: number;
  rendererDir: string;
  /** Core is made once the events have somewhere to go; `host` is what this host can do for it. */
  openCore(emit: EventSender, host: Host): Promise<Core>;
  log(line: string): void;
  /** Who lets MCP command lines run; none run by default. */
  mcpCommands?: McpCommandPolicy;
  /**
   * Whether a connection may reach the bridge or the media: by default, on Linux, only one from
   * the user who started the host (peer-user.ts). Tests stand in another user with it.
   */
  fromThisUser?: (ends: ConnectionEnds) => Promise<boolean>;
}

export interface WebServer {
  /** The address to open, printed in the terminal: its login works once. */
  url: string;
  /**
   * Another address that works once, as the terminal prints after each use: for tests and
   * benches that open the app more than once.
   */
  freshUrl(): string;
  close(): Promise<void>;
}

const isLoopback = (host: string): boolean =>
  host === '127.0.0.1' || host === 'localhost' || host === '::1';
const hostInUrl = (host: string): string => (host.includes(':') ? `[${host}]` : host);

/** Names the page may be reached by: a foreign Host header means DNS rebinding, so it is refused. */
function allowedHosts(host: string, port: number): Set<string> {
  const names = isLoopback(host) ? ['127.0.0.1', 'localhost', '[::1]'] : [hostInUrl(host)];
  return new Set(names.map((name) => `${name}:${port}`));
}

function sameSecret(given: string, secret: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The secret of `secrets` that `given` is, compared in constant time; null when none. */
function findSecret(secrets: Iterable<string>, given: unknown): string | null {
  if (typeof given !== 'string') return null;
  for (const secret of secrets) if (sameSecret(given, secret)) return secret;
  return null;
}

function invalidInput(message: string): Envelope<never> {
  return { ok: false, error: { code: 'invalid_input', message, status: null, retryable: false } };
}

export async function startWebServer(opts: WebServerOptions): Promise<WebServer> {
  // Printed addresses not used yet; each becomes a session when a page says it, and is then gone.
  const logins = new Set<string>();
  // The secrets pages keep in their tab's sessionStorage (scoped by origin, never a cookie).
  const sessions = new Set<string>();
  // Part of every media address: <img> and <audio> cannot send a secret otherwise.
  const mediaKey = randomBytes(24).toString('hex');
  const log = (line: string): void => opts.log(terminalSafe(line));
  const bridgeScript = await bundleBridgeClient();
  const sockets = new Set<WebSocket>();

  const broadcast: EventSender = (event, payload) => {
    const text = JSON.stringify({ kind: 'event', event, payload } satisfies BridgeServerMessage);
    for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(text);
  };
  const core = await opts.openCore(
    broadcast,
    createWebHost(log, opts.mcpCommands ?? NO_MCP_COMMANDS),
  );

  async function answerCall(call: BridgeCall): Promise<Envelope<unknown>> {
    if (!isInvokeChannel(call.channel)) return invalidInput(`Unknown call: ${call.channel}`);
    return core.invoke(call.channel, call.input);
  }

  let hosts = new Set<string>();
  let origins = new Set<string>();
  let csp = contentSecurityPolicy();
  let base = '';

  function freshUrl(): string {
    const login = randomBytes(24).toString('hex');
    logins.add(login);
    return `${base}/?${LOGIN_PARAM}=${login}`;
  }

  const server = createServer((request, response) => {
    void serveHttp(request, response);
  });

  const SECURITY = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };

  async function serveHttp(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!hosts.has(request.headers.host ?? '')) {
      response.writeHead(421, SECURITY).end('Misdirected request');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { ...SECURITY, allow: 'GET, HEAD' }).end();
      return;
    }
    const requestUrl = new URL(request.url ?? '/', 'http://host');
    const path = requestUrl.pathname;
    const given = requestUrl.searchParams.get(LOGIN_PARAM);
    // An address used before, or never printed, says so at once; a good one is used by the page's
    // bridge (the page itself is the same for anyone and carries no secret).
    if (given !== null && findSecret(logins, given) === null) {
      response
        .writeHead(403, {
          ...SECURITY,
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
        })
        .end(OPEN_FROM_TERMINAL_PAGE);
      return;
    }
    if (path.startsWith('/media/')) {
      if (!(await mayConnect(request.socket))) {
        response.writeHead(403, SECURITY).end('Forbidden');
        return;
      }
      await serveMedia(request, response, requestUrl);
      return;
    }
    if (path === BRIDGE_SCRIPT_PATH) {
      response.writeHead(200, {
        ...SECURITY,
        'content-type': mimeTypeOf('bridge.js'),
        'cache-control': 'no-store',
      });
      response.end(request.method === 'HEAD' ? undefined : bridgeScript);
      return;
    }
    const file = resolveAssetPath(opts.rendererDir, path);
    if (file === null) {
      response.writeHead(404, SECURITY).end('Not found');
      return;
    }
    let body: Buffer | string;
    try {
      body = await readFile(file);
    } catch {
      const isPage = file === resolveAssetPath(opts.rendererDir, '/');
      response
        .writeHead(isPage ? 503 : 404, { ...SECURITY, 'content-type': 'text/plain; charset=utf-8' })
        .end(isPage ? 'The renderer is not built yet: run `npm run build:renderer`.' : 'Not found');
      return;
    }
    const isPage = file.endsWith('index.html');
    if (isPage) body = injectBridge(body.toString('utf8'));
    response.writeHead(200, {
      ...SECURITY,
      'content-type': mimeTypeOf(file),
      'content-security-policy': csp,
      'cross-origin-opener-policy': 'same-origin',
      'cache-control': isPage ? 'no-store' : 'no-cache',
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  }

  /** `/media/<media key>/<id>`: for the page that was told the key; Range for seeking. */
  async function serveMedia(
    request: IncomingMessage,
    response: ServerResponse,
    requestUrl: URL,
  ): Promise<void> {
    const rest = requestUrl.pathname.slice('/media/'.length);
    const slash = rest.indexOf('/');
    if (slash < 0 || !sameSecret(rest.slice(0, slash), mediaKey)) {
      response.writeHead(403, SECURITY).end('Forbidden');
      return;
    }
    const wanted = mediaRequestOf(`/media/${rest.slice(slash + 1)}`, requestUrl.searchParams);
    const media = wanted && (await core.resolveMedia(wanted.id, wanted.variant));
    if (!media) {
      response.writeHead(404, SECURITY).end('Not found');
      return;
    }
    const plan = planMediaResponse(media, request.headers.range);
    response.writeHead(plan.status, { ...SECURITY, ...plan.headers });
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

  const mayConnect = opts.fromThisUser ?? fromThisUser;

  function refuseUpgrade(socket: Duplex, status: string): void {
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }

  /**
   * The session a hello opens, or null. A login is spent here, whatever happens next, and the
   * terminal gets the next address, so closing the tab does not lock the person out.
   */
  function sessionFor(hello: { login?: unknown; session?: unknown }): string | null {
    const session = findSecret(sessions, hello.session);
    if (session !== null) return session;
    const login = findSecret(logins, hello.login);
    if (login === null) return null;
    logins.delete(login);
    const opened = randomBytes(32).toString('hex');
    sessions.add(opened);
    log(
      'The address above has been used and will not open Atelier again. For another tab or ' +
        `browser, open this one (it also works once): ${freshUrl()}`,
    );
    return opened;
  }

  /** Calls from a page whose hello was good: answered by id, at most MAX_CALLS_IN_FLIGHT at once. */
  function carryCalls(ws: WebSocket): void {
    let inFlight = 0;
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
  }

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://host');
    if (url.pathname !== BRIDGE_PATH || !hosts.has(request.headers.host ?? '')) {
      refuseUpgrade(socket, '404 Not Found');
      return;
    }
    // Another site open in the same browser could otherwise reach core through the user's
    // loopback. A local program can forge its Origin: the hello below is what keeps it out.
    if (!origins.has(request.headers.origin ?? '')) {
      refuseUpgrade(socket, '403 Forbidden');
      return;
    }
    // A socket that breaks before the upgrade completes must not take the host down.
    socket.on('error', () => socket.destroy());
    // Another user of this computer who read a printed address (from a browser's command line,
    // say) is refused before the hello: the address alone is no way in.
    void mayConnect(request.socket).then((allowed) => {
      if (!allowed) refuseUpgrade(socket, '403 Forbidden');
      else acceptBridge(request, socket, head);
    });
  });

  function acceptBridge(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    wss.handleUpgrade(request, socket, head, (ws) => {
      // A malformed frame (bad UTF-8, oversize, unmasked, reserved bits) closes this socket only.
      ws.on('error', () => ws.terminate());
      ws.on('close', () => sockets.delete(ws));
      const refuse = (): void => ws.close(BRIDGE_REFUSED, 'Open the address from the terminal');
      const silent = setTimeout(refuse, HELLO_TIMEOUT_MS);
      ws.on('close', () => clearTimeout(silent));
      ws.once('message', (raw, isBinary) => {
        clearTimeout(silent);
        const hello = parseHello(raw, isBinary);
        const session = hello && sessionFor(hello);
        if (!session) {
          refuse();
          return;
        }
        if (ws.readyState !== ws.OPEN) return;
        ws.send(
          JSON.stringify({ kind: 'welcome', session, mediaKey } satisfies BridgeServerMessage),
        );
        sockets.add(ws);
        carryCalls(ws);
      });
    });
  }

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
  origins = new Set([...hosts].map((host) => `http://${host}`));
  // CSP source lists cannot name IPv6 literals; 'self' covers ws: on such a page in current browsers.
  csp = contentSecurityPolicy(
    [...hosts].filter((host) => !host.startsWith('[')).map((host) => `ws://${host}`),
  );
  base = `http://${hostInUrl(opts.host)}:${port}`;
  const url = freshUrl();

  let closing: Promise<void> | null = null;
  return {
    url,
    freshUrl,
    close() {
      closing ??= (async () => {
        for (const socket of sockets) socket.terminate();
        for (const client of wss.clients) client.terminate();
        wss.close();
        server.closeAllConnections();
        await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
        await core.dispose();
      })();
      return closing;
    },
  };
}
