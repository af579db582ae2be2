// App start with 2,000 conversations against an empty data folder: the real web host (core in
// this process) and a fresh browser context per run, interleaved; the conversation list painted.
import { appendFile, cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startWebHost } from '../dev/web';
import { freshContext, pageSignal } from './browser';
import { cpuShare, cpuSnapshot, waitForQuietMachine } from './cpu-usage';
import { LIBRARY_CONVERSATIONS, writeLibrary } from './search-data';

/**
 * Starts of each folder. Five runs overlapped widely; with nine, the ratio of the medians still
 * moved from 0.96x to 1.23x between runs of the same code on this machine (bench/REPORT.md), so
 * fifteen, for a median that moves less.
 */
const RUNS = 15;
const GOAL_RATIO = 1.2;

declare global {
  interface Window {
    benchStart?: { listAt: number | null; boxAt: number | null };
  }
}

/**
 * Runs before the page's scripts: notes the first painted frame with the list in its loaded
 * state (a conversation row for a library; for an empty folder, the "no conversations" note once
 * core's list has answered, seen as the page's first WebSocket message after the list request)
 * and the first with a usable Message box.
 */
function watchStart(): void {
  const state: NonNullable<Window['benchStart']> = { listAt: null, boxAt: null };
  window.benchStart = state;
  const afterPaint = (note: (at: number) => void) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => note(performance.now());
    channel.port2.postMessage(null);
  };
  const signalWhenBoth = () => {
    if ((state.listAt ?? -1) > 0 && (state.boxAt ?? -1) > 0) console.debug('bench:start');
  };
  const check = () => {
    const row = document.querySelector('.sidebar .conversation-link');
    const empty = document.querySelector('.sidebar .sidebar-empty');
    const ready = (window as unknown as { benchListAnswered?: boolean }).benchListAnswered === true;
    if (state.listAt === null && ((row && row.getClientRects().length > 0) || (empty && ready))) {
      state.listAt = -1;
      afterPaint((at) => {
        state.listAt = at;
        signalWhenBoth();
      });
    }
    const box = document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]');
    if (state.boxAt === null && box && !box.disabled && box.getClientRects().length > 0) {
      state.boxAt = -1;
      afterPaint((at) => {
        state.boxAt = at;
        signalWhenBoth();
      });
    }
    if (state.listAt === null || state.boxAt === null) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  // Core's answer to the list request: the first message that carries an "items" array.
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (event: MessageEvent) => {
        if (typeof event.data === 'string' && event.data.includes('"items":['))
          (window as unknown as { benchListAnswered?: boolean }).benchListAnswered = true;
      });
    }
  };
}

export interface StartRun {
  /** Navigation start to the list painted. */
  listMs: number;
  /** Navigation start to a usable Message box. */
  boxMs: number;
  /** startWebHost called (core opens the library) to the list painted. */
  hostToListMs: number;
  othersCpu: number;
}

async function startOnce(browser: Browser, dataDir: string): Promise<StartRun> {
  await waitForQuietMachine(3000);
  const cpuBefore = await cpuSnapshot();
  const hostStarted = Date.now();
  const host = await startWebHost({ port: 0, dataDir, log: () => undefined });
  const context = await freshContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript(watchStart);
    const started = pageSignal(page, 'bench:start', 60_000);
    await page.goto(host.url);
    await started;
    const { others } = cpuShare(cpuBefore, await cpuSnapshot());
    const state = await page.evaluate(() => ({
      ...window.benchStart!,
      origin: performance.timeOrigin,
    }));
    return {
      listMs: state.listAt ?? 0,
      boxMs: state.boxAt ?? 0,
      hostToListMs: state.origin + (state.listAt ?? 0) - hostStarted,
      othersCpu: others,
    };
  } finally {
    await context.close();
    await host.close();
  }
}

export interface StartBenchResult {
  conversations: number;
  /** Index already built. */
  built: { library: StartRun[]; empty: StartRun[] };
  /** First start after the migration: no SQLite index yet, the old words.index in place. */
  migrating: { library: StartRun[]; empty: StartRun[] };
}

/**
 * The demo service chosen once in `dir` (its settings.json then brings it back at every start),
 * so the app opens on the chat with its list rather than the welcome screen; copied into each
 * folder before its runs, library and empty alike.
 */
export async function primeDemo(browser: Browser, dir: string): Promise<string> {
  await rm(dir, { recursive: true, force: true });
  const host = await startWebHost({ port: 0, dataDir: dir, log: () => undefined });
  const context = await freshContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(host.url);
    await page.getByRole('button', { name: 'Use demo service' }).click();
    await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor({ timeout: 60_000 });
  } finally {
    await context.close();
    await host.close();
  }
  return join(dir, 'settings.json');
}

/** One start of each folder; which goes first alternates run by run, so neither always follows the other. */
async function startPair(
  run: number,
  into: { library: StartRun[]; empty: StartRun[] },
  browser: Browser,
  library: string,
  empty: string,
): Promise<void> {
  if (run % 2 === 0) {
    into.library.push(await startOnce(browser, library));
    into.empty.push(await startOnce(browser, empty));
  } else {
    into.empty.push(await startOnce(browser, empty));
    into.library.push(await startOnce(browser, library));
  }
}

export async function measureStart(
  browser: Browser,
  outDir: string,
  log: (line: string) => void,
): Promise<StartBenchResult> {
  const library = join(outDir, 'start-data');
  const pristine = join(outDir, 'start-data-pristine');
  const empty = join(outDir, 'start-empty');
  log('start: choosing the demo service once');
  const settings = await primeDemo(browser, join(outDir, 'start-demo'));
  log(`start: writing ${LIBRARY_CONVERSATIONS} conversations`);
  await writeLibrary(pristine);
  await cp(settings, join(pristine, 'settings.json'));
  // The previous version's word index stands in place: migration removes it once built.
  await mkdir(join(pristine, 'search'), { recursive: true });
  await rm(library, { recursive: true, force: true });
  await cp(pristine, library, { recursive: true });
  const result: StartBenchResult = {
    conversations: LIBRARY_CONVERSATIONS,
    built: { library: [], empty: [] },
    migrating: { library: [], empty: [] },
  };

  for (let run = 0; run < RUNS; run++) {
    log(`start: first start after the migration, run ${run + 1} of ${RUNS}`);
    await rm(join(library, 'search'), { recursive: true, force: true });
    await mkdir(join(library, 'search'), { recursive: true });
    await writeFile(join(library, 'search', 'words.index'), '{"version":1,"stamps":{}}\n{}');
    await rm(empty, { recursive: true, force: true });
    await mkdir(empty, { recursive: true });
    await cp(settings, join(empty, 'settings.json'));
    await startPair(run, result.migrating, browser, library, empty);
  }

  // Build the index once (a host left open until its worker is done), then start on it.
  log('start: building the index for the "already built" runs');
  {
    const { openConversationLibrary } = await import('../electron/core/library/conversations');
    const lib = await openConversationLibrary(library);
    await lib.searchReady();
    await lib.close();
  }
  for (let run = 0; run < RUNS; run++) {
    log(`start: index already built, run ${run + 1} of ${RUNS}`);
    await startPair(run, result.built, browser, library, empty);
  }
  return result;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const f0 = (n: number) => n.toFixed(0);
const mark = (met: boolean) => (met ? '**met**' : '**not met**');

export function renderStartSection(r: StartBenchResult): string {
  const row = (name: string, pair: { library: StartRun[]; empty: StartRun[] }) => {
    const lib = median(pair.library.map((x) => x.listMs));
    const emp = median(pair.empty.map((x) => x.listMs));
    const ratio = lib / emp;
    return {
      ratio,
      line:
        `| ${name} | ${f0(lib)} ms (${pair.library.map((x) => f0(x.listMs)).join(', ')}) | ` +
        `${f0(emp)} ms (${pair.empty.map((x) => f0(x.listMs)).join(', ')}) | ${ratio.toFixed(2)}x | ` +
        `${f0(median(pair.library.map((x) => x.boxMs)))} / ${f0(median(pair.empty.map((x) => x.boxMs)))} ms | ` +
        `${f0(median(pair.library.map((x) => x.hostToListMs)))} / ${f0(median(pair.empty.map((x) => x.hostToListMs)))} ms | ` +
        `${f0(median([...pair.library, ...pair.empty].map((x) => x.othersCpu * 100)))} % |`,
    };
  };
  const built = row('index already built', r.built);
  const migrating = row('first start after the migration (index building)', r.migrating);
  return [
    `## App start with ${r.conversations.toLocaleString('en')} conversations`,
    '',
    `Method: \`bench/start.ts\` starts the real web host (core in the bench's process) and a fresh ` +
      `browser context for each run, ${RUNS} runs each, the ${r.conversations}-conversation folder (bench/search-data.ts, ` +
      `100 messages each) interleaved with an empty data folder (which of the two starts first alternates run by run). The figure is navigation start → the first ` +
      `frame painted with the list loaded: a conversation row visible for the library; for the empty ` +
      `folder, the "No conversations" note once core's list answer has reached the page (the note ` +
      `alone shows before the answer). Also: navigation → a usable Message box, and startWebHost ` +
      `(core opening the library) → list painted. "First start after the migration": no SQLite index, ` +
      `an old words.index in place, so the index builds from nothing while the app starts.`,
    '',
    "| start | library: list painted, median (runs) | empty: list painted, median (runs) | ratio | Message box library / empty | host start → list library / empty | other processes' CPU |",
    '|---|---|---|---|---|---|---|',
    built.line,
    migrating.line,
    '',
    `- Start with ${r.conversations} conversations under ${GOAL_RATIO}x the empty start, index built: ${mark(built.ratio < GOAL_RATIO)} (${built.ratio.toFixed(2)}x).`,
    `- The same on the first start after the migration: ${mark(migrating.ratio < GOAL_RATIO)} (${migrating.ratio.toFixed(2)}x).`,
    '',
  ].join('\n');
}

/** Runs the start bench and appends its section to the report (or prints it). */
export async function appendStartReport(
  browser: Browser,
  outDir: string,
  reportFile: string | null,
  log: (line: string) => void,
): Promise<StartBenchResult> {
  const result = await measureStart(browser, outDir, log);
  await writeFile(join(outDir, 'start.json'), JSON.stringify(result, null, 2));
  const section = renderStartSection(result);
  if (reportFile) await appendFile(reportFile, `\n${section}`);
  else console.log(section);
  return result;
}
