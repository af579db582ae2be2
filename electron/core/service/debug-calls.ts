// The debug listener: a test request, and the latest recorded call (at most once every 20 s), both masked.
import { type CallFamily, requireKey } from './calls';
import { maskSecrets, serviceError } from './errors';
import { failureOf, type WireCall } from './http';
import type { CallOptions, DebugConnection, FullServiceClient } from './types';
import { isObject } from './wire';

/** The service allows its debug latest/call at most once every 20 s. */
export const DEBUG_LATEST_MIN_INTERVAL_MS = 20_000;
const DEBUG_BODY_MAX_CHARS = 20_000;

export const debugCalls: CallFamily<Pick<FullServiceClient, 'sendToDebug' | 'latestDebugCall'>> = (
  c,
) => {
  let lastDebugLatestAt: number | null = null;
  const debugLatestIntervalMs = c.options.debugLatestIntervalMs ?? DEBUG_LATEST_MIN_INTERVAL_MS;
  return {
    async sendToDebug(path, body, callOpts: CallOptions & DebugConnection = {}) {
      const where = c.place(callOpts.debugBaseUrl);
      const apiKey = requireKey(where);
      const call: WireCall = {
        method: body === undefined ? 'GET' : 'POST',
        url: `${where.debugBase}${path.startsWith('/') ? path : `/${path}`}`,
        auth: 'bearer',
        json: body,
        resend: false,
      };
      return c.transport.send(call, apiKey, callOpts, async (res) => {
        const text = maskSecrets(await res.text(), apiKey);
        return {
          status: res.status,
          contentType: res.headers.get('content-type'),
          body:
            text.length > DEBUG_BODY_MAX_CHARS ? `${text.slice(0, DEBUG_BODY_MAX_CHARS)}…` : text,
        };
      });
    },

    async latestDebugCall(callOpts: CallOptions & DebugConnection = {}) {
      const where = c.place(callOpts.debugBaseUrl);
      const apiKey = requireKey(where);
      const at = c.now();
      if (lastDebugLatestAt !== null && at - lastDebugLatestAt < debugLatestIntervalMs) {
        const waitMs = lastDebugLatestAt + debugLatestIntervalMs - at;
        throw serviceError(
          'rate_limited',
          `The debug log can be read once every 20 s; wait ${Math.ceil(waitMs / 1000)} s.`,
          null,
          { retryAfterMs: waitMs },
        );
      }
      lastDebugLatestAt = at;
      const call: WireCall = {
        method: 'GET',
        url: `${where.debugBase}/latest/call?key=${encodeURIComponent(apiKey)}`,
        auth: 'none',
        accept: 'application/json',
        resend: false,
      };
      return c.transport.send(call, apiKey, callOpts, async (res) => {
        if (!res.ok) throw await failureOf(res, apiKey, c.now());
        const text = await res.text();
        let recorded: unknown;
        try {
          recorded = JSON.parse(text);
        } catch {
          recorded = text;
        }
        return { status: res.status, call: maskDeep(recorded, apiKey) };
      });
    },
  };
};

function maskDeep(value: unknown, apiKey: string | null): unknown {
  if (typeof value === 'string') return maskSecrets(value, apiKey);
  if (Array.isArray(value)) return value.map((item) => maskDeep(item, apiKey));
  if (isObject(value))
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [maskSecrets(k, apiKey), maskDeep(v, apiKey)]),
    );
  return value;
}
