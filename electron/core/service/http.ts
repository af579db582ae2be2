// One exchange with the service: auth forms, X-Title, deadlines, caps, cancellation, scheduler slots, holds, bounded resends.
import { ANSWER_MAX_BYTES } from '../../../shared/service-limits';
import { guardBody, untilAborted } from './answer-guard';
import type { AttemptContext } from './answer-reading';
import { ServiceError, serviceError, toUserError } from './errors';
import { STANDARD_INTERVAL_MS } from './scheduler';
import { jsonBody } from './streamed-body';
import type { CallOptions, RequestScheduler, RequestSlot } from './types';
import { watchWire } from './wire-watch';

export {
  type AttemptContext,
  failureOf,
  type JsonAnswer,
  parseJsonAnswer,
  readJsonAnswer,
} from './answer-reading';
export { untilAborted } from './answer-guard';

/** 429/430: resends after waiting. */
export const MAX_RATE_RETRIES = 4;
/** 504 / EDGE_FUNCTION_INVOCATION_TIMEOUT: the service says a resend usually passes. */
export const MAX_TIMEOUT_RESENDS = 3;
/** A 429 in words Atelier does not know, met at the document's pace: one resend, then its words. */
export const MAX_REFUSED_RESENDS = 1;
export const BACKOFF_START_MS = 2000;
export const BACKOFF_CAP_MS = 32_000;
/**
 * A Retry-After longer than this fails the request that met it (the scheduler still holds every
 * request until then, and the shell shows the wait) instead of being waited out silently.
 */
export const MAX_RETRY_AFTER_MS = 120_000;

export interface WireCall {
  method: 'GET' | 'POST';
  url: string;
  /** bearer: `Authorization: Bearer`; key: `Authorization: Key` (video status); none: key elsewhere or foreign host. */
  auth: 'bearer' | 'key' | 'none';
  /** Serialized for each attempt; FileBase64 values in it are streamed from disk (streamed-body.ts). */
  json?: unknown;
  /** Built afresh for each attempt, since a sent FormData cannot be reused safely. */
  form?: () => FormData;
  accept?: string;
  /** false: never resend automatically (the debug listener has its own limits). */
  resend?: boolean;
  /** The most bytes of the answer's body read (default ANSWER_MAX_BYTES.json); past it, refused. */
  maxBytes?: number;
  /** The answer in words, for the refusal past maxBytes ("The speech answer"). */
  what?: string;
}

export type ReadAnswer<T> = (res: Response, ctx: AttemptContext) => Promise<T>;

export interface Transport {
  send<T>(
    call: WireCall,
    apiKey: string | null,
    opts: CallOptions,
    read: ReadAnswer<T>,
  ): Promise<T>;
}

export interface TransportOptions {
  scheduler: RequestScheduler;
  fetch: typeof fetch;
  appTitle: string;
  /** The configured service's origin (scheme, host, port); X-Title goes only there. */
  serviceOrigin: () => string | null;
  /** From sending a request to its answer's headers. */
  firstByteMs: number;
  /** Between two pieces of an answer's body (the headers count as the first). */
  idleMs: number;
  now: () => number;
}

/** The origin of an address, or null when it is no address. */
export function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Waits ms, or ends early as a cancel when the signal aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(serviceError('cancelled', null));
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(serviceError('cancelled', null));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function backoffMs(retriesSoFar: number): number {
  return Math.min(BACKOFF_CAP_MS, BACKOFF_START_MS * 2 ** retriesSoFar);
}

export function createTransport(o: TransportOptions): Transport {
  function isToService(call: WireCall): boolean {
    const serviceOrigin = o.serviceOrigin();
    return serviceOrigin !== null && originOf(call.url) === serviceOrigin;
  }

  async function attemptOnce<T>(
    call: WireCall,
    apiKey: string | null,
    userSignal: AbortSignal | undefined,
    read: ReadAnswer<T>,
    slot: RequestSlot,
  ): Promise<T> {
    const controller = new AbortController();
    /** Which deadline ended the attempt, when one did. */
    let missed: { ms: number; firstByte: boolean } | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = (ms: number, firstByte: boolean): void => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        missed = { ms, firstByte };
        controller.abort(new DOMException('The service did not answer in time.', 'TimeoutError'));
      }, ms);
    };
    const explain = (e: unknown): ServiceError => {
      if (e instanceof ServiceError) return e;
      if (userSignal?.aborted) return serviceError('cancelled', null);
      if (missed !== null) {
        const seconds = Math.round(missed.ms / 1000);
        return serviceError(
          'upstream_timeout',
          missed.firstByte
            ? `No answer from the service within ${seconds} s.`
            : `The service's answer stopped for ${seconds} s before it was complete.`,
        );
      }
      return new ServiceError(toUserError(e, apiKey));
    };
    const onUserAbort = (): void => controller.abort(userSignal?.reason);
    if (userSignal?.aborted) throw serviceError('cancelled', null);
    userSignal?.addEventListener('abort', onUserAbort, { once: true });
    arm(o.firstByteMs, true);

    const headers: Record<string, string> = {};
    // The app's name is for the service; a storage host that serves a result need not learn it.
    if (isToService(call)) headers['X-Title'] = o.appTitle;
    if (call.accept) headers.Accept = call.accept;
    if (apiKey && call.auth === 'bearer') headers.Authorization = `Bearer ${apiKey}`;
    if (apiKey && call.auth === 'key') headers.Authorization = `Key ${apiKey}`;
    let body: string | FormData | ReadableStream<Uint8Array> | undefined;
    if (call.form) body = call.form();
    else if (call.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      const json = jsonBody(call.json);
      if (typeof json === 'string') body = json;
      else {
        // A stored file read from disk afresh on each attempt, so a resend sends it whole again.
        headers['Content-Length'] = String(json.length);
        body = json.open();
      }
    }
    let stopWatching = (): void => undefined;
    try {
      const init = {
        method: call.method,
        headers,
        body,
        signal: controller.signal,
        // A file is not sent on to wherever a redirect points. Node's fetch, free to follow
        // redirects, keeps a copy of every piece of the body it sent until the answer
        // (nodejs/undici#4058): a 50 MB file or a long recording twice in memory. Refusing them up
        // front, with no window to prompt in, skips that copy.
        ...(body instanceof ReadableStream || body instanceof FormData
          ? { redirect: 'error', window: null }
          : {}),
        ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
      } as RequestInit;
      // The account's interval counts from here, with the request built (the first use of
      // FormData or ReadableStream loads Node's fetch and streams: tens of ms), not from its turn,
      // and again from when its headers are written: a new connection takes round trips first.
      slot.departed();
      stopWatching = watchWire(call.method, call.url, () => slot.departed());
      const fetched = o.fetch(call.url, init);
      // A fetch that does not heed its signal is left behind, its late answer's body cancelled.
      const res = await untilAborted(fetched, controller.signal, (late) => {
        late.body?.cancel().catch(() => undefined);
      });
      stopWatching();
      arm(o.idleMs, false);
      const guarded = guardBody(res, {
        signal: controller.signal,
        waiting: () => arm(o.idleMs, false),
        arrived: () => clearTimeout(timer),
        maxBytes: call.maxBytes ?? ANSWER_MAX_BYTES.json,
        what: call.what ?? "The service's answer",
        apiKey,
      });
      return await read(guarded, { apiKey, explain });
    } catch (e) {
      const failure = explain(e);
      // Whatever the read left unread is not wanted: the connection is let go.
      controller.abort(failure);
      throw failure;
    } finally {
      clearTimeout(timer);
      userSignal?.removeEventListener('abort', onUserAbort);
      stopWatching();
    }
  }

  return {
    async send<T>(
      call: WireCall,
      apiKey: string | null,
      opts: CallOptions,
      read: ReadAnswer<T>,
    ): Promise<T> {
      let rateRetries = 0;
      let timeoutResends = 0;
      let refusedResends = 0;
      for (;;) {
        let slot: RequestSlot;
        try {
          slot = await o.scheduler.reserveSlot(opts.priority ?? 'user', opts.signal);
        } catch (e) {
          // Whatever reason the caller aborted with, a wait that ended by abort is a cancel.
          if (opts.signal?.aborted) throw serviceError('cancelled', null);
          throw new ServiceError(toUserError(e, apiKey));
        }
        opts.onSent?.();
        let failure: ServiceError;
        try {
          const answer = await attemptOnce(call, apiKey, opts.signal, read, slot);
          if (isToService(call)) o.scheduler.recordAnswered();
          return answer;
        } catch (e) {
          failure = e instanceof ServiceError ? e : new ServiceError(toUserError(e, apiKey));
        } finally {
          // A request that never left (cancelled, its body not built) gives its turn back.
          slot.release();
        }
        const { error } = failure;
        // Only the service's own answers speak for the account's rate: a storage host's or the
        // debug listener's 429 (its own once-per-20-s rule) holds nobody else.
        const accountWide = isToService(call);
        // A 429 that says "no funds", "no subscription" or "invalid key" is the account's problem,
        // and waiting cannot help. One in words Atelier does not know ('refused') may be the rate
        // only where Atelier may have gone faster than the document's one request per 2 s (a FAST
        // plan's learned pace, a quicker rate a person set); spaced at least that far, it cannot
        // have broken the account's rate. Failures without a status (network, our timeout) say
        // nothing about the rate.
        const keptRate = accountWide && o.scheduler.intervalMs() >= STANDARD_INTERVAL_MS;
        const rateLimited =
          error.status !== null &&
          (error.code === 'rate_limited' || (error.code === 'refused' && !keptRate));
        if (accountWide && rateLimited) o.scheduler.recordRateLimited();
        else if (accountWide && error.status !== null) o.scheduler.recordAnswered();
        const asked = rateLimited ? error.details?.retryAfterMs : undefined;
        const waitMs = typeof asked === 'number' ? asked : backoffMs(rateRetries);
        // Every request waits out the service's Retry-After, however long, and whether or not
        // this one is sent again; the scheduler tells the person when the wait is long.
        if (accountWide && typeof asked === 'number') o.scheduler.holdUntil(o.now() + asked);
        // Text already handed to the caller must not be sent twice, and our own timeouts
        // (status null) are not the service's 504.
        const resendable =
          call.resend !== false && failure.partial === null && error.status !== null;
        if (resendable && rateLimited && rateRetries < MAX_RATE_RETRIES) {
          if (waitMs > MAX_RETRY_AFTER_MS) throw failure;
          rateRetries++;
          const untilMs = o.now() + waitMs;
          // Without a Retry-After, the backoff holds every request as a Retry-After would; a
          // foreign host's limit is waited out by this request alone.
          if (!accountWide) await pause(waitMs, opts.signal);
          else if (typeof asked !== 'number') o.scheduler.holdUntil(untilMs);
          opts.onRetry?.({
            attempt: rateRetries,
            maxAttempts: MAX_RATE_RETRIES,
            reason: 'rate_limited',
            untilMs,
          });
          continue;
        }
        if (
          resendable &&
          error.code === 'upstream_timeout' &&
          timeoutResends < MAX_TIMEOUT_RESENDS
        ) {
          timeoutResends++;
          opts.onRetry?.({
            attempt: timeoutResends,
            maxAttempts: MAX_TIMEOUT_RESENDS,
            reason: 'upstream_timeout',
            untilMs: o.now(),
          });
          continue;
        }
        // Once more at the next turn, in case the words were a provider's busy signal after all.
        if (
          resendable &&
          error.code === 'refused' &&
          keptRate &&
          refusedResends < MAX_REFUSED_RESENDS
        ) {
          refusedResends++;
          opts.onRetry?.({
            attempt: refusedResends,
            maxAttempts: MAX_REFUSED_RESENDS,
            reason: 'refused',
            untilMs: o.now(),
          });
          continue;
        }
        throw failure;
      }
    },
  };
}
