// Figure 1: one long answer streamed into a 500-message conversation, measured on the page's main thread.
import { writeFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import type { LongTaskTally, StreamOutcome } from './feed/fixture';
import { freshContext } from './browser';
import { waitForQuietMachine, type CpuShare } from './cpu-usage';
import type { StaticServer } from './static-server';
import {
  deltas,
  metricsOf,
  openConversation,
  pageReadyToStream,
  QUIET_WAIT_MS,
  SETTLE_MS,
  streamAndSettle,
  variantServer,
  type MetricDeltas,
  type StreamPage,
} from './streaming-page';
import {
  mainThreadWork,
  parseTrace,
  TRACE_CATEGORIES,
  type MainThreadWork,
  type TraceEvent,
} from './trace';
import { BENCH_OUT, type RendererVariant } from './vite.config';

const IDLE_SAMPLE_MS = 2000;
/**
 * Work passes per variant: single runs on a 2-core machine spread by a quarter or more, and with
 * three the bare page's median moved the goal's ratio by ±0.05 between runs of the same code.
 */
const WORK_RUNS = Number(process.env.BENCH_WORK_RUNS ?? 5);

export interface RenderedAnswer {
  textLength: number;
  codeBlocks: number;
  highlightedSpans: number;
  math: number;
  listItems: number;
  tables: number;
  headings: number;
}

export interface NaiveTally {
  streamingRenders: number;
  charsRendered: number;
  longestText: number;
}

export interface StreamingResult {
  variant: RendererVariant;
  /** The pass without tracing: frame rate, long tasks and Performance metrics as a user gets them. */
  plain: {
    outcome: StreamOutcome;
    longTasks: LongTaskTally;
    metrics: MetricDeltas;
    windowMs: number;
    idle: { fps: number; taskMsPerSecond: number };
    rendered: RenderedAnswer;
    naive: NaiveTally | null;
    cpu: CpuShare;
  };
  /**
   * The same stream in a fresh page with nothing of the bench's running in it (no frame counter,
   * no long-task observer): the page's own work.
   */
  work: {
    outcome: StreamOutcome;
    metrics: MetricDeltas;
    windowMs: number;
    cpu: CpuShare;
    /** Total work of every work-pass run (ms); the fields above are the median run's. */
    runsMs: number[];
  };
  /** The same stream again in a fresh page, traced (tracing itself slows the page down). */
  traced: {
    outcome: StreamOutcome;
    longTasks: LongTaskTally;
    work: MainThreadWork;
    traceMb: number;
    cpu: CpuShare;
  };
}

/** One stream in a fresh page with nothing of the bench's running in it: the page's own work. */
async function workPass(browser: Browser, server: StaticServer): Promise<StreamingResult['work']> {
  const { context, page, cdp } = await pageReadyToStream(browser, server);
  try {
    const before = await metricsOf(cdp);
    const started = Date.now();
    const { outcome, cpu } = await streamAndSettle(page, false);
    const windowMs = Date.now() - started;
    return { outcome, metrics: deltas(before, await metricsOf(cdp)), windowMs, cpu, runsMs: [] };
  } finally {
    await context.close();
  }
}

/** The work passes of one variant; the run with the median total stands for it, every total kept. */
async function workPasses(
  browser: Browser,
  server: StaticServer,
): Promise<StreamingResult['work']> {
  const runs: Array<StreamingResult['work']> = [];
  for (let run = 0; run < WORK_RUNS; run++) runs.push(await workPass(browser, server));
  return medianWork(runs);
}

/**
 * Work passes of several pages interleaved run by run, the order turned by one each run (a, b, c,
 * b, c, a, ...), so neither a slow moment of the shared machine nor the place in the order lands on
 * one page only; each page's median run stands for it.
 */
export async function measureWorkInterleaved<P extends StreamPage>(
  browser: Browser,
  pages: readonly P[],
  fixtureJson: string,
  feedScript: string,
  runs = WORK_RUNS,
): Promise<Record<P, StreamingResult['work']>> {
  const servers = await Promise.all(
    pages.map((page) => variantServer(page, fixtureJson, feedScript)),
  );
  try {
    const passes = pages.map((): Array<StreamingResult['work']> => []);
    for (let run = 0; run < runs; run++)
      for (let step = 0; step < servers.length; step++) {
        const index = (run + step) % servers.length;
        passes[index]!.push(await workPass(browser, servers[index]!));
      }
    return Object.fromEntries(
      pages.map((page, index) => [page, medianWork(passes[index]!)]),
    ) as Record<P, StreamingResult['work']>;
  } finally {
    await Promise.all(servers.map((server) => server.close()));
  }
}

/**
 * One traced, uninstrumented stream of each page, one after the other: what each spends its main
 * thread on (RunTask count and time, own time of each kind of event), to compare them by kind.
 */
export async function traceWork<P extends StreamPage>(
  browser: Browser,
  pages: readonly P[],
  fixtureJson: string,
  feedScript: string,
): Promise<Record<P, MainThreadWork>> {
  const traced = {} as Record<P, MainThreadWork>;
  for (const name of pages) {
    const server = await variantServer(name, fixtureJson, feedScript);
    const context = await freshContext(browser);
    try {
      const page = await context.newPage();
      await openConversation(page, server);
      await waitForQuietMachine(QUIET_WAIT_MS);
      await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      await streamAndSettle(page, false);
      const trace = await browser.stopTracing();
      await writeFile(`${BENCH_OUT}/trace-cost-${name}.json`, trace);
      const events = parseTrace(trace);
      traced[name] = mainThreadWork(events, 'bench:stream-start', 'bench:settled');
      traced[name].byKind = selfTimeByKind(events);
    } finally {
      await context.close();
      await server.close();
    }
  }
  return traced;
}

/**
 * Main-thread time by kind of event, each event's own time less the events nested in it (so the
 * task wrappers keep only what no finer event accounts for), the 14 largest kinds, between the
 * stream's marks.
 */
function selfTimeByKind(events: TraceEvent[]): Record<string, number> {
  const start = events.find((e) => e.name === 'bench:stream-start');
  const end = events.find((e) => e.name === 'bench:settled');
  if (!start || !end) return {};
  const onThread = events
    .filter((e) => e.pid === start.pid && e.tid === start.tid && e.ph === 'X')
    .filter((e) => e.ts >= start.ts && e.ts <= end.ts)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const byKind: Record<string, number> = {};
  const open: TraceEvent[] = [];
  for (const event of onThread) {
    while (
      open.length > 0 &&
      open[open.length - 1]!.ts + (open[open.length - 1]!.dur ?? 0) <= event.ts
    )
      open.pop();
    const ms = (event.dur ?? 0) / 1000;
    const parent = open[open.length - 1];
    if (parent) byKind[parent.name] = (byKind[parent.name] ?? 0) - ms;
    byKind[event.name] = (byKind[event.name] ?? 0) + ms;
    open.push(event);
  }
  return Object.fromEntries(
    Object.entries(byKind)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 14),
  );
}

function medianWork(runs: Array<StreamingResult['work']>): StreamingResult['work'] {
  const byTotal = [...runs].sort((a, b) => a.metrics.task - b.metrics.task);
  return { ...byTotal[Math.floor(byTotal.length / 2)]!, runsMs: runs.map((r) => r.metrics.task) };
}

/**
 * What the finished answer shows, whole: an answer streamed in the window stays whole when it ends,
 * but should it be shown cut (MessageRow's "Show all"), the bench opens it, as a person would, and
 * lets it settle first.
 */
async function renderedAnswer(page: Page): Promise<RenderedAnswer> {
  const showAll = page.locator('article.message').last().getByRole('button', { name: 'Show all' });
  if ((await showAll.count()) > 0) {
    await showAll.click();
    await page.waitForTimeout(SETTLE_MS);
  }
  return page.evaluate((): RenderedAnswer => {
    const articles = document.querySelectorAll('article.message');
    const markdown = articles[articles.length - 1]?.querySelector('.markdown');
    const count = (selector: string) => markdown?.querySelectorAll(selector).length ?? 0;
    return {
      // Top-level block elements only: one react-markdown document puts newline text nodes
      // between its blocks, a split answer (many documents, in groups) puts them elsewhere.
      textLength: Array.from(
        markdown?.querySelectorAll(':scope > :not(.block-group), :scope > .block-group > *') ?? [],
      ).reduce((sum, child) => sum + (child.textContent?.length ?? 0), 0),
      codeBlocks: count('pre'),
      highlightedSpans: count('pre code span'),
      math: count('.katex'),
      listItems: count('li'),
      tables: count('table'),
      headings: count('h2'),
    };
  });
}

export async function measureStreaming(
  browser: Browser,
  variant: RendererVariant,
  fixtureJson: string,
  feedScript: string,
): Promise<StreamingResult> {
  const server = await variantServer(variant, fixtureJson, feedScript);
  try {
    const plainContext = await freshContext(browser);
    let plain: StreamingResult['plain'];
    try {
      const page = await plainContext.newPage();
      await openConversation(page, server);
      const cdp = await plainContext.newCDPSession(page);
      await cdp.send('Performance.enable');
      const metricsNow = () => metricsOf(cdp);

      await waitForQuietMachine(QUIET_WAIT_MS);
      // What this headless Chromium does with an open, idle conversation: its frame pacing.
      const idleBefore = await metricsNow();
      const idleFrames = await page.evaluate(
        (sampleMs) =>
          new Promise<number>((resolve) => {
            let frames = 0;
            const started = performance.now();
            const frame = () => {
              frames += 1;
              if (performance.now() - started < sampleMs) requestAnimationFrame(frame);
              else resolve(frames);
            };
            requestAnimationFrame(frame);
          }),
        IDLE_SAMPLE_MS,
      );
      const idleAfter = await metricsNow();

      const before = await metricsNow();
      const started = Date.now();
      const { outcome, longTasks, cpu } = await streamAndSettle(page);
      const windowMs = Date.now() - started;
      const after = await metricsNow();
      plain = {
        outcome,
        longTasks,
        metrics: deltas(before, after),
        windowMs,
        idle: {
          fps: idleFrames / (IDLE_SAMPLE_MS / 1000),
          taskMsPerSecond: deltas(idleBefore, idleAfter).task / (IDLE_SAMPLE_MS / 1000),
        },
        rendered: await renderedAnswer(page),
        naive: await page.evaluate(() => window.benchNaive ?? null),
        cpu,
      };
    } finally {
      await plainContext.close();
    }

    const uninstrumented = await workPasses(browser, server);

    const tracedContext = await freshContext(browser);
    try {
      const page = await tracedContext.newPage();
      await openConversation(page, server);
      await waitForQuietMachine(QUIET_WAIT_MS);
      await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      const { outcome, longTasks, cpu } = await streamAndSettle(
        page,
        !process.env.BENCH_TRACE_BARE,
      );
      const trace = await browser.stopTracing();
      await writeFile(`${BENCH_OUT}/trace-${variant}.json`, trace);
      const work = mainThreadWork(parseTrace(trace), 'bench:stream-start', 'bench:settled');
      return {
        variant,
        plain,
        work: uninstrumented,
        traced: { outcome, longTasks, work, traceMb: trace.length / 1e6, cpu },
      };
    } finally {
      await tracedContext.close();
    }
  } finally {
    await server.close();
  }
}

/** CPU profile of one stream of a renderer build: self time by function, the top 25 printed. */
export async function profileStreaming(
  browser: Browser,
  fixtureJson: string,
  feedScript: string,
  variant: RendererVariant = 'real',
): Promise<void> {
  const server = await variantServer(variant, fixtureJson, feedScript);
  const context = await freshContext(browser);
  try {
    const page = await context.newPage();
    await openConversation(page, server);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await streamAndSettle(page, false);
    const { profile } = await cdp.send('Profiler.stop');
    const self = new Map<string, number>();
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const deltas = profile.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, index) => {
      const frame = nodes.get(id)?.callFrame;
      if (!frame) return;
      const where = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`;
      self.set(where, (self.get(where) ?? 0) + (deltas[index] ?? 0) / 1000);
    });
    const parent = new Map<number, number>();
    for (const node of profile.nodes)
      for (const child of node.children ?? []) parent.set(child, node.id);
    const incl = new Map<string, number>();
    (profile.samples ?? []).forEach((id, index) => {
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const f = nodes.get(at)?.callFrame;
        if (!f) break;
        const name = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}`;
        if (seen.has(name)) continue;
        seen.add(name);
        incl.set(name, (incl.get(name) ?? 0) + (deltas[index] ?? 0) / 1000);
      }
    });
    for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, 70))
      console.log('INCL', v.toFixed(0).padStart(6), k);
    const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
    for (const [where, ms] of top) console.log(`${ms.toFixed(0).padStart(7)} ms  ${where}`);
  } finally {
    await context.close();
    await server.close();
  }
}
