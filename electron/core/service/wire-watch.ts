// When a request is really on its way: Node's fetch (undici) tells on a diagnostics channel when it writes a request's headers to the connection.
import { subscribe } from 'node:diagnostics_channel';

/**
 * undici publishes this once a request's connection is open (DNS, TCP and TLS done) and its
 * headers are written: the moment the service starts receiving it. A fetch call can come well
 * before it: the first use of fetch loads undici, and a new connection takes round trips.
 */
const SEND_HEADERS = 'undici:client:sendHeaders';

interface SendHeadersMessage {
  request?: { origin?: unknown; method?: unknown; path?: unknown };
}

/** Watchers by request (method, origin, path and query), first come first told. */
const watchers = new Map<string, Array<() => void>>();
let subscribed = false;

const keyOf = (method: string, origin: string, path: string): string =>
  `${method.toUpperCase()} ${origin}${path}`;

function onSendHeaders(message: unknown): void {
  const request = (message as SendHeadersMessage | null)?.request;
  if (!request || typeof request.origin !== 'string') return;
  const key = keyOf(String(request.method), request.origin, String(request.path));
  const queue = watchers.get(key);
  const next = queue?.shift();
  if (queue?.length === 0) watchers.delete(key);
  next?.();
}

/**
 * Calls onWire once, when the next request to url with this method has its headers written.
 * The returned function stops watching (call it when the answer or a failure comes: a fetch that
 * is not undici's never tells).
 */
export function watchWire(method: string, url: string, onWire: () => void): () => void {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return () => undefined;
  }
  if (!subscribed) {
    subscribe(SEND_HEADERS, onSendHeaders);
    subscribed = true;
  }
  const key = keyOf(method, target.origin, `${target.pathname}${target.search}`);
  const queue = watchers.get(key) ?? [];
  const watcher = (): void => onWire();
  queue.push(watcher);
  watchers.set(key, queue);
  return () => {
    const current = watchers.get(key);
    const at = current?.indexOf(watcher) ?? -1;
    if (!current || at === -1) return;
    current.splice(at, 1);
    if (current.length === 0) watchers.delete(key);
  };
}
