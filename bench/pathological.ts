// Pathological answers (issue 37): each streamed into the app, then opened whole; the page's longest task for each.
import { appendFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import type { ChatMessage } from '../shared/types';
import { freshContext, launchChromium } from './browser';
import { benchConversation, chatHistory, MarkdownWriter, seededRandom } from './corpus';
import { feedScript } from './feed/build';
import type { StreamFixture } from './feed/fixture';
import {
  deltas,
  metricsOf,
  pageReadyToStream,
  streamAndSettle,
  variantServer,
} from './streaming-page';
import { BENCH_OUT, rendererBuild } from './vite.config';

/** The goal: no main-thread task over this while a pathological answer streams or is opened. */
export const PATHOLOGICAL_TASK_MS = 200;
const MODEL = 'bench/model';
const HISTORY_MESSAGES = 20;
const CHUNK_INTERVAL_MS = 10;
/** Each answer streams in at most this many chunks (about 8 s at 10 ms apart, ~100 updates). */
const MAX_CHUNKS = 800;
const MIN_CHUNK_CHARS = 40;
/** How long the page may go on working after the answer is shown whole. */
const SETTLE_MS = 2000;

const nestedList = (levels: number) =>
  Array.from({ length: levels }, (_, i) => `${'  '.repeat(i)}- item`).join('\n');

/** The answers of the issue (what took 14 to 79 s through the renderer) and a few of CommonMark's. */
export const PATHOLOGICAL_ANSWERS: ReadonlyArray<{ name: string; text: string }> = [
  { name: '16 KB of "_"', text: '_'.repeat(16_000) },
  { name: '16 KB of "*"', text: '*'.repeat(16_000) },
  { name: '128 KB of mixed inline markup', text: '*a _b `c` [d](e) **f '.repeat(6400) },
  { name: 'a list 400 levels deep', text: nestedList(400) },
  { name: 'a list 2,000 levels deep (4 MB)', text: nestedList(2000) },
  { name: 'a list 2,000 levels deep, one line', text: `${'- '.repeat(2000)}x` },
  { name: '5,000 nested quotes', text: `${'>'.repeat(5000)} x` },
  {
    name: 'a 1 MB paragraph',
    text: 'The quick brown fox jumps over the lazy dog. '.repeat(22_223).trimEnd(),
  },
  {
    name: 'a table of 2,000 columns',
    text: ['h', '-', 'c'].map((cell) => `|${` ${cell} |`.repeat(2000)}`).join('\n'),
  },
  { name: '10,000 nested brackets', text: `${'['.repeat(10_000)}a${']'.repeat(10_000)}` },
  { name: '10,000 HTML tags', text: '<a>'.repeat(10_000) },
  {
    name: 'a long run of nested emphasis',
    text: `${'*a **a '.repeat(5000)}b${' a** a*'.repeat(5000)}`,
  },
  { name: 'mismatched emphasis, 40 KB', text: '*a_ '.repeat(10_000) },
  { name: 'one "[" before 20,000 words', text: `[${' a'.repeat(20_000)}` },
];

export interface PathologicalRun {
  name: string;
  chars: number;
  chunks: number;
  deltas: number;
  streamMs: number;
  /** While it streamed: tasks over 50 ms, the longest, all task time (ms). */
  streamed: { longTasks: number; longestTaskMs: number; taskMs: number; longestFrameGapMs: number };
  /** Opened from the conversation, then "Show all": tasks over 50 ms and the longest. */
  opened: { longTasks: number; longestTaskMs: number };
  /** Whether the answer showed (part of) itself as plain text, with the note. */
  shownPlain: boolean;
}

function chunked(text: string): string[] {
  const size = Math.max(MIN_CHUNK_CHARS, Math.ceil(text.length / MAX_CHUNKS));
  const chunks: string[] = [];
  for (let at = 0; at < text.length; at += size) chunks.push(text.slice(at, at + size));
  return chunks;
}

const question: ChatMessage = {
  id: 'bench-question',
  role: 'user',
  content: new MarkdownWriter(seededRandom(5)).question(),
  createdAt: '2026-01-02T00:00:00.000Z',
  status: 'done',
};

/** The answer to stream into a short conversation, or (`saved`) already in it, as opened from disk. */
function fixtureFor(text: string, saved: boolean): StreamFixture {
  const history = chatHistory(2, HISTORY_MESSAGES, MODEL);
  const answer: ChatMessage = {
    id: 'bench-answer',
    role: 'assistant',
    content: text,
    createdAt: '2026-01-02T00:00:01.000Z',
    model: MODEL,
    status: 'done',
  };
  const chunks = chunked(text);
  return {
    model: MODEL,
    conversation: benchConversation(
      'bench-pathological',
      saved ? [...history, question, answer] : history,
      MODEL,
    ),
    question,
    answerId: answer.id,
    chunks,
    chunkIntervalMs: CHUNK_INTERVAL_MS,
    tokens: chunks.length,
  };
}

const shownPlain = (page: Page) =>
  page.evaluate(
    () => document.querySelector('article.message:last-of-type .plain-block-note') !== null,
  );

/** Streams the answer into a fresh page with the long-task observer and frame counter running. */
async function streamedPass(
  browser: Browser,
  text: string,
  feed: string,
): Promise<Omit<PathologicalRun, 'name' | 'opened'>> {
  const fixture = fixtureFor(text, false);
  const server = await variantServer('real', JSON.stringify(fixture), feed);
  const { context, page, cdp } = await pageReadyToStream(browser, server);
  try {
    const before = await metricsOf(cdp);
    const { outcome, longTasks } = await streamAndSettle(page, true);
    const metrics = deltas(before, await metricsOf(cdp));
    return {
      chars: text.length,
      chunks: fixture.chunks.length,
      deltas: outcome.deltasSent,
      streamMs: outcome.streamMs,
      streamed: {
        longTasks: longTasks.longTasks,
        longestTaskMs: longTasks.longestTaskMs,
        taskMs: metrics.task,
        longestFrameGapMs: outcome.longestFrameGapMs,
      },
      shownPlain: await shownPlain(page),
    };
  } finally {
    await context.close();
    await server.close();
  }
}

/**
 * Opens the conversation with the answer already in it, and shows it all (a long message opens
 * cut): the answer parsed whole, block by block, as after a restart. Long tasks are counted from
 * the click on the conversation, by an observer put in the page before it.
 */
async function openedPass(
  browser: Browser,
  text: string,
  feed: string,
): Promise<PathologicalRun['opened']> {
  const server = await variantServer('real', JSON.stringify(fixtureFor(text, true)), feed);
  const context = await freshContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(server.url);
    await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
    await page.waitForTimeout(SETTLE_MS);
    await page.evaluate(() => {
      const tally = { longTasks: 0, longestTaskMs: 0 };
      (window as unknown as { benchOpened: typeof tally }).benchOpened = tally;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          tally.longTasks += 1;
          tally.longestTaskMs = Math.max(tally.longestTaskMs, entry.duration);
        }
      }).observe({ type: 'longtask' });
    });
    await page.locator('.conversation-link').first().click();
    const answer = page.locator('article.message').last();
    await answer.waitFor();
    await page.waitForTimeout(SETTLE_MS);
    const showAll = answer.getByRole('button', { name: 'Show all' });
    if ((await showAll.count()) > 0) {
      await showAll.click();
      await page.waitForTimeout(SETTLE_MS);
    }
    return await page.evaluate(
      () => (window as unknown as { benchOpened: PathologicalRun['opened'] }).benchOpened,
    );
  } finally {
    await context.close();
    await server.close();
  }
}

/** Needs the real build under bench/out/real. */
export async function measurePathological(
  browser: Browser,
  log: (line: string) => void = () => {},
): Promise<PathologicalRun[]> {
  const feed = await feedScript();
  const only = process.env.BENCH_PATHOLOGICAL?.split(',');
  const runs: PathologicalRun[] = [];
  for (const { name, text } of PATHOLOGICAL_ANSWERS) {
    if (only && !only.some((part) => name.includes(part))) continue;
    const streamed = await streamedPass(browser, text, feed);
    const opened = await openedPass(browser, text, feed);
    const run = { name, ...streamed, opened };
    log(JSON.stringify(run));
    runs.push(run);
  }
  return runs;
}

const kb = (chars: number) =>
  chars >= 1_000_000
    ? `${(chars / 1_000_000).toFixed(1)} MB`
    : `${Math.max(1, Math.round(chars / 1000))} KB`;

export function renderPathologicalReport(runs: readonly PathologicalRun[]): string {
  const longest = Math.max(
    0,
    ...runs.map((run) => Math.max(run.streamed.longestTaskMs, run.opened.longestTaskMs)),
  );
  const lines = [
    '',
    '## Pathological answers',
    '',
    'Each answer streamed into a 20-message conversation in about ' +
      `${(MAX_CHUNKS * CHUNK_INTERVAL_MS) / 1000} s (at most ${MAX_CHUNKS} chunks, forwarded as ` +
      'core forwards them, one update every 80 ms), with the long-task observer in the page; ' +
      'then the conversation opened afresh with the answer saved in it and "Show all" pressed, so ' +
      'every block is parsed whole. A block whose formatting would cost more than its bound is shown ' +
      'as plain text with a note (renderer/src/chat/markdown/bounds.ts).',
    '',
    '| answer | size | updates | streamed: longest task | tasks over 50 ms | task time | opened whole: longest task | tasks over 50 ms | shown as plain text |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...runs.map(
      (run) =>
        `| ${run.name} | ${kb(run.chars)} | ${run.deltas} | ${run.streamed.longestTaskMs.toFixed(0)} ms | ` +
        `${run.streamed.longTasks} | ${run.streamed.taskMs.toFixed(0)} ms | ` +
        `${run.opened.longestTaskMs.toFixed(0)} ms | ${run.opened.longTasks} | ${run.shownPlain ? 'yes' : 'no'} |`,
    ),
    '',
    `Goal: no task over ${PATHOLOGICAL_TASK_MS} ms: the longest was ${longest.toFixed(0)} ms, ` +
      `**${longest <= PATHOLOGICAL_TASK_MS ? 'met' : 'not met'}**.`,
    '',
  ];
  return lines.join('\n');
}

export async function appendPathologicalReport(
  browser: Browser,
  outDir: string,
  report: string,
  log?: (line: string) => void,
): Promise<PathologicalRun[]> {
  const runs = await measurePathological(browser, log);
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, 'pathological.json'), JSON.stringify(runs, null, 2));
  await appendFile(report, renderPathologicalReport(runs));
  return runs;
}

/** `BENCH_ONLY=pathological`: this section alone (BENCH_PATHOLOGICAL=<names> for some answers), printed. */
export async function pathologicalOnly(): Promise<void> {
  await build(rendererBuild('real'));
  const browser = await launchChromium();
  const out = `${BENCH_OUT}/pathological.md`;
  try {
    await rm(out, { force: true });
    await appendPathologicalReport(browser, BENCH_OUT, out, (line) =>
      console.log(`[bench] ${line}`),
    );
    console.log(await readFile(out, 'utf8'));
  } finally {
    await browser.close();
  }
}
