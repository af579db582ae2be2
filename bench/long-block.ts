// A long growing block: an answer that is one 300-item list and then one long paragraph, streamed
// into the real renderer beside the same renderer with the growing block parsed whole per update.
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import {
  benchConversation,
  chatHistory,
  longBlockAnswer,
  MarkdownWriter,
  seededRandom,
} from './corpus';
import { feedScript } from './feed/build';
import type { LongTaskTally, StreamFixture, StreamOutcome } from './feed/fixture';
import type { StaticServer } from './static-server';
import {
  deltas,
  metricsOf,
  pageReadyToStream,
  streamAndSettle,
  variantServer,
  type MetricDeltas,
} from './streaming-page';
import { rendererBuild, type RendererVariant } from './vite.config';

export const LONG_BLOCK_ITEMS = 300;
export const LONG_BLOCK_SENTENCES = 150;
const TOKENS_PER_CHUNK = 10;
const CHUNK_INTERVAL_MS = 10;
const HISTORY_MESSAGES = 20;
/** Passes of each build, interleaved (real, whole-tail, real, ...); the median run stands for each. */
const RUNS = Number(process.env.BENCH_LONG_BLOCK_RUNS ?? 3);
/** How often the page's task time is read while the answer streams. */
const SAMPLE_MS = 250;
/** The goal: no task over this while the blocks grow (the streaming figure's own rule). */
export const LONG_TASK_MS = 50;

type Build = Extract<RendererVariant, 'real' | 'whole-tail'>;
const BUILDS: readonly Build[] = ['real', 'whole-tail'];

export interface LongBlockRun {
  outcome: StreamOutcome;
  longTasks: LongTaskTally;
  metrics: MetricDeltas;
  /** Task time per second of stream in its first and its last quarter. */
  firstQuarterMsPerS: number;
  lastQuarterMsPerS: number;
}

export interface LongBlockFigures {
  answerChars: number;
  chunks: number;
  runs: Record<Build, LongBlockRun[]>;
  /** The run with the median total task time. */
  median: Record<Build, LongBlockRun>;
}

function longBlockFixture(): { fixture: StreamFixture; chars: number } {
  const model = 'bench/model';
  const { text, chunks } = longBlockAnswer(
    11,
    LONG_BLOCK_ITEMS,
    LONG_BLOCK_SENTENCES,
    TOKENS_PER_CHUNK,
  );
  const history = chatHistory(2, HISTORY_MESSAGES, model);
  return {
    chars: text.length,
    fixture: {
      model,
      conversation: benchConversation('bench-long-block', history, model),
      question: {
        id: 'bench-question',
        role: 'user',
        content: new MarkdownWriter(seededRandom(5)).question(),
        createdAt: '2026-01-02T00:00:00.000Z',
        status: 'done',
      },
      answerId: 'bench-answer',
      chunks,
      chunkIntervalMs: CHUNK_INTERVAL_MS,
      tokens: chunks.length * TOKENS_PER_CHUNK,
    },
  };
}

interface Sample {
  at: number;
  taskMs: number;
}

/** Task time at a moment, on straight lines between the samples around it. */
function taskAt(samples: readonly Sample[], at: number): number {
  const after = samples.findIndex((sample) => sample.at >= at);
  if (after < 0) return samples[samples.length - 1]?.taskMs ?? 0;
  if (after === 0) return samples[0]!.taskMs;
  const a = samples[after - 1]!;
  const b = samples[after]!;
  return a.taskMs + ((b.taskMs - a.taskMs) * (at - a.at)) / Math.max(b.at - a.at, 1);
}

/** One instrumented stream in a fresh page, its task time read every SAMPLE_MS meanwhile. */
async function onePass(browser: Browser, server: StaticServer): Promise<LongBlockRun> {
  const { context, page, cdp } = await pageReadyToStream(browser, server);
  try {
    const before = await metricsOf(cdp);
    const samples: Sample[] = [];
    let streaming = true;
    const sampling = (async () => {
      while (streaming) {
        const metrics = await metricsOf(cdp);
        samples.push({ at: Date.now(), taskMs: (metrics.TaskDuration ?? 0) * 1000 });
        await new Promise((done) => setTimeout(done, SAMPLE_MS));
      }
    })();
    const called = Date.now();
    const { outcome, longTasks } = await streamAndSettle(page, true);
    streaming = false;
    await sampling;
    // The stand-in sends 'start', waits 500 ms, then streams for streamMs.
    const start = called + 500;
    const quarter = outcome.streamMs / 4;
    const perSecond = (from: number) =>
      ((taskAt(samples, from + quarter) - taskAt(samples, from)) / quarter) * 1000;
    return {
      outcome,
      longTasks,
      metrics: deltas(before, await metricsOf(cdp)),
      firstQuarterMsPerS: perSecond(start),
      lastQuarterMsPerS: perSecond(start + outcome.streamMs - quarter),
    };
  } finally {
    await context.close();
  }
}

/** Needs the real build under bench/out/real (`npm run bench` makes it first); builds the reference. */
export async function measureLongBlock(browser: Browser): Promise<LongBlockFigures> {
  await build(rendererBuild('whole-tail'));
  const { fixture, chars } = longBlockFixture();
  const feed = await feedScript();
  const servers = await Promise.all(
    BUILDS.map((name) => variantServer(name, JSON.stringify(fixture), feed)),
  );
  try {
    const runs = { real: [], 'whole-tail': [] } as Record<Build, LongBlockRun[]>;
    for (let run = 0; run < RUNS; run++)
      for (const [index, name] of BUILDS.entries())
        runs[name].push(await onePass(browser, servers[index]!));
    const median = (list: LongBlockRun[]) =>
      [...list].sort((a, b) => a.metrics.task - b.metrics.task)[Math.floor(list.length / 2)]!;
    return {
      answerChars: chars,
      chunks: fixture.chunks.length,
      runs,
      median: { real: median(runs.real), 'whole-tail': median(runs['whole-tail']) },
    };
  } finally {
    await Promise.all(servers.map((server) => server.close()));
  }
}

const LABEL: Record<Build, string> = {
  real: 'the app (growing block in pieces)',
  'whole-tail': 'the growing block parsed whole',
};

export function renderLongBlockReport(figures: LongBlockFigures): string {
  const row = (name: Build, run: LongBlockRun, label: string) =>
    `| ${label} | ${run.metrics.task.toFixed(0)} ms | ${run.metrics.script.toFixed(0)} ms | ` +
    `${run.firstQuarterMsPerS.toFixed(0)} / ${run.lastQuarterMsPerS.toFixed(0)} ms | ` +
    `${run.longTasks.longTasks} (${run.longTasks.longestTaskMs.toFixed(0)} ms) | ` +
    `${run.outcome.longFrameGaps} (${run.outcome.longestFrameGapMs.toFixed(0)} ms) |`;
  const { real } = figures.median;
  const met = real.longTasks.longTasks === 0;
  const lines = [
    '',
    '## A long growing block',
    '',
    `One answer of ${figures.answerChars.toLocaleString('en-US')} characters in ${figures.chunks} chunks, ` +
      `10 ms apart: a short opening, one list of ${LONG_BLOCK_ITEMS} items, then one paragraph of ` +
      `${LONG_BLOCK_SENTENCES} sentences. Either block is the growing one for about half the stream. ` +
      'The app parses only the open rest of a long growing block per update and keeps the rest in ' +
      'pieces parsed once (`advanceTailPieces`), the paragraph apart from the list as soon as its ' +
      'line cannot continue the list (`blockMovedOn`), and keeps the pieces when the answer ends; ' +
      'the reference is the same build with that one ' +
      'function swapped for one that never cuts (bench/whole-tail/), so the growing block is ' +
      'parsed whole on every update, as before. Both stream into a 20-message conversation, ' +
      `${RUNS} passes each, interleaved, with the frame counter and long-task observer in the page; ` +
      'task time is read every 250 ms while the answer streams.',
    '',
    '| pass | task time | script | task time per second, first / last quarter | tasks over 50 ms (longest) | frame gaps over 50 ms (longest) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (let run = 0; run < RUNS; run++)
    for (const name of BUILDS) {
      const pass = figures.runs[name][run];
      if (pass) lines.push(row(name, pass, `${LABEL[name]}, run ${run + 1}`));
    }
  for (const name of BUILDS)
    lines.push(row(name, figures.median[name], `**${LABEL[name]}, median run**`));
  lines.push(
    '',
    `Goal: no task over ${LONG_TASK_MS} ms while a long block grows: ` +
      `${real.longTasks.longTasks} in the app's median run ` +
      `(longest ${real.longTasks.longestTaskMs.toFixed(0)} ms), **${met ? 'met' : 'not met'}**; ` +
      `the whole-block reference had ${figures.median['whole-tail'].longTasks.longTasks}.`,
    '',
  );
  return lines.join('\n');
}

export async function appendLongBlockReport(
  browser: Browser,
  outDir: string,
  report: string,
): Promise<LongBlockFigures> {
  const figures = await measureLongBlock(browser);
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, 'long-block.json'), JSON.stringify(figures, null, 2));
  await appendFile(report, renderLongBlockReport(figures));
  return figures;
}
