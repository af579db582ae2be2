// What every endpoint family builds on: where the service is, the key, the rate-limited transport, JSON calls and downloads.
import {
  ANSWER_FIRST_BYTE_MS,
  ANSWER_IDLE_MS,
  ANSWER_MAX_BYTES,
} from '../../../shared/service-limits';
import { serviceError } from './errors';
import {
  createTransport,
  failureOf,
  originOf,
  readJsonAnswer,
  type Transport,
  type WireCall,
} from './http';
import type {
  BinaryResult,
  CallOptions,
  DownloadOptions,
  RequestScheduler,
  ServiceConnection,
} from './types';

export interface ServiceClientOptions {
  connection: () => ServiceConnection;
  scheduler: RequestScheduler;
  fetch?: typeof fetch;
  appTitle?: string;
  /** Per attempt, from sending the request to its answer's headers (default ANSWER_FIRST_BYTE_MS). */
  requestTimeoutMs?: number;
  /** Longest silence inside any answer's body, a stream or not (default ANSWER_IDLE_MS). */
  idleTimeoutMs?: number;
  now?: () => number;
  /** Caps on answer bodies by what they hold (default ANSWER_MAX_BYTES; tests make them small). */
  answerMaxBytes?: Partial<Record<AnswerKind, number>>;
  /** The debug log's read interval (default 20 s; tests shorten it). */
  debugLatestIntervalMs?: number;
}

export interface ServicePlace {
  base: string;
  hostRoot: string;
  origin: string;
  debugBase: string;
  apiKey: string | null;
}

/** The shared helpers one endpoint family receives. */
export interface ServiceCalls {
  options: ServiceClientOptions;
  now(): number;
  transport: Transport;
  /** The service's addresses and key as they are now (settings may change between calls). */
  place(debugOverride?: string): ServicePlace;
  /** A JSON call on the base URL with the Bearer key; its answer within `limit` (default: JSON's). */
  postJson(
    path: string,
    body: unknown,
    opts?: CallOptions,
    limit?: AnswerLimit,
  ): Promise<{ json: unknown; text: string }>;
  getJson(path: string, opts?: CallOptions): Promise<{ json: unknown; text: string }>;
  /** A result's bytes: a data URI, or a URL (the key goes only to the service's own origin). */
  downloadFile(url: string, opts?: DownloadOptions): Promise<BinaryResult>;
  /** The cap of an answer that holds `kind`, with the answer in words for its refusal. */
  answerLimit(kind: AnswerKind, what: string): AnswerLimit;
}

export type AnswerKind = Exclude<keyof typeof ANSWER_MAX_BYTES, 'error'>;

/** The most an answer's body may hold, and the answer in words for the refusal past it. */
export interface AnswerLimit {
  maxBytes: number;
  what: string;
}

const DOWNLOAD_WHAT = {
  image: 'The picture',
  audio: 'The audio file',
  video: 'The video file',
} as const;

/** An endpoint family: its part of the client, built on the shared helpers. */
export type CallFamily<T> = (calls: ServiceCalls) => T;

export function createServiceCalls(options: ServiceClientOptions): ServiceCalls {
  const now = options.now ?? (() => Date.now());
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const transport = createTransport({
    scheduler: options.scheduler,
    fetch: fetchImpl,
    appTitle: options.appTitle ?? 'Atelier',
    serviceOrigin: () => originOf(options.connection().baseUrl),
    firstByteMs: options.requestTimeoutMs ?? ANSWER_FIRST_BYTE_MS,
    idleMs: options.idleTimeoutMs ?? ANSWER_IDLE_MS,
    now,
  });
  const place = (debugOverride?: string) => resolvePlace(options.connection(), debugOverride);
  const answerLimit = (kind: AnswerKind, what: string): AnswerLimit => ({
    maxBytes: options.answerMaxBytes?.[kind] ?? ANSWER_MAX_BYTES[kind],
    what,
  });
  const jsonAnswer = answerLimit('json', "The service's answer");

  function jsonCall(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    opts: CallOptions,
    limit: AnswerLimit,
  ) {
    const where = place();
    const apiKey = requireKey(where);
    const call: WireCall = {
      method,
      url: `${where.base}${path}`,
      auth: 'bearer',
      ...(method === 'POST' ? { json: body } : {}),
      accept: 'application/json',
      ...limit,
    };
    return transport.send(call, apiKey, opts, (res, ctx) => readJsonAnswer(res, ctx, now()));
  }

  async function downloadFile(url: string, opts: DownloadOptions = {}): Promise<BinaryResult> {
    const holds = opts.holds ?? 'video';
    if (url.startsWith('data:')) {
      const parts = dataUriParts(url);
      if (!parts) throw serviceError('malformed_response', 'The result is a broken data URI.');
      return { bytes: parts.bytes, mimeType: parts.mimeType };
    }
    const where = place();
    let target: URL;
    try {
      target = new URL(url, `${where.origin}/`);
    } catch {
      throw serviceError('malformed_response', 'The result address is not valid.');
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      throw serviceError('invalid_input', 'Only http and https results can be downloaded.');
    // The key goes only to the service itself, never to a storage host it links to.
    const call: WireCall = {
      method: 'GET',
      url: target.toString(),
      auth: target.origin === where.origin ? 'bearer' : 'none',
      ...answerLimit(holds, DOWNLOAD_WHAT[holds]),
    };
    return transport.send(call, where.apiKey, opts, async (res) => {
      if (!res.ok) throw await failureOf(res, where.apiKey, now());
      return {
        bytes: await readBytes(res),
        mimeType: mediaType(res) ?? 'application/octet-stream',
      };
    });
  }

  return {
    options,
    now,
    transport,
    place,
    postJson: (path, body, opts = {}, limit = jsonAnswer) =>
      jsonCall('POST', path, body, opts, limit),
    getJson: (path, opts = {}) => jsonCall('GET', path, undefined, opts, jsonAnswer),
    downloadFile,
    answerLimit,
  };
}

function httpUrl(text: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw serviceError('bad_base_url', `The ${what} "${text}" is not a valid address.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw serviceError('bad_base_url', `The ${what} must start with http:// or https://.`);
  return url;
}

function withoutTrailingSlash(text: string): string {
  return text.replace(/\/+$/, '');
}

/** The debug listener: the same host on the next port, the same path. */
function defaultDebugBase(base: URL): string {
  const debug = new URL(base.toString());
  const port = debug.port ? Number(debug.port) : debug.protocol === 'https:' ? 443 : 80;
  debug.port = String(port + 1);
  return withoutTrailingSlash(`${debug.origin}${debug.pathname}`);
}

function resolvePlace(conn: ServiceConnection, debugOverride?: string): ServicePlace {
  const url = httpUrl(conn.baseUrl, 'base URL');
  const base = withoutTrailingSlash(`${url.origin}${url.pathname}`);
  const debugText = debugOverride ?? conn.debugBaseUrl;
  let debugBase = defaultDebugBase(url);
  if (debugText) {
    const debug = httpUrl(debugText, 'debug address');
    // The key goes to the debug listener too: only on the service's own host.
    if (debug.protocol !== url.protocol || debug.hostname !== url.hostname)
      throw serviceError(
        'bad_base_url',
        `The debug address must be on the service's own host (${url.protocol}//${url.hostname}).`,
      );
    debugBase = withoutTrailingSlash(debug.toString());
  }
  const apiKey = conn.apiKey?.trim() ? conn.apiKey.trim() : null;
  return { base, hostRoot: base.replace(/\/v1$/, ''), origin: url.origin, debugBase, apiKey };
}

export function requireKey(place: ServicePlace): string {
  if (!place.apiKey) throw serviceError('no_key', null);
  return place.apiKey;
}

export function dataUriParts(uri: string): { mimeType: string; bytes: Buffer } | null {
  const m = /^data:([^;,]*)((?:;[^;,]*)*?)(;base64)?,(.*)$/s.exec(uri);
  if (!m) return null;
  const payload = m[4] ?? '';
  const bytes = m[3] ? Buffer.from(payload, 'base64') : Buffer.from(decodeURIComponent(payload));
  return { mimeType: m[1] || 'application/octet-stream', bytes };
}

export function mediaType(res: Response): string | null {
  return res.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() || null;
}

export async function readBytes(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer());
}

/** The cost field only when the service gave one, so answers without it keep their shape. */
export function withCost(cost: string | null): { cost?: string } {
  return cost === null ? {} : { cost };
}

/** A cost as the service wrote it (a decimal string or a number), or null. */
export function costText(value: unknown): string | null {
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim())) return value.trim();
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return String(value);
  return null;
}
