// Compare models: four answers streaming at once, side by side, at the end of a long conversation, in the real renderer; frames per second and the longest task.
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import type { ChatMessage } from '../shared/types';
import { benchConversation, chatHistory, longAnswer, MarkdownWriter, seededRandom } from './corpus';
import {
  COMPARE_FIXTURE_PATH,
  type CompareFixture,
  type CompareOutcome,
} from './feed/fake-compare';
import { feedScript } from './feed/build';
import {
  FEED_SCRIPT_PATH,
  FIXTURE_PATH,
  type LongTaskTally,
  type StreamFixture,
} from './feed/fixture';
import { startStaticServer } from './static-server';
import {
  deltas,
  metricsOf,
  pageReadyToStream,
  SETTLE_MS,
  type MetricDeltas,
} from './streaming-page';
import {
  mainThreadWork,
  parseTrace,
  TRACE_CATEGORIES,
  type MainThreadWork,
  type TraceEvent,
} from './trace';
import { BENCH_OUT } from './vite.config';

const MODEL = 'bench/model';
const HISTORY_MESSAGES = 500;
export const COMPARE_COLUMNS = 4;
const TOKENS_PER_ANSWER = 5_000;
const TOKENS_PER_CHUNK = 10;
const CHUNK_INTERVAL_MS = 10;
const RUNS = Number(process.env.BENCH_COMPARE_RUNS ?? 3);
/** The issue's goals. */
export const COMPARE_GOAL = { fps: 55, longestTaskMs: 50 } as const;

export interface CompareRun {
  outcome: CompareOutcome;
  longTasks: LongTaskTally;
  metrics: MetricDeltas;
  fps: number;
}

export interface CompareFigures {
  historyMessages: number;
  tokensPerAnswer: number;
  runs: CompareRun[];
  median: CompareRun;
  /** One more pass, traced: the main thread's tasks, and what the longest one did. */
  traced: { work: MainThreadWork; longest: Array<{ name: string; ms: number }> };
}

/** What the longest RunTask of the window spent its time in (the outermost events of each name). */
function insideLongest(
  events: TraceEvent[],
  work: MainThreadWork,
): Array<{ name: string; ms: number }> {
  const start = events.find((e) => e.name === 'bench:compare-start');
  if (!start) return [];
  const tasks = events.filter(
    (e) => e.pid === start.pid && e.tid === start.tid && e.ph === 'X' && e.ts >= start.ts,
  );
  const longest = tasks
    .filter((e) => e.name === 'RunTask')
    .reduce<TraceEvent | null>((a, b) => (!a || (b.dur ?? 0) > (a.dur ?? 0) ? b : a), null);
  if (!longest || work.longestMs === 0) return [];
  const end = longest.ts + (longest.dur ?? 0);
  const byName = new Map<string, number>();
  for (const e of tasks)
    if (e !== longest && e.ts >= longest.ts && e.ts + (e.dur ?? 0) <= end)
      byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
  return [...byName.entries()]
    .map(([name, ms]) => ({ name, ms }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 6);
}

/** Streams once in a ready page: the outcome, its long tasks and the page's metrics around it. */
async function onePass(page: Page, cdp: CDPSession): Promise<CompareRun> {
  const before = await metricsOf(cdp);
  const outcome = await page.evaluate(() => window.benchCompare!.stream());
  await page
    .locator('.compare-column[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 120_000 });
  await page.waitForTimeout(SETTLE_MS);
  const longTasks = await page.evaluate(() => window.benchCompare!.endWindow());
  const metrics = deltas(before, await metricsOf(cdp));
  // The figures count only if the columns were there and each showed its whole answer.
  const shown = await page
    .locator('.compare-column .compare-text')
    .evaluateAll((columns) => columns.map((c) => c.textContent?.length ?? 0));
  if (shown.length !== COMPARE_COLUMNS || shown.some((n, i) => n < outcome.answerLengths[i]! * 0.8))
    throw new Error(`the columns did not show the answers: ${JSON.stringify(shown)}`);
  return { outcome, longTasks, metrics, fps: (outcome.frames * 1000) / outcome.streamMs };
}

function fixtures(): { stream: StreamFixture; compare: CompareFixture } {
  const history = chatHistory(1, HISTORY_MESSAGES, MODEL);
  const question: ChatMessage = {
    id: 'bench-compare-question',
    role: 'user',
    content: new MarkdownWriter(seededRandom(3)).question(),
    createdAt: '2026-01-02T00:00:00.000Z',
    status: 'done',
    comparing: true,
  };
  const answers = Array.from({ length: COMPARE_COLUMNS }, (_, i) => ({
    id: `bench-compare-${i + 1}`,
    model: `bench/model-${i + 1}`,
    chunks: longAnswer(20 + i, TOKENS_PER_ANSWER, TOKENS_PER_CHUNK).chunks,
    tokens: TOKENS_PER_ANSWER,
  }));
  return {
    // The single-answer fixture only serves the conversation to the page.
    stream: {
      model: MODEL,
      conversation: benchConversation('bench-compare', history, MODEL),
      question,
      answerId: 'unused',
      chunks: [],
      chunkIntervalMs: CHUNK_INTERVAL_MS,
      tokens: 0,
    },
    compare: { question, answers, chunkIntervalMs: CHUNK_INTERVAL_MS },
  };
}

/** Needs the real build under bench/out/real. */
export async function measureCompare(browser: Browser): Promise<CompareFigures> {
  const { stream, compare } = fixtures();
  const server = await startStaticServer({
    root: `${BENCH_OUT}/real`,
    extra: {
      [FIXTURE_PATH]: JSON.stringify(stream),
      [FEED_SCRIPT_PATH]: await feedScript(),
      [COMPARE_FIXTURE_PATH]: JSON.stringify(compare),
    },
    injectScripts: [FEED_SCRIPT_PATH],
  });
  try {
    const runs: CompareRun[] = [];
    for (let run = 0; run < RUNS; run++) {
      const { context, page, cdp } = await pageReadyToStream(browser, server);
      try {
        runs.push(await onePass(page, cdp));
      } finally {
        await context.close();
      }
    }
    const median = [...runs].sort((a, b) => a.fps - b.fps)[Math.floor(runs.length / 2)]!;
    const { context, page, cdp } = await pageReadyToStream(browser, server);
    let traced: CompareFigures['traced'];
    try {
      await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      await onePass(page, cdp);
      const events = parseTrace(await browser.stopTracing());
      const work = mainThreadWork(events, 'bench:compare-start', 'bench:settled');
      traced = { work, longest: insideLongest(events, work) };
    } finally {
      await context.close();
    }
    return {
      historyMessages: HISTORY_MESSAGES,
      tokensPerAnswer: TOKENS_PER_ANSWER,
      runs,
      median,
      traced,
    };
  } finally {
    await server.close();
  }
}

export function renderCompareReport(figures: CompareFigures): string {
  const row = (run: CompareRun, label: string) =>
    `| ${label} | ${run.fps.toFixed(1)} | ${run.outcome.longFrameGaps} (${run.outcome.longestFrameGapMs.toFixed(0)} ms) | ` +
    `${run.longTasks.longTasks} (${run.longTasks.longestTaskMs.toFixed(0)} ms) | ` +
    `${run.metrics.task.toFixed(0)} ms | ${run.metrics.script.toFixed(0)} ms | ${run.outcome.deltasSent} |`;
  const { median } = figures;
  const fpsMet = median.fps >= COMPARE_GOAL.fps;
  const tasksMet = median.longTasks.longTasks === 0;
  const lines = [
    '',
    '## Compare models: four answers at once',
    '',
    `${COMPARE_COLUMNS} answers of ${figures.tokensPerAnswer.toLocaleString('en-US')} tokens each ` +
      `(${TOKENS_PER_CHUNK} a chunk, ${CHUNK_INTERVAL_MS} ms apart, every column at once) stream side by ` +
      `side into the real renderer at the end of a ${figures.historyMessages}-message conversation, ` +
      'each forwarded as core does (one delta per column per 80 ms, on compare.event), ' +
      `${RUNS} passes, with the frame counter and long-task observer in the page.`,
    '',
    '| pass | fps | frame gaps over 50 ms (longest) | tasks over 50 ms (longest) | task time | script | deltas |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...figures.runs.map((run, i) => row(run, `run ${i + 1}`)),
    row(median, '**median run (by fps)**'),
    '',
    `Traced pass: ${figures.traced.work.tasks} tasks, ${figures.traced.work.totalMs.toFixed(0)} ms, ` +
      `${figures.traced.work.over50ms} over 50 ms, longest ${figures.traced.work.longestMs.toFixed(0)} ms` +
      (figures.traced.longest.length > 0
        ? ` (in it: ${figures.traced.longest.map((k) => `${k.name} ${k.ms.toFixed(1)} ms`).join(', ')})`
        : '') +
      '; tracing slows the page, so its figures are only for where the time goes.',
    '',
    `Goal (issue 42): ${COMPARE_GOAL.fps}+ fps: ${median.fps.toFixed(1)}, **${fpsMet ? 'met' : 'not met'}**; ` +
      `no task over ${COMPARE_GOAL.longestTaskMs} ms: ${median.longTasks.longTasks} ` +
      `(longest ${median.longTasks.longestTaskMs.toFixed(0)} ms) in the median run, ` +
      `**${tasksMet ? 'met' : 'not met'}**; over all ${figures.runs.length} runs ` +
      `${figures.runs.reduce((n, r) => n + r.longTasks.longTasks, 0)} such tasks ` +
      `(longest ${Math.max(...figures.runs.map((r) => r.longTasks.longestTaskMs)).toFixed(0)} ms).`,
    '',
  ];
  return lines.join('\n');
}

export async function appendCompareReport(
  browser: Browser,
  outDir: string,
  report: string | null,
): Promise<CompareFigures> {
  const figures = await measureCompare(browser);
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, 'compare.json'), JSON.stringify(figures, null, 2));
  const text = renderCompareReport(figures);
  if (report) await appendFile(report, text);
  else console.log(text);
  return figures;
}
