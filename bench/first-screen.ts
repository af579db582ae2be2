// Figure 3: navigation to a usable "Message" box, and the JavaScript fetched before it, against a blank page.
import { cp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { startWebHost } from '../dev/web';
import { freshContext, pageSignal } from './browser';
import { cpuShare, cpuSnapshot, waitForQuietMachine } from './cpu-usage';
import { primeDemo } from './start';
import { startStaticServer } from './static-server';

const RENDERER_DIR = fileURLToPath(new URL('../dist/renderer', import.meta.url));

/**
 * Loads of each page. A fresh page's time spreads widely on this machine (the same build has
 * given 424 and 882 ms in one series), so the medians need more runs than the other figures.
 */
export const FIRST_SCREEN_RUNS = 9;

export interface ScriptLoad {
  url: string;
  /** Bytes on the wire (headers included), as the server sent them. */
  wireBytes: number;
  /** Body bytes after any content decoding. */
  bodyBytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export interface FirstScreenRun {
  /** To the first painted frame with a usable Message box. */
  interactiveMs: number;
  /** To the first painted frame with the app's own box (after the first screen, if any). */
  appMs: number;
  scripts: ScriptLoad[];
  /** Share of all cores other processes used while the page loaded. */
  othersCpu: number;
}

declare global {
  interface Window {
    benchFirst?: { interactiveAt: number | null; appAt: number | null };
  }
}

/**
 * Runs before the page's scripts: notes the first painted frame with an enabled, focusable box,
 * and the first with the app's own box (not the first screen's that the page shows before its
 * scripts run, renderer/public/first-screen.js); on a page without a first screen, the same frame.
 */
export function watchMessageBox(): void {
  const state: NonNullable<Window['benchFirst']> = { interactiveAt: null, appAt: null };
  window.benchFirst = state;
  // Queued from the frame callback, `note` runs once the frame is painted.
  const whenPainted = (note: (at: number) => void) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => note(performance.now());
    channel.port2.postMessage(null);
  };
  let usableSeen = false;
  const check = () => {
    const box = document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]');
    const ready =
      box !== null && !box.disabled && box.tabIndex >= 0 && box.getClientRects().length > 0;
    if (ready && !usableSeen) {
      usableSeen = true;
      whenPainted((at) => {
        state.interactiveAt = at;
        console.debug('bench:first-screen');
      });
    }
    if (ready && box.closest('[data-first-screen]') === null) {
      whenPainted((at) => {
        state.appAt = at;
        console.debug('bench:app-running');
      });
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/**
 * One load of `url` in a fresh context (empty cache). The app's is an address the web host prints,
 * each used once: the page loads at once (no redirect) and its bridge says the login.
 */
export async function measureFirstScreen(browser: Browser, url: string): Promise<FirstScreenRun> {
  const context = await freshContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript(watchMessageBox);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const requests = new Map<string, { url: string; body: number; wire: number; done: boolean }>();
    cdp.on('Network.responseReceived', (event) => {
      const isScript =
        event.type === 'Script' ||
        /javascript/i.test(event.response.mimeType) ||
        /\.m?js$/.test(new URL(event.response.url).pathname);
      if (isScript)
        requests.set(event.requestId, { url: event.response.url, body: 0, wire: 0, done: false });
    });
    cdp.on('Network.dataReceived', (event) => {
      const request = requests.get(event.requestId);
      if (request) request.body += event.dataLength;
    });
    cdp.on('Network.loadingFinished', (event) => {
      const request = requests.get(event.requestId);
      if (!request) return;
      request.wire = event.encodedDataLength;
      request.done = true;
    });

    await waitForQuietMachine(3000);
    const cpuBefore = await cpuSnapshot();
    const interactive = pageSignal(page, 'bench:first-screen', 30_000);
    const running = pageSignal(page, 'bench:app-running', 30_000);
    await page.goto(url);
    await interactive;
    await running;
    const { others } = cpuShare(cpuBefore, await cpuSnapshot());
    const { interactiveAt, appAt } = await page.evaluate(() => window.benchFirst!);
    const interactiveMs = interactiveAt ?? 0;
    const appMs = appAt ?? 0;
    // Which scripts had arrived by then, on the page's own clock.
    const arrived = await page.evaluate(
      (at) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => (entry as PerformanceResourceTiming).responseEnd <= at)
          .map((entry) => entry.name),
      interactiveMs,
    );
    const arrivedSet = new Set(arrived);
    const scripts: ScriptLoad[] = [];
    for (const [requestId, request] of requests) {
      if (!request.done || !arrivedSet.has(request.url)) continue;
      const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId });
      const bytes = Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
      scripts.push({
        url: new URL(request.url).pathname,
        wireBytes: request.wire,
        bodyBytes: request.body,
        gzipBytes: gzipSync(bytes, { level: 9 }).length,
        brotliBytes: brotliCompressSync(bytes).length,
      });
    }
    scripts.sort((a, b) => b.bodyBytes - a.bodyBytes);
    return { interactiveMs, appMs, scripts, othersCpu: others };
  } finally {
    await context.close();
  }
}

export interface FirstScreenRuns {
  /** The app, served by the web host. */
  app: FirstScreenRun[];
  /** The blank page served by the same web host beside the app: the same headers. */
  blankHosted: FirstScreenRun[];
  /** The blank page served by a plain static server. */
  blank: FirstScreenRun[];
}

/**
 * The app and the blank page (built into `blankDir`), loaded in turn `runs` times each: the app
 * and the blank page from one web host (the blank one under /blank/, so both get the host's
 * response headers, among them the cross-origin opener policy, whose browsing context group
 * switch costs a fresh page a new renderer process), and the blank page from a static server.
 */
export async function measureFirstScreens(
  browser: Browser,
  outDir: string,
  blankDir: string,
  runs: number,
): Promise<FirstScreenRuns> {
  const dataDir = join(outDir, 'first-screen-data');
  // A keyless folder opens on the welcome screen: the demo service is chosen once, as a person
  // would, so every run opens on the chat and its Message box.
  await primeDemo(browser, dataDir);
  const pages = join(outDir, 'first-screen-pages');
  await rm(pages, { recursive: true, force: true });
  await cp(RENDERER_DIR, pages, { recursive: true });
  await cp(blankDir, join(pages, 'blank'), { recursive: true });
  const host = await startWebHost({ port: 0, dataDir, rendererDir: pages, log: () => undefined });
  const blankServer = await startStaticServer({ root: blankDir });
  const origin = new URL(host.url).origin;
  const result: FirstScreenRuns = { app: [], blankHosted: [], blank: [] };
  try {
    // Interleaved, so a slow moment of the machine does not land on one page only, and the
    // order turns run by run, so no page always comes first or after the same one.
    const loads: Array<[FirstScreenRun[], () => Promise<FirstScreenRun>]> = [
      [result.app, () => measureFirstScreen(browser, host.freshUrl())],
      // With a login too: the host's bridge script runs in it as in the app, and a tab it
      // cannot let in would show the page that says to open the terminal's address instead.
      [
        result.blankHosted,
        () =>
          measureFirstScreen(
            browser,
            `${origin}/blank/index.html${new URL(host.freshUrl()).search}`,
          ),
      ],
      [result.blank, () => measureFirstScreen(browser, blankServer.url)],
    ];
    for (let run = 0; run < runs; run++)
      for (let step = 0; step < loads.length; step++) {
        const [into, load] = loads[(run + step) % loads.length]!;
        into.push(await load());
      }
  } finally {
    await host.close();
    await blankServer.close();
  }
  return result;
}
