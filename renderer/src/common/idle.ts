// Work that can wait for a quiet moment: after what is on screen is painted and input handled.

/**
 * Runs `work` once the browser is idle, or after `timeoutMs` at the latest; where idle callbacks
 * do not exist (tests), on the next task. Returns how to cancel it.
 */
export function whenIdle(work: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'undefined') {
    const timer = setTimeout(work, 0);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(work, { timeout: timeoutMs });
  return () => cancelIdleCallback(handle);
}
