// Renderer memory: 50 long conversations opened one after another in the real web host, the JS heap
// and DOM nodes after a forced collection following each, judged against the tenth.
import { appendFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { startWebHost } from '../dev/web';
import { openConversationLibrary } from '../electron/core/library/conversations';
import { freshContext, launchChromium } from './browser';
import { cpuShare, cpuSnapshot } from './cpu-usage';
import { chatHistory } from './corpus';

export const MEMORY_CONVERSATIONS = 50;
export const MEMORY_MESSAGES = 500;
/** Growth allowed between the tenth conversation and the last before the figure counts as growing. */
export const FLAT_TOLERANCE = 0.1;
/** The conversation the judgement starts from: the first ones fill caches meant to be filled. */
const SETTLED_AFTER = 10;

export interface MemorySample {
  /** 1-based: how many conversations have been opened. */
  opened: number;
  heapUsedBytes: number;
  /** DOM nodes alive in the renderer (attached or not), as Chromium counts them. */
  domNodes: number;
  /** Elements in the document. */
  documentElements: number;
  /** Click to the last message painted as markdown. */
  openMs: number;
}

export interface MemoryResult {
  conversations: number;
  messagesEach: number;
  /** Heap after loading the app, before any conversation is opened. */
  startHeapBytes: number;
  samples: MemorySample[];
  othersCpu: number;
}

const titleOf = (index: number) => `Memory bench ${String(index + 1).padStart(2, '0')}`;
const markOf = (index: number) => `memorymark${index + 1}end`;

/** Writes the conversations through core's own library, each with a title and a word of its own. */
async function seed(dataDir: string): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
  const library = await openConversationLibrary(dataDir);
  for (let index = 0; index < MEMORY_CONVERSATIONS; index++) {
    const conversation = await library.create({ model: 'bench/model' });
    const messages = chatHistory(100 + index, MEMORY_MESSAGES, 'bench/model');
    const last = messages[messages.length - 1];
    if (last) last.content += `\n\nThat is all, ${markOf(index)}.`;
    conversation.messages = messages;
    await library.save(conversation);
    await library.update(conversation.id, { title: titleOf(index) });
  }
  await library.flush();
}

declare global {
  interface Window {
    benchMemory?: { clickAt: number; doneAt: number | null; mark: string };
  }
}

export async function measureMemory(browser: Browser, dataDir: string): Promise<MemoryResult> {
  await seed(dataDir);
  const host = await startWebHost({ port: 0, dataDir, log: () => undefined });
  const context = await freshContext(browser);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('HeapProfiler.enable');
    const settle = async () => {
      // Twice: the first pass may only free what keeps the rest alive (weak maps, finalizers).
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const metric = (name: string) => metrics.find((item) => item.name === name)?.value ?? 0;
      const documentElements = await page.evaluate(() => document.getElementsByTagName('*').length);
      return { heap: metric('JSHeapUsedSize'), nodes: metric('Nodes'), documentElements };
    };
    await page.goto(host.url);
    // A data folder without a key opens on the welcome screen; the person looks around first.
    await page.getByRole('button', { name: 'Look around first', exact: true }).click();
    await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
    await page
      .getByRole('link', { name: titleOf(MEMORY_CONVERSATIONS - 1), exact: true })
      .waitFor();
    // The sidebar draws its rows in steps as it scrolls: scrolled to its end until the oldest is
    // drawn, as a person would, so every conversation can be clicked.
    const sidebar = page.locator('.sidebar-scroll');
    const oldest = page.getByRole('link', { name: titleOf(0), exact: true });
    while ((await oldest.count()) === 0) {
      await sidebar.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      await page.waitForTimeout(250);
    }
    await sidebar.evaluate((element) => element.scrollTo(0, 0));
    await page.waitForTimeout(1000);
    const start = await settle();
    const cpuBefore = await cpuSnapshot();
    const samples: MemorySample[] = [];
    for (let index = 0; index < MEMORY_CONVERSATIONS; index++) {
      const mark = markOf(index);
      await page.evaluate((mark) => {
        window.benchMemory = { clickAt: performance.now(), doneAt: null, mark };
      }, mark);
      await page.getByRole('link', { name: titleOf(index), exact: true }).click();
      await page.waitForFunction(
        () => {
          const state = window.benchMemory!;
          const done = Array.from(document.querySelectorAll('article.message')).some(
            (article) =>
              article.textContent?.includes(state.mark) && article.querySelector('.markdown p'),
          );
          if (done && state.doneAt === null) state.doneAt = performance.now();
          return done;
        },
        null,
        { timeout: 30_000, polling: 'raf' },
      );
      const openMs = await page.evaluate(
        () => window.benchMemory!.doneAt! - window.benchMemory!.clickAt,
      );
      // Let deferred work (the rest of a paged conversation, idle caches) finish before reading.
      await page.waitForTimeout(400);
      const after = await settle();
      samples.push({
        opened: index + 1,
        heapUsedBytes: after.heap,
        domNodes: after.nodes,
        documentElements: after.documentElements,
        openMs,
      });
    }
    const { others } = cpuShare(cpuBefore, await cpuSnapshot());
    return {
      conversations: MEMORY_CONVERSATIONS,
      messagesEach: MEMORY_MESSAGES,
      startHeapBytes: start.heap,
      samples,
      othersCpu: others,
    };
  } finally {
    await context.close();
    await host.close();
  }
}

export interface MemoryVerdict {
  settled: MemorySample;
  last: MemorySample;
  first: MemorySample;
  heapGrowth: number;
  nodeGrowth: number;
  nodesBefore: number;
  flat: boolean;
}

export function judgeMemory(result: MemoryResult): MemoryVerdict {
  const first = result.samples[0]!;
  const settled = result.samples[Math.min(SETTLED_AFTER, result.samples.length) - 1]!;
  const last = result.samples[result.samples.length - 1]!;
  const heapGrowth = last.heapUsedBytes / settled.heapUsedBytes - 1;
  // The rows on screen differ from one conversation to the next, so DOM nodes are judged against
  // the most any of the first ten left, not against the tenth alone.
  const nodesBefore = Math.max(
    ...result.samples.slice(0, SETTLED_AFTER).map((sample) => sample.domNodes),
  );
  const nodeGrowth = last.domNodes / nodesBefore - 1;
  return {
    first,
    settled,
    last,
    heapGrowth,
    nodeGrowth,
    nodesBefore,
    flat: heapGrowth <= FLAT_TOLERANCE && nodeGrowth <= FLAT_TOLERANCE,
  };
}

const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;
const pct = (share: number) => `${share >= 0 ? '+' : ''}${(share * 100).toFixed(1)} %`;

export function renderMemorySection(result: MemoryResult): string {
  const verdict = judgeMemory(result);
  const rows = result.samples
    .filter((sample) => sample.opened === 1 || sample.opened % 10 === 0)
    .map(
      (sample) =>
        `| ${sample.opened} | ${mb(sample.heapUsedBytes)} | ${sample.domNodes.toLocaleString('en-US')} | ` +
        `${sample.documentElements.toLocaleString('en-US')} | ${sample.openMs.toFixed(0)} ms |`,
    );
  return [
    `## Renderer memory after opening ${result.conversations} long conversations`,
    '',
    `Method: ${result.conversations} conversations of ${result.messagesEach} messages each, written ` +
      "through core's own library, opened one after another by clicking their links in the real web " +
      'host (one page, one Chromium). After each, once its last message is painted as markdown and ' +
      '0.4 s more: two forced collections (CDP HeapProfiler.collectGarbage), then the JS heap used ' +
      'and DOM nodes (Performance.getMetrics) and the elements in the document. "Flat" means the ' +
      `heap after the last is within ${(FLAT_TOLERANCE * 100).toFixed(0)} % of the heap after the ` +
      'tenth, and the DOM nodes after the last within as much of the most the first ten left ' +
      `(the rows on screen differ from one conversation to the next). Other processes used ${(result.othersCpu * 100).toFixed(0)} % ` +
      'of the cores meanwhile.',
    '',
    `Reference in the same run: ${mb(result.startHeapBytes)} after the first screen, ` +
      `${mb(verdict.first.heapUsedBytes)} after the first conversation.`,
    '',
    '| opened | JS heap used | DOM nodes | elements in the document | click to markdown |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    `| goal | figure | verdict |`,
    '|---|---|---|',
    `| flat: no growth after the tenth (within ${(FLAT_TOLERANCE * 100).toFixed(0)} %) | heap ` +
      `${mb(verdict.settled.heapUsedBytes)} → ${mb(verdict.last.heapUsedBytes)} (${pct(verdict.heapGrowth)}), ` +
      `DOM nodes ${verdict.nodesBefore} (most of the first ten) → ${verdict.last.domNodes} (${pct(verdict.nodeGrowth)}) | ` +
      `**${verdict.flat ? 'met' : 'not met'}** |`,
    '',
  ].join('\n');
}

export async function appendMemoryReport(
  browser: Browser,
  outDir: string,
  reportFile: string,
): Promise<void> {
  console.log(`[bench] opening ${MEMORY_CONVERSATIONS} long conversations in a row (memory)`);
  const result = await measureMemory(browser, join(outDir, 'memory-data'));
  await appendFile(reportFile, `\n${renderMemorySection(result)}`);
}

/** `BENCH_ONLY=memory` (after `npm run build:renderer`): this figure alone, printed. */
export async function memoryOnly(outDir: string): Promise<void> {
  const browser = await launchChromium();
  try {
    const result = await measureMemory(browser, join(outDir, 'memory-alone-data'));
    for (const sample of result.samples)
      console.log(
        `[bench] ${sample.opened}: heap ${mb(sample.heapUsedBytes)}, nodes ${sample.domNodes}, ` +
          `elements ${sample.documentElements}, open ${sample.openMs.toFixed(0)} ms`,
      );
    console.log(renderMemorySection(result));
  } finally {
    await browser.close();
  }
}

// `tsx bench/memory.ts` runs it alone too.
if (process.argv[1] === fileURLToPath(import.meta.url))
  await memoryOnly(fileURLToPath(new URL('./out', import.meta.url)));
