// `npm run bench`: builds the bench pages, measures streaming, opening and first screen, writes REPORT.md.
import { appendCompareReport } from './compare';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { cpus, release, totalmem, type } from 'node:os';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { ChatMessage } from '../shared/types';
import { launchChromium } from './browser';
import { benchConversation, chatHistory, longAnswer, MarkdownWriter, seededRandom } from './corpus';
import { feedScript } from './feed/build';
import type { StreamFixture } from './feed/fixture';
import { FIRST_SCREEN_RUNS, measureFirstScreens } from './first-screen';
import { appendGalleryReport } from './gallery';
import { appendLongBlockReport } from './long-block';
import { appendPathologicalReport, pathologicalOnly } from './pathological';
import { appendUploadReport } from './upload';
import { appendSearchReport } from './search';
import { appendSpendingReport } from './spending';
import { appendSpendingViewReport } from './spending-view';
import { appendStartReport } from './start';
import { loadOnly } from './load-only';
import { appendMemoryReport, memoryOnly } from './memory';
import { measureOpenConversation } from './open-conversation';
import { renderReport } from './report';
import type { BenchFigures, StreamSetup } from './report-figures';
import { measureStreaming, measureWorkInterleaved, profileStreaming, traceWork } from './streaming';
import type { StreamPage } from './streaming-page';
import {
  BENCH_OUT,
  bareBuild,
  blankBuild,
  rendererBuild,
  type RendererVariant,
} from './vite.config';

const REPORT = fileURLToPath(new URL('./REPORT.md', import.meta.url));

const MODEL = 'bench/model';
const HISTORY_MESSAGES = 500;
const ANSWER_TOKENS = 20_000;
// 100 chunks/s of one token each would take 200 s per pass; ten tokens a chunk keeps the rate.
const TOKENS_PER_CHUNK = 10;
const CHUNK_INTERVAL_MS = 10;
const LONG_CONVERSATION = 2_000;
const RUNS = 5;

function log(line: string): void {
  console.log(`[bench] ${line}`);
}

async function buildPages(): Promise<void> {
  await build(rendererBuild('real'));
  await build(rendererBuild('naive'));
  await build(rendererBuild('plain'));
  await build(blankBuild());
  await build(bareBuild());
  // The swap must have happened in one build and only there.
  const holdsNaive = async (variant: string) => {
    const dir = `${BENCH_OUT}/${variant}/assets`;
    const files = (await readdir(dir)).filter((name) => name.endsWith('.js'));
    const texts = await Promise.all(files.map((name) => readFile(`${dir}/${name}`, 'utf8')));
    return texts.some((text) => text.includes('benchNaive'));
  };
  if (!(await holdsNaive('naive')) || (await holdsNaive('real')))
    throw new Error('the naive markdown component was not swapped in as intended');
  // The plain-text build must hold no markdown block chunk, only its stand-in.
  const chunks = async (variant: string) => readdir(`${BENCH_OUT}/${variant}/assets`);
  const plainChunks = await chunks('plain');
  if (
    !plainChunks.some((name) => name.startsWith('PlainMarkdownBlock-')) ||
    plainChunks.some((name) => name.startsWith('MarkdownBlock-')) ||
    !(await chunks('real')).some((name) => name.startsWith('MarkdownBlock-'))
  )
    throw new Error('the plain-text block was not swapped in as intended');
}

function streamFixture(): { fixture: StreamFixture; setup: StreamSetup } {
  const history = chatHistory(1, HISTORY_MESSAGES, MODEL);
  const { text, chunks } = longAnswer(7, ANSWER_TOKENS, TOKENS_PER_CHUNK);
  const question: ChatMessage = {
    id: 'bench-question',
    role: 'user',
    content: new MarkdownWriter(seededRandom(3)).question(),
    createdAt: '2026-01-02T00:00:00.000Z',
    status: 'done',
  };
  const lines = text.split('\n');
  const fixture: StreamFixture = {
    model: MODEL,
    conversation: benchConversation('bench-stream', history, MODEL),
    question,
    answerId: 'bench-answer',
    chunks,
    chunkIntervalMs: CHUNK_INTERVAL_MS,
    tokens: ANSWER_TOKENS,
  };
  const setup: StreamSetup = {
    historyMessages: HISTORY_MESSAGES,
    tokens: ANSWER_TOKENS,
    tokensPerChunk: TOKENS_PER_CHUNK,
    chunks: chunks.length,
    chunkIntervalMs: CHUNK_INTERVAL_MS,
    answerChars: text.length,
    expected: {
      codeBlocks: lines.filter((line) => /^```\w/.test(line)).length,
      tables: lines.filter((line) => line.startsWith('| --- |')).length,
      headings: lines.filter((line) => line.startsWith('## ')).length,
      displayMath: lines.filter((line) => line === '$$').length / 2,
    },
  };
  return { fixture, setup };
}

/**
 * `BENCH_ONLY=streaming`: the real renderer's streaming figure alone, printed, for quick iteration;
 * with `BENCH_PROFILE=1`, a CPU profile of it instead (`BENCH_NOMINIFY=1` keeps function names).
 */
async function streamingOnly(): Promise<void> {
  await mkdir(BENCH_OUT, { recursive: true });
  const profiled = (process.env.BENCH_VARIANT ?? 'real') as RendererVariant;
  await build(rendererBuild(process.env.BENCH_PROFILE ? profiled : 'real'));
  const { fixture } = streamFixture();
  const browser = await launchChromium();
  try {
    if (process.env.BENCH_PROFILE) {
      await profileStreaming(browser, JSON.stringify(fixture), await feedScript(), profiled);
      return;
    }
    const real = await measureStreaming(
      browser,
      'real',
      JSON.stringify(fixture),
      await feedScript(),
    );
    const { plain, traced, work } = real;
    log(
      `real: ${work.metrics.task.toFixed(0)} ms main-thread work uninstrumented ` +
        `(median of ${work.runsMs.map((run) => run.toFixed(0)).join(', ')}), ` +
        `${plain.metrics.task.toFixed(0)} ms with counters (script ${plain.metrics.script.toFixed(0)}, ` +
        `layout ${plain.metrics.layout.toFixed(0)}), ` +
        `${((plain.outcome.frames * 1000) / plain.outcome.streamMs).toFixed(1)} fps, ` +
        `${plain.longTasks.longTasks} long tasks; traced longest ${traced.work.longestMs.toFixed(0)} ms`,
    );
  } finally {
    await browser.close();
  }
}

/** `BENCH_ONLY=compare`: four answers streaming at once (the real build), printed and kept under the bench output. */
async function compareOnly(): Promise<void> {
  await build(rendererBuild('real'));
  const browser = await launchChromium();
  try {
    await appendCompareReport(browser, BENCH_OUT, null);
  } finally {
    await browser.close();
  }
}

/** `BENCH_ONLY=upload`: the 50 MB PDF alone (needs dist/renderer), printed and kept under the bench output. */
async function uploadOnly(): Promise<void> {
  const browser = await launchChromium();
  try {
    await rm(`${BENCH_OUT}/upload.md`, { force: true });
    const figures = await appendUploadReport(browser, BENCH_OUT, `${BENCH_OUT}/upload.md`);
    log(JSON.stringify(figures));
    console.log(await readFile(`${BENCH_OUT}/upload.md`, 'utf8'));
  } finally {
    await browser.close();
  }
}

/** `BENCH_ONLY=long-block`: the long growing block alone, printed and kept under the bench output. */
async function longBlockOnly(): Promise<void> {
  await build(rendererBuild('real'));
  const browser = await launchChromium();
  try {
    await rm(`${BENCH_OUT}/long-block.md`, { force: true });
    await appendLongBlockReport(browser, BENCH_OUT, `${BENCH_OUT}/long-block.md`);
    console.log(await readFile(`${BENCH_OUT}/long-block.md`, 'utf8'));
  } finally {
    await browser.close();
  }
}

/** `BENCH_ONLY=gallery`: the gallery beside the bare grid (needs dist/renderer), printed and kept under the bench output. */
async function galleryOnly(): Promise<void> {
  const browser = await launchChromium();
  try {
    await rm(`${BENCH_OUT}/gallery.md`, { force: true });
    await appendGalleryReport(browser, BENCH_OUT, `${BENCH_OUT}/gallery.md`);
    console.log(await readFile(`${BENCH_OUT}/gallery.md`, 'utf8'));
  } finally {
    await browser.close();
  }
}

/**
 * `BENCH_ONLY=stream-cost`: the app's own cost per streamed update alone, printed: the plain-text
 * build beside the bare page (and the real renderer with `BENCH_COST_REAL=1`), interleaved.
 */
async function streamCostOnly(): Promise<void> {
  await mkdir(BENCH_OUT, { recursive: true });
  const withReal = Boolean(process.env.BENCH_COST_REAL);
  await build(rendererBuild('plain'));
  await build(bareBuild());
  if (withReal) await build(rendererBuild('real'));
  const { fixture } = streamFixture();
  const browser = await launchChromium();
  try {
    // BENCH_COST_EXTRA: more prebuilt folders under bench/out (e.g. an earlier build) in the rotation.
    const extra = (process.env.BENCH_COST_EXTRA ?? '').split(',').filter(Boolean) as StreamPage[];
    const pages: StreamPage[] = [
      ...(withReal ? ['plain', 'bare', 'real'] : ['plain', 'bare']),
      ...extra,
    ] as StreamPage[];
    if (process.env.BENCH_COST_TRACE) {
      // What each page spends its main thread on, by kind of event (one traced stream each).
      const only = process.env.BENCH_COST_TRACE.split(',');
      const tracedPages = only.includes('1') ? pages : pages.filter((page) => only.includes(page));
      const traced = await traceWork(
        browser,
        tracedPages,
        JSON.stringify(fixture),
        await feedScript(),
      );
      for (const [page, work] of Object.entries(traced))
        log(
          `${page} traced: ${work.tasks} tasks, ${work.totalMs.toFixed(0)} ms wall, ` +
            `${work.cpuMs.toFixed(0)} ms CPU; ` +
            Object.entries(work.byKind)
              .map(([kind, ms]) => `${kind} ${ms.toFixed(0)}`)
              .join(', '),
        );
      return;
    }
    const work = await measureWorkInterleaved(
      browser,
      pages,
      JSON.stringify(fixture),
      await feedScript(),
    );
    const bare = work['bare'].metrics.task;
    for (const [page, result] of Object.entries(work)) {
      const m = result.metrics;
      log(
        `${page}: ${m.task.toFixed(0)} ms (runs ${result.runsMs.map((r) => r.toFixed(0)).join(', ')}; ` +
          `script ${m.script.toFixed(0)}, layout ${m.layout.toFixed(0)}, style ${m.recalcStyle.toFixed(0)}), ` +
          `main-thread CPU ${m.threadCpu.toFixed(0)} ms, renderer process CPU ${m.processCpu.toFixed(0)} ms, ` +
          `${(m.task / bare).toFixed(2)}x bare, ${result.outcome.deltasSent} deltas, ` +
          `other processes ${(result.cpu.others * 100).toFixed(0)}%`,
      );
    }
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  if (process.env.BENCH_ONLY === 'streaming') return streamingOnly();
  if (process.env.BENCH_ONLY === 'search') {
    await mkdir(BENCH_OUT, { recursive: true });
    await appendSearchReport(BENCH_OUT, null, log);
    return;
  }
  if (process.env.BENCH_ONLY === 'spending') {
    await mkdir(BENCH_OUT, { recursive: true });
    await appendSpendingReport(BENCH_OUT, null, log);
    return;
  }
  if (process.env.BENCH_ONLY === 'spending-view') {
    await mkdir(BENCH_OUT, { recursive: true });
    const browser = await launchChromium();
    try {
      await appendSpendingViewReport(browser, BENCH_OUT, null, log);
    } finally {
      await browser.close();
    }
    return;
  }
  if (process.env.BENCH_ONLY === 'start') {
    // The web host serves dist/renderer: \`npm run build:renderer\` first (as \`npm run bench\` does).
    await mkdir(BENCH_OUT, { recursive: true });
    const browser = await launchChromium();
    try {
      await appendStartReport(browser, BENCH_OUT, null, log);
    } finally {
      await browser.close();
    }
    return;
  }
  if (process.env.BENCH_ONLY === 'upload') return uploadOnly();
  if (process.env.BENCH_ONLY === 'gallery') return galleryOnly();
  if (process.env.BENCH_ONLY === 'load') return loadOnly();
  if (process.env.BENCH_ONLY === 'memory') return memoryOnly(BENCH_OUT);
  if (process.env.BENCH_ONLY === 'stream-cost') return streamCostOnly();
  if (process.env.BENCH_ONLY === 'long-block') return longBlockOnly();
  if (process.env.BENCH_ONLY === 'pathological') return pathologicalOnly();
  if (process.env.BENCH_ONLY === 'compare') return compareOnly();
  const started = Date.now();
  await mkdir(BENCH_OUT, { recursive: true });
  log('building the real, naive, plain-text and blank pages');
  await buildPages();
  const { fixture, setup } = streamFixture();
  const fixtureJson = JSON.stringify(fixture);
  const feed = await feedScript();

  const browser = await launchChromium();
  try {
    log(`streaming ${setup.chunks} chunks into ${HISTORY_MESSAGES} messages: real renderer`);
    const real = await measureStreaming(browser, 'real', fixtureJson, feed);
    log('streaming: naive renderer');
    const naive = await measureStreaming(browser, 'naive', fixtureJson, feed);
    log(
      'streaming: the app with plain-text blocks (no markdown) beside the bare page, interleaved',
    );
    const cost = await measureWorkInterleaved(
      browser,
      ['plain', 'bare', 'real'] as const,
      fixtureJson,
      feed,
    );
    const plainText = cost.plain;

    log(`opening a ${LONG_CONVERSATION}-message conversation, ${RUNS} runs`);
    const open = await measureOpenConversation(
      browser,
      `${BENCH_OUT}/open-data`,
      LONG_CONVERSATION,
      RUNS,
    );

    log(`first screen, ${FIRST_SCREEN_RUNS} runs each`);
    const firstScreen = await measureFirstScreens(
      browser,
      BENCH_OUT,
      `${BENCH_OUT}/blank`,
      FIRST_SCREEN_RUNS,
    );

    const cpuList = cpus();
    const figures: BenchFigures = {
      machine: {
        cpus: cpuList.length,
        cpuModel: cpuList[0]?.model.trim() ?? 'unknown CPU',
        memoryGb: totalmem() / 1024 ** 3,
        os: `${type()} ${release()}`,
        node: process.versions.node,
        chromium: browser.version(),
        date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
      },
      setup,
      streaming: { real, naive, plainText, cost },
      open,
      firstScreen,
      durationS: (Date.now() - started) / 1000,
    };
    // The raw figures stay next to the traces, for a closer look than the report gives.
    await writeFile(`${BENCH_OUT}/figures.json`, JSON.stringify(figures, null, 2));
    await writeFile(REPORT, renderReport(figures));
    log(`wrote ${REPORT} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    log('a long growing block: the app beside the block parsed whole, interleaved');
    await appendLongBlockReport(browser, BENCH_OUT, REPORT);
    log('compare models: four answers at once');
    await appendCompareReport(browser, BENCH_OUT, REPORT);
    await appendPathologicalReport(browser, BENCH_OUT, REPORT, log);
    await appendGalleryReport(browser, BENCH_OUT, REPORT);
    await appendUploadReport(browser, BENCH_OUT, REPORT);
    await appendSearchReport(BENCH_OUT, REPORT, log);
    await appendSpendingReport(BENCH_OUT, REPORT, log);
    await appendSpendingViewReport(browser, BENCH_OUT, REPORT, log);
    await appendStartReport(browser, BENCH_OUT, REPORT, log);
    await appendMemoryReport(browser, BENCH_OUT, REPORT);
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error('[bench] failed:', error);
  process.exit(1);
});
