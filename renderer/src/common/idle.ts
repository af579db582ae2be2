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

/**
 * Runs `steps` one per idle moment, in order, each by `timeoutMs` at the latest. Returns how to
 * stop: the step waiting for its moment is cancelled and none after it runs.
 */
export function whenIdleEach(steps: readonly (() => void)[], timeoutMs: number): () => void {
  let cancel = () => {};
  let stopped = false;
  const run = (index: number) => {
    const step = steps[index];
    if (stopped || step === undefined) return;
    cancel = whenIdle(() => {
      step();
      run(index + 1);
    }, timeoutMs);
  };
  run(0);
  return () => {
    stopped = true;
    cancel();
  };
}
