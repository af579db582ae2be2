// Reads a Chrome trace: the page's renderer main thread, its RunTask durations, and where the time went.
export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) duration, when the trace records thread time. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown>;
}

export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  // RunTask is recorded under "toplevel" by some Chromium versions; asking for it costs nothing.
  'toplevel',
  // More categories for a closer look (e.g. BENCH_TRACE_EXTRA=blink,cc): they slow the page down.
  ...(process.env.BENCH_TRACE_EXTRA ?? '').split(',').filter(Boolean),
];

/** Events that say what a task did; they nest, so their totals overlap each other. */
const WORK_KINDS = [
  'FireAnimationFrame',
  'TimerFire',
  'FunctionCall',
  'EventDispatch',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'MinorGC',
  'MajorGC',
];

export interface MainThreadWork {
  /** Top-level RunTask count and durations (ms) between the two marks. */
  tasks: number;
  /** Wall time of the tasks; on a busy 2-core machine this includes time the thread waited. */
  totalMs: number;
  /** Thread CPU time of the same tasks (the trace's tdur). */
  cpuMs: number;
  longestMs: number;
  over50ms: number;
  windowMs: number;
  /** Total ms inside each kind of event (nested kinds overlap). */
  byKind: Record<string, number>;
}

export function parseTrace(buffer: Buffer): TraceEvent[] {
  const parsed = JSON.parse(buffer.toString('utf8')) as
    { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
}

function markTime(events: TraceEvent[], name: string): TraceEvent {
  const mark = events.find((event) => event.name === name && event.cat?.includes('user_timing'));
  if (!mark) throw new Error(`the trace has no mark ${name}`);
  return mark;
}

/**
 * The work on the thread that made `startMark` (the page's main thread) from `startMark` to
 * `endMark`. A task counts when it starts inside the window.
 */
export function mainThreadWork(
  events: TraceEvent[],
  startMark: string,
  endMark: string,
): MainThreadWork {
  const start = markTime(events, startMark);
  const end = markTime(events, endMark);
  const onThread = events
    .filter((event) => event.pid === start.pid && event.tid === start.tid && event.ph === 'X')
    .filter((event) => event.ts >= start.ts && event.ts <= end.ts)
    .sort((a, b) => a.ts - b.ts);

  let tasks = 0;
  let totalUs = 0;
  let cpuUs = 0;
  let longestUs = 0;
  let over50ms = 0;
  let coveredUntil = -1;
  for (const event of onThread) {
    if (event.name !== 'RunTask' || event.ts < coveredUntil) continue;
    const dur = event.dur ?? 0;
    coveredUntil = event.ts + dur;
    tasks += 1;
    totalUs += dur;
    cpuUs += event.tdur ?? 0;
    longestUs = Math.max(longestUs, dur);
    if (dur > 50_000) over50ms += 1;
  }

  const byKind: Record<string, number> = {};
  for (const kind of WORK_KINDS) {
    // Same-kind events can nest (a forced layout inside a timer inside a task): count the outermost.
    let until = -1;
    let sumUs = 0;
    for (const event of onThread) {
      if (event.name !== kind || event.ts < until) continue;
      until = event.ts + (event.dur ?? 0);
      sumUs += event.dur ?? 0;
    }
    byKind[kind] = sumUs / 1000;
  }

  return {
    tasks,
    totalMs: totalUs / 1000,
    cpuMs: cpuUs / 1000,
    longestMs: longestUs / 1000,
    over50ms,
    windowMs: (end.ts - start.ts) / 1000,
    byKind,
  };
}
