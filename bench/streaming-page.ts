// A page to stream into: a renderer build served with the feed, the conversation opened, the
// answer streamed until it settles, and the page's Performance metrics read around it.
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import {
  FEED_SCRIPT_PATH,
  FIXTURE_PATH,
  type LongTaskTally,
  type StreamOutcome,
} from './feed/fixture';
import { freshContext } from './browser';
import { cpuShare, cpuSnapshot, waitForQuietMachine, type CpuShare } from './cpu-usage';
import { startStaticServer, type StaticServer } from './static-server';
import { BENCH_OUT, type RendererVariant } from './vite.config';

/** How long the page may keep working after 'done' (final render, code colouring) inside the window. */
export const SETTLE_MS = 2000;
export const QUIET_WAIT_MS = 10_000;

/** Performance.getMetrics deltas over the window, in ms. */
export interface MetricDeltas {
  task: number;
  script: number;
  layout: number;
  recalcStyle: number;
  /**
   * CPU time of the page's main thread (ThreadTime) and of its whole renderer process
   * (ProcessTime), when this Chromium reports them (else 0): unlike the task durations above, not
   * inflated by waiting for a core on a busy machine.
   */
  threadCpu: number;
  processCpu: number;
}

export type Metrics = Record<string, number>;

export function deltas(before: Metrics, after: Metrics): MetricDeltas {
  const ms = (name: string) => ((after[name] ?? 0) - (before[name] ?? 0)) * 1000;
  return {
    task: ms('TaskDuration'),
    script: ms('ScriptDuration'),
    layout: ms('LayoutDuration'),
    recalcStyle: ms('RecalcStyleDuration'),
    threadCpu: ms('ThreadTime'),
    processCpu: ms('ProcessTime'),
  };
}

export async function metricsOf(cdp: CDPSession): Promise<Metrics> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
}

/**
 * A fresh page with the conversation open, Performance metrics on and the machine quiet: ready to
 * stream. The caller closes the context.
 */
export async function pageReadyToStream(
  browser: Browser,
  server: StaticServer,
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await freshContext(browser);
  const page = await context.newPage();
  await openConversation(page, server);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await waitForQuietMachine(QUIET_WAIT_MS);
  return { context, page, cdp };
}

/** A page the streaming bench serves: a build of the renderer, or the bare reference page. */
export type StreamPage = RendererVariant | 'bare';

export function variantServer(
  variant: StreamPage,
  fixtureJson: string,
  feedScript: string,
): Promise<StaticServer> {
  return startStaticServer({
    root: `${BENCH_OUT}/${variant}`,
    extra: { [FIXTURE_PATH]: fixtureJson, [FEED_SCRIPT_PATH]: feedScript },
    injectScripts: [FEED_SCRIPT_PATH],
  });
}

/** Opens the 500-message conversation and waits until its answers show as markdown and settle. */
export async function openConversation(page: Page, server: StaticServer): Promise<void> {
  await page.goto(server.url);
  await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
  await page.locator('.conversation-link').first().click();
  await page.locator('.message-scroller .markdown p').first().waitFor();
  await page.waitForTimeout(1000);
}

/** Streams the answer and waits for 'done' to be shown and the page to settle; ends the window. */
export async function streamAndSettle(
  page: Page,
  instrumented = true,
): Promise<{ outcome: StreamOutcome; longTasks: LongTaskTally; cpu: CpuShare }> {
  const cpuBefore = await cpuSnapshot();
  const outcome = await page.evaluate(
    (withCounters) => window.benchFeed!.streamAnswer(withCounters),
    instrumented,
  );
  await page.locator('article[aria-busy="true"]').waitFor({ state: 'detached', timeout: 120_000 });
  await page.waitForTimeout(SETTLE_MS);
  const longTasks = await page.evaluate(() => window.benchFeed!.endWindow());
  return { outcome, longTasks, cpu: cpuShare(cpuBefore, await cpuSnapshot()) };
}
