// The debug listener: logs the last call each key sent to it; /latest/call gives it back, rarely.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AccountBook } from './accounts';
import { readBody, SimHttpError, sendError, sendJson } from './http';

interface LoggedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  received_at: string;
}

const MAX_LOGGED_BODY = 20_000;

/** The key shown in a log: its scheme and last 4 characters, so diagnostics never leak it. */
function maskAuthorization(value: string): string {
  const match = /^(\S+)\s+(.+)$/.exec(value);
  if (!match) return '…';
  return `${match[1]} …${(match[2] ?? '').slice(-4)}`;
}

function loggedBody(body: Buffer): unknown {
  const text = body.toString('utf8');
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text.length > MAX_LOGGED_BODY ? `${text.slice(0, MAX_LOGGED_BODY)}…` : text;
  }
}

export class DebugLog {
  private readonly lastCall = new Map<string, LoggedCall>();
  private readonly lastFetch = new Map<string, number>();

  constructor(
    private readonly accounts: AccountBook,
    private readonly minFetchIntervalMs: () => number,
    private readonly now: () => number,
  ) {}

  async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const url = new URL(req.url ?? '/', 'http://debug');
      const body = await readBody(req);
      if (
        req.method === 'GET' &&
        url.pathname.replace(/^\/v1/, '').replace(/\/+$/, '') === '/latest/call'
      )
        return this.answerLatest(res, url);
      const bearer = /^Bearer\s+(\S+)/i.exec(req.headers.authorization ?? '');
      const key = bearer?.[1] ?? url.searchParams.get('key');
      if (!key)
        throw new SimHttpError(401, 'No API key: send Authorization: Bearer <API_KEY> or ?key=');
      this.accounts.lookup(key);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined) continue;
        const text = Array.isArray(value) ? value.join(', ') : value;
        headers[name] = name === 'authorization' ? maskAuthorization(text) : text;
      }
      const query = Object.fromEntries(url.searchParams);
      if (query.key) query.key = `…${query.key.slice(-4)}`;
      this.lastCall.set(key, {
        method: req.method ?? 'GET',
        path: url.pathname,
        query,
        headers,
        body: loggedBody(body),
        received_at: new Date(this.now()).toISOString(),
      });
      sendJson(res, 200, {
        status: 'logged',
        message: 'Request logged. Fetch it from /latest/call?key=<API_KEY>.',
      });
    } catch (error) {
      if (error instanceof SimHttpError) sendError(res, error, 'message');
      else sendError(res, new SimHttpError(500, 'Internal server error'), 'message');
    }
  }

  private answerLatest(res: ServerResponse, url: URL): void {
    const key = url.searchParams.get('key');
    if (!key) throw new SimHttpError(400, 'Query parameter key is required');
    this.accounts.lookup(key);
    const now = this.now();
    const last = this.lastFetch.get(key);
    const interval = this.minFetchIntervalMs();
    if (last !== undefined && now - last < interval) {
      const waitSeconds = Math.max(1, Math.ceil((last + interval - now) / 1000));
      throw new SimHttpError(
        429,
        `latest/call may be requested at most once every ${Math.round(interval / 1000)} seconds`,
        { headers: { 'Retry-After': String(waitSeconds) } },
      );
    }
    this.lastFetch.set(key, now);
    const call = this.lastCall.get(key);
    if (!call)
      throw new SimHttpError(404, 'No call has been sent to the debug address with this key yet');
    sendJson(res, 200, call);
  }

  reset(): void {
    this.lastCall.clear();
    this.lastFetch.clear();
  }
}
