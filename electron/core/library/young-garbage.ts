// Large transfers leave their chunks behind as short-lived ArrayBuffers; a young-generation
// collection every few megabytes frees them, where V8 alone waits for 64 MB of them to pile up.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export type Collect = (options: { type: 'minor' | 'major'; execution: 'sync' | 'async' }) => void;

/** Bytes of finished chunks between two young collections. */
export const COLLECT_EVERY_BYTES = 2 * 1024 * 1024;

let collect: Collect | null | undefined;

/**
 * V8's collector, reached through a fresh context (the flag exposes `gc` to contexts made after
 * it is set; the app's own global stays as it was). Null where the runtime refuses.
 */
export function runtimeCollector(): Collect | null {
  if (collect === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      const found: unknown = runInNewContext('typeof gc === "function" ? gc : null');
      collect = typeof found === 'function' ? (found as Collect) : null;
    } catch {
      collect = null;
    }
  }
  return collect;
}

/**
 * Counts the bytes a transfer has finished with and runs a young-generation collection (about a
 * millisecond) each time `everyBytes` more have passed, so a 50 MB upload holds a few megabytes
 * of spent chunks at a time, not up to V8's 64 MB external-memory limit. Answers whether it
 * collected (false where the runtime gives no collector).
 */
export function youngGarbageMeter(
  everyBytes = COLLECT_EVERY_BYTES,
  run: () => Collect | null = runtimeCollector,
): (bytes: number) => boolean {
  let since = 0;
  return (bytes) => {
    since += bytes;
    if (since < everyBytes) return false;
    since = 0;
    const gc = run();
    if (!gc) return false;
    gc({ type: 'minor', execution: 'sync' });
    return true;
  };
}
