// An answer's body read through a guard: the attempt's signal heeded at once, the idle deadline, the byte cap, a body that does not decode said as such.
import { answerCapError, bodyReadFailure, ServiceError, serviceError } from './errors';

/**
 * Settles as the promise does, or rejects with the signal's reason as soon as it aborts, whatever
 * the promise is doing; `late` gets what the abandoned promise brings after all.
 */
export function untilAborted<T>(
  promise: Promise<T>,
  signal: AbortSignal,
  late?: (value: T) => void,
): Promise<T> {
  if (signal.aborted) {
    promise.then(late, () => undefined);
    return Promise.reject(signal.reason as unknown);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      promise.then(late, () => undefined);
      reject(signal.reason as unknown);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

export interface BodyGuard {
  /** Aborts on Stop and when a deadline passes. */
  signal: AbortSignal;
  /** A read of the body begins: the idle deadline runs. */
  waiting(): void;
  /** A piece arrived: the deadline rests until the next read. */
  arrived(): void;
  maxBytes: number;
  what: string;
  apiKey: string | null;
}

/** Statuses whose answers have no body (the Response constructor refuses one for them). */
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 103, 204, 205, 304]);

/**
 * The answer with its body read through a guard: every read heeds the attempt's signal at once
 * (even when the fetch's own reader, or the body's decoding, does not: the abandoned reader is
 * cancelled in the background), the idle deadline runs while a read waits, bytes are counted and
 * refused in words past the cap without reading the rest, and a body that does not decode is said
 * as such. Whoever reads the answer (text(), arrayBuffer(), a stream reader) gets all of this.
 */
export function guardBody(res: Response, guard: BodyGuard): Response {
  if (res.status < 200 || res.status > 599) {
    res.body?.cancel().catch(() => undefined);
    throw serviceError(
      'malformed_response',
      `The service answered with HTTP status ${res.status}, which is no answer Atelier can read.`,
    );
  }
  const source = res.body;
  if (!source || NULL_BODY_STATUSES.has(res.status)) return res;
  const encoding = res.headers.get('content-encoding')?.trim().toLowerCase() || null;
  // An answer that says up front it is past the cap is refused before a byte of it is read.
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (encoding === null && declared > guard.maxBytes) {
    source.cancel().catch(() => undefined);
    throw answerCapError(guard.what, guard.maxBytes, 'bytes', res.status);
  }
  const reader = source.getReader();
  let received = 0;
  let open = true;
  const abandon = (): void => {
    if (!open) return;
    open = false;
    reader.cancel().catch(() => undefined);
  };
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(out) {
        guard.waiting();
        let part: ReadableStreamReadResult<Uint8Array>;
        try {
          part = await untilAborted(reader.read(), guard.signal);
        } catch (e) {
          abandon();
          out.error(
            guard.signal.aborted
              ? guard.signal.reason
              : new ServiceError(bodyReadFailure(e, encoding, guard.apiKey)),
          );
          return;
        } finally {
          guard.arrived();
        }
        if (part.done) {
          open = false;
          out.close();
          return;
        }
        received += part.value.byteLength;
        if (received > guard.maxBytes) {
          abandon();
          out.error(answerCapError(guard.what, guard.maxBytes, 'bytes', res.status));
          return;
        }
        out.enqueue(part.value);
      },
      cancel() {
        abandon();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { status: res.status, headers: res.headers });
}
