// Keys for things that exist only in this window (edit sources, request ids) until core names them.

let sequence = 0;

/** Unique in this window: a prefix, the time and a running number. */
export function localKey(prefix: string): string {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${sequence}`;
}
