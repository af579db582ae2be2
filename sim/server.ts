// The simulated service: listeners (main, legacy, debug), routing, auth, rate, failure injection.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AccountBook } from './accounts';
import { accountRoutes } from './balance';
import { audioRoutes } from './audio';
import { chatRoutes } from './chat';
import {
  FileStore,
  type AuthForm,
  type Call,
  type ModelsProfile,
  type Route,
  type SimSettings,
  type SimState,
  type ValidationStatus,
} from './context';
import { DebugLog } from './debug';
import { requestPurpose, type RequestPurpose } from './request-purpose';
import { documentRoutes } from './documents';
import { semanticRoutes } from './embeddings';
import {
  gatewayFailure,
  parseJsonObject,
  readBody,
  sendBytes,
  sendError,
  sendJson,
  SimHttpError,
  type ErrorDelivery,
  type ErrorStyle,
} from './http';
import { imageRoutes } from './images';
import { VideoJobs } from './video';

export interface SimOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** The debug listener; by default the main port + 1 (where the app looks); 0 picks a free port. */
  debugPort?: number;
  /** The legacy listener (same API); off unless given, 0 picks a free port. */
  legacyPort?: number;
  host?: string;
  /** Gap between stream ticks (default 15 ms). 0 writes a whole stream at once. */
  chunkDelayMs?: number;
  /** Polls of one video job closer than this answer 429 (default 10,000 ms). */
  minVideoPollMs?: number;
  /** Calls to the debug /latest/call closer than this answer 429 (default 20,000 ms). */
  minDebugPollMs?: number;
  /** false turns the per-key request rate off (default on). */
  rateLimit?: boolean;
  /** GET /models: 'minimal' (the default: id, name, pricing, context_length) or 'rich'. */
  modelsProfile?: ModelsProfile;
  /** The language of the service's error texts (default 'en'). */
  errorLanguage?: 'en' | 'ru';
  /** Status of validation rejections: 'alternate' (the default: 400, then 429, ...), 400 or 429. */
  validationStatus?: ValidationStatus;
  /**
   * The test-only /__sim/ control endpoints and the request log behind /__sim/requests (which
   * keeps raw headers, keys included). On by default; the app's demo service turns them off.
   */
  control?: boolean;
}

export interface RunningSim {
  baseUrl: string;
  hostRoot: string;
  debugBaseUrl: string;
  legacyBaseUrl: string | null;
  port: number;
  debugPort: number;
  legacyPort: number | null;
  close(): Promise<void>;
}

interface InjectedFailure {
  status: number;
  remaining: number;
  path: string | undefined;
  /** For 429: the Retry-After seconds to send, or null for none. */
  retryAfter?: number | null;
}

interface LoggedRequest {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  listener: 'main' | 'legacy';
  at: number;
  /** For chat requests: the background title request or a turn (sim/request-purpose.ts). */
  purpose?: RequestPurpose;
}

const API_PREFIX = '/v1';
const LOG_CAPACITY = 200;
const LOGGED_BODY_CHARS = 2000;

function keyFromHeader(req: IncomingMessage, scheme: 'Bearer' | 'Key'): string | null {
  const match = /^(\S+)\s+(\S+)\s*$/.exec(req.headers.authorization ?? '');
  if (!match || match[1]?.toLowerCase() !== scheme.toLowerCase()) return null;
  return match[2] ?? null;
}

function findKey(req: IncomingMessage, url: URL, auth: AuthForm): string | null {
  if (typeof auth === 'function') return auth(url);
  if (auth === 'key') {
    const key = keyFromHeader(req, 'Key');
    if (!key)
      throw new SimHttpError(
        400,
        'Video status needs the header Authorization: Key <API_KEY> (not Bearer).',
        {
          code: 'missing_key',
          ru: 'Для статуса видео нужен заголовок Authorization: Key <API_KEY> (не Bearer).',
          validation: true,
        },
      );
    return key;
  }
  if (auth === 'none') return null;
  const key = keyFromHeader(req, 'Bearer');
  if (!key && auth === 'bearer')
    throw new SimHttpError(400, 'No API key: send the header Authorization: Bearer <API_KEY>.', {
      code: 'missing_key',
      ru: 'Нет API-ключа: отправьте заголовок Authorization: Bearer <API_KEY>.',
      validation: true,
    });
  return key;
}

/**
 * Whether a Host header names this listener by a local name (127.0.0.1, localhost, [::1]) or the
 * address it was bound to; anything else is a name someone pointed here.
 */
export function isLocalHostHeader(header: string | undefined, boundHost: string): boolean {
  if (!header) return false;
  const name = header
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  return ['127.0.0.1', 'localhost', '::1', boundHost.toLowerCase()].includes(name);
}

function matches(route: Route, path: string): boolean {
  return typeof route.path === 'string' ? route.path === path : route.path.test(path);
}

export async function startSim(opts: SimOptions = {}): Promise<RunningSim> {
  const host = opts.host ?? '127.0.0.1';
  let sequence = 0;
  const accounts = new AccountBook();
  const files = new FileStore();
  const initialSettings = (): SimSettings => ({
    chunkDelayMs: opts.chunkDelayMs ?? 15,
    minVideoPollMs: opts.minVideoPollMs ?? 10_000,
    minDebugPollMs: opts.minDebugPollMs ?? 20_000,
    rateLimit: opts.rateLimit ?? true,
    modelsProfile: opts.modelsProfile ?? 'minimal',
    errorLanguage: opts.errorLanguage ?? 'en',
    validationStatus: opts.validationStatus ?? 'alternate',
  });
  let validationRejections = 0;
  const state: SimState = {
    settings: initialSettings(),
    accounts,
    files,
    nextId(prefix) {
      sequence += 1;
      return `${prefix}-${sequence.toString(36).padStart(6, '0')}`;
    },
    now: () => Date.now(),
  };
  const debugLog = new DebugLog(accounts, () => state.settings.minDebugPollMs, state.now);
  const videoJobs = new VideoJobs();
  const routes: Route[] = [
    ...accountRoutes(state),
    ...chatRoutes(),
    ...semanticRoutes(),
    ...imageRoutes(),
    ...audioRoutes(),
    ...documentRoutes(),
    ...videoJobs.routes(),
  ];
  let failures: InjectedFailure[] = [];
  let requestLog: LoggedRequest[] = [];
  const control = opts.control ?? true;

  function takeInjectedFailure(path: string, fullPath: string): SimHttpError | null {
    const failure = failures.find(
      (f) => f.remaining > 0 && (f.path === undefined || f.path === path || f.path === fullPath),
    );
    if (!failure) return null;
    failure.remaining -= 1;
    failures = failures.filter((f) => f.remaining > 0);
    const error = gatewayFailure(failure.status);
    if (failure.status === 429 && failure.retryAfter !== undefined) {
      const headers: Record<string, string> = {};
      if (failure.retryAfter !== null) headers['Retry-After'] = String(failure.retryAfter);
      return new SimHttpError(429, error.message, { ...error.options, headers });
    }
    return error;
  }

  /** The language and, for validation rejections, the status of the next error sent. */
  function errorDelivery(error: SimHttpError): ErrorDelivery {
    const mode = state.settings.validationStatus;
    let validationStatus = 400;
    if (error.options.validation) {
      validationRejections += 1;
      validationStatus = mode === 'alternate' ? (validationRejections % 2 === 0 ? 429 : 400) : mode;
    }
    return { language: state.settings.errorLanguage, validationStatus };
  }

  function applySettings(spec: Record<string, unknown>): void {
    const next = { ...state.settings };
    if (spec.modelsProfile !== undefined) {
      if (spec.modelsProfile !== 'minimal' && spec.modelsProfile !== 'rich')
        throw new SimHttpError(400, "modelsProfile must be 'minimal' or 'rich'");
      next.modelsProfile = spec.modelsProfile;
    }
    if (spec.errorLanguage !== undefined) {
      if (spec.errorLanguage !== 'en' && spec.errorLanguage !== 'ru')
        throw new SimHttpError(400, "errorLanguage must be 'en' or 'ru'");
      next.errorLanguage = spec.errorLanguage;
    }
    if (spec.validationStatus !== undefined) {
      const v = spec.validationStatus;
      if (v !== 'alternate' && v !== 400 && v !== 429)
        throw new SimHttpError(400, "validationStatus must be 'alternate', 400 or 429");
      next.validationStatus = v;
    }
    state.settings = next;
  }

  function serveControl(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer): void {
    const action = url.pathname.slice('/__sim/'.length);
    if (req.method === 'POST' && action === 'fail') {
      const spec = parseJsonObject(body.length > 0 ? body : Buffer.from('{}'));
      const status = Number(spec.status);
      if (![429, 500, 502, 503, 504].includes(status))
        throw new SimHttpError(400, 'status must be one of 429, 500, 502, 503, 504');
      const retryAfter = spec.retryAfter;
      if (retryAfter !== undefined && retryAfter !== null && !Number.isInteger(retryAfter))
        throw new SimHttpError(400, 'retryAfter must be whole seconds or null');
      failures.push({
        status,
        remaining: spec.count === undefined ? 1 : Math.max(0, Math.floor(Number(spec.count))),
        path: typeof spec.path === 'string' ? spec.path : undefined,
        ...(retryAfter === undefined ? {} : { retryAfter: retryAfter as number | null }),
      });
      return sendJson(res, 200, { ok: true, pending: failures });
    }
    if (req.method === 'GET' && action === 'requests') return sendJson(res, 200, requestLog);
    if (req.method === 'POST' && action === 'settings') {
      applySettings(parseJsonObject(body.length > 0 ? body : Buffer.from('{}')));
      return sendJson(res, 200, { ok: true, settings: state.settings });
    }
    if (req.method === 'POST' && action === 'reset') {
      failures = [];
      requestLog = [];
      sequence = 0;
      validationRejections = 0;
      state.settings = initialSettings();
      accounts.reset();
      files.clear();
      debugLog.reset();
      videoJobs.reset();
      return sendJson(res, 200, { ok: true });
    }
    throw new SimHttpError(404, `No control endpoint ${req.method} ${url.pathname}`);
  }

  async function serveApi(
    req: IncomingMessage,
    res: ServerResponse,
    listener: 'main' | 'legacy',
  ): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sim');
    // The rate is the requests' arrival, not the end of a body that may take long to upload.
    const arrivedAt = state.now();
    let style: ErrorStyle = 'openai';
    try {
      // Only this computer's own names for this listener: a page elsewhere that rebinds a DNS
      // name to 127.0.0.1 gets nothing.
      if (!isLocalHostHeader(req.headers.host, host))
        throw new SimHttpError(403, 'This service answers only requests to its own address.');
      const body = await readBody(req);
      if (url.pathname.startsWith('/__sim/')) {
        if (!control) throw new SimHttpError(404, `Not found: ${req.method} ${url.pathname}`);
        return serveControl(req, res, url, body);
      }
      if (control)
        requestLog.push({
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.search,
          headers: req.headers,
          body: body.toString('utf8').slice(0, LOGGED_BODY_CHARS),
          listener,
          at: arrivedAt,
          purpose: requestPurpose(req.method, url.pathname, body),
        });
      if (requestLog.length > LOG_CAPACITY) requestLog.shift();

      if (req.method === 'GET' && url.pathname.startsWith('/files/')) {
        const file = files.get(decodeURIComponent(url.pathname.slice('/files/'.length)));
        if (!file) throw new SimHttpError(404, 'File not found');
        return sendBytes(res, 200, file.contentType, file.bytes, { 'Cache-Control': 'no-store' });
      }

      const api = url.pathname.startsWith(`${API_PREFIX}/`);
      const path = api ? url.pathname.slice(API_PREFIX.length) : url.pathname;
      const route = routes.find((r) => r.api === api && matches(r, path));
      if (!route) throw new SimHttpError(404, `Not found: ${req.method} ${url.pathname}`);
      style = route.errorStyle;
      if (route.method !== req.method)
        throw new SimHttpError(405, `Method ${req.method} is not allowed on ${url.pathname}`);

      const key = findKey(req, url, route.auth);
      const account = key === null ? null : accounts.lookup(key);
      if (account && state.settings.rateLimit) accounts.admitRequest(account, arrivedAt);
      const injected = takeInjectedFailure(path, url.pathname);
      if (injected) {
        if (route.path === '/video/status' && account)
          videoJobs.countFailedPoll(url, account, state.now());
        throw injected;
      }

      let closed = false;
      res.on('close', () => {
        closed = true;
      });
      const call: Call = { req, res, url, path, body, account, state, closed: () => closed };
      await route.run(call);
    } catch (error) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof SimHttpError) return sendError(res, error, style, errorDelivery(error));
      console.error('[sim] unexpected error', error);
      sendError(res, new SimHttpError(500, 'Internal server error'), style);
    }
  }

  const servers: Server[] = [];
  async function listen(
    port: number,
    serve: (req: IncomingMessage, res: ServerResponse) => void,
  ): Promise<number> {
    const server = createServer(serve);
    servers.push(server);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    return (server.address() as AddressInfo).port;
  }

  /**
   * The main listener and the debug one on its port + 1, where the app looks by default; with
   * no ports given, free ports are tried until such a pair is found.
   */
  async function listenPair(): Promise<{ port: number; debugPort: number }> {
    const serveMain = (req: IncomingMessage, res: ServerResponse): void =>
      void serveApi(req, res, 'main');
    const serveDebug = (req: IncomingMessage, res: ServerResponse): void => {
      if (!isLocalHostHeader(req.headers.host, host))
        return sendError(res, new SimHttpError(403, 'Not this address.'), 'message');
      void debugLog.serve(req, res);
    };
    for (let attempt = 0; ; attempt++) {
      const port = await listen(opts.port ?? 0, serveMain);
      try {
        const debugPort = await listen(opts.debugPort ?? port + 1, serveDebug);
        return { port, debugPort };
      } catch (error) {
        const taken = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
        if (!taken || opts.port || opts.debugPort !== undefined || attempt >= 20) throw error;
        await closeAll(servers.splice(0));
      }
    }
  }

  try {
    const { port, debugPort } = await listenPair();
    const legacyPort =
      opts.legacyPort === undefined
        ? null
        : await listen(opts.legacyPort, (req, res) => void serveApi(req, res, 'legacy'));
    const hostRoot = `http://${host}:${port}`;
    files.setHostRoot(hostRoot);
    return {
      baseUrl: `${hostRoot}${API_PREFIX}`,
      hostRoot,
      debugBaseUrl: `http://${host}:${debugPort}`,
      legacyBaseUrl: legacyPort === null ? null : `http://${host}:${legacyPort}${API_PREFIX}`,
      port,
      debugPort,
      legacyPort,
      close: () => closeAll(servers),
    };
  } catch (error) {
    await closeAll(servers);
    throw error;
  }
}

async function closeAll(servers: Server[]): Promise<void> {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          if (!server.listening) return resolve();
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    ),
  );
}
