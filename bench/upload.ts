// Issue 3: a 50 MB PDF chosen in the Documents tab, read, encoded, uploaded and sent to /extract_text: time, core memory, renderer long tasks.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { startWebHost } from '../dev/web';
import { freshContext, launchChromium } from './browser';

export const UPLOAD_BYTES = Number(process.env.BENCH_UPLOAD_MB ?? 50) * 1024 * 1024;
/** A task longer than this blocks input visibly. */
const LONG_TASK_MS = 50;
const RSS_SAMPLE_MS = 25;
const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface UploadFigures {
  fileBytes: number;
  /** Click on Extract to the upload finishing (the page shows "Extracting…"). */
  uploadMs: number;
  /** Click on Extract to the text in the Extracted text box. */
  totalMs: number;
  /** Resident memory of the process that runs core (and the web host), before and at its peak. */
  coreRssBeforeMb: number;
  coreRssPeakMb: number;
  /** Renderer main-thread tasks over 50 ms while it ran (PerformanceObserver 'longtask'). */
  longTasks: number;
  longestTaskMs: number;
  /** The progress bar moved while uploading: the page kept painting. */
  progressUpdates: number;
  extractedChars: number;
  /** 'text extracted', or the refusal the page showed (the service may cap request bodies). */
  serviceAnswer: string;
}

/** A one-page PDF with a line of text and an unreferenced binary stream that brings it to `bytes`. */
export function bulkyPdf(bytes: number): Buffer {
  const content = 'BT /F1 12 Tf 72 720 Td (Bench upload of a large document) Tj ET';
  const head =
    '%PDF-1.4\n' +
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>\nendobj\n' +
    `4 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`;
  const tail = '\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n';
  const padding = bytes - head.length - tail.length - 64;
  const streamHead = `5 0 obj\n<< /Length ${padding} >>\nstream\n`;
  // Random bytes stand in for images; 'endstream' cannot appear by chance in a way that matters
  // because the stream's /Length is exact.
  return Buffer.concat([
    Buffer.from(head + streamHead, 'latin1'),
    randomBytes(padding),
    Buffer.from(tail, 'latin1'),
  ]);
}

/** The simulator in a child process, so the memory measured is core's alone. */
async function startSimProcess(): Promise<{ baseUrl: string; child: ChildProcess }> {
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['sim/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, SIM_PORT: '0', SIM_LEGACY_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolveUrl, reject) => {
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /Simulated service: (\S+)/.exec(seen);
      if (match) resolveUrl(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the simulator exited (${code})`)));
  });
  return { baseUrl, child };
}

export async function measureUpload(browser: Browser): Promise<UploadFigures> {
  const work = await mkdtemp(join(tmpdir(), 'atelier-bench-upload-'));
  const sim = await startSimProcess();
  const host = await startWebHost({ port: 0, dataDir: join(work, 'data'), log: () => undefined });
  const context = await freshContext(browser);
  try {
    const pdfPath = join(work, 'big.pdf');
    await writeFile(pdfPath, bulkyPdf(UPLOAD_BYTES));
    const page = await context.newPage();
    await page.goto(host.url);
    await page.getByRole('tab', { name: 'Settings', exact: true }).click();
    await page.getByRole('textbox', { name: 'Base URL' }).fill(sim.baseUrl);
    await page.getByRole('textbox', { name: 'API key' }).fill('sim-fast');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Key saved.').waitFor();
    await page.getByRole('tab', { name: 'Documents', exact: true }).click();
    await page.getByLabel('Document file').setInputFiles(pdfPath);

    await page.evaluate((limit) => {
      const state = { tasks: [] as number[], progress: 0 };
      (globalThis as unknown as { benchUpload: typeof state }).benchUpload = state;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (entry.duration > limit) state.tasks.push(entry.duration);
      }).observe({ type: 'longtask' });
      new MutationObserver(() => {
        state.progress += 1;
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['value'] });
    }, LONG_TASK_MS);

    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, RSS_SAMPLE_MS);
    const started = performance.now();
    await page.getByRole('button', { name: 'Extract', exact: true }).click();
    await page.getByText('Extracting…').waitFor({ timeout: 300_000 });
    const uploadMs = performance.now() - started;
    const text = page.getByRole('textbox', { name: 'Extracted text' });
    await page.waitForFunction(
      () =>
        document.querySelector('.documents-main [role="alert"]') !== null ||
        ((
          document.querySelector('textarea.document-text') as HTMLTextAreaElement | null
        )?.value.includes('Bench upload') ??
          false),
      undefined,
      { timeout: 300_000, polling: 50 },
    );
    const failure = await page.locator('.documents-main [role="alert"]').allInnerTexts();
    const totalMs = performance.now() - started;
    clearInterval(sampler);
    const tally = await page.evaluate(
      () =>
        (globalThis as unknown as { benchUpload: { tasks: number[]; progress: number } })
          .benchUpload,
    );
    return {
      fileBytes: UPLOAD_BYTES,
      uploadMs: Math.round(uploadMs),
      totalMs: Math.round(totalMs),
      coreRssBeforeMb: Math.round(before / 1024 / 1024),
      coreRssPeakMb: Math.round(peak / 1024 / 1024),
      longTasks: tally.tasks.length,
      longestTaskMs: Math.round(Math.max(0, ...tally.tasks)),
      progressUpdates: tally.progress,
      extractedChars: (await text.inputValue()).length,
      serviceAnswer:
        failure.length > 0
          ? failure
              .join(' ')
              .replace(/\s+/g, ' ')
              .replace(/ Close$/, '')
              .trim()
          : 'text extracted',
    };
  } finally {
    await context.close();
    await host.close();
    sim.child.kill('SIGTERM');
    await rm(work, { recursive: true, force: true });
  }
}

export function renderUploadReport(f: UploadFigures): string {
  const mb = (f.fileBytes / 1024 / 1024).toFixed(0);
  const rate = (f.fileBytes / 1024 / 1024 / (f.uploadMs / 1000)).toFixed(1);
  return [
    '',
    `## Uploading a ${mb} MB PDF (issue 3)`,
    '',
    'The Documents tab reads the file in 1 MiB slices, base64-encodes them with FileReader and sends',
    'them over files.chunk; core assembles the file, then sends it to /extract_text as base64 JSON.',
    'The simulator runs in its own process, so the memory below is core and the web host alone.',
    '',
    '| figure | value |',
    '| --- | --- |',
    `| upload (click to "Extracting…") | ${(f.uploadMs / 1000).toFixed(1)} s (${rate} MB/s) |`,
    `| whole extraction (click to text shown) | ${(f.totalMs / 1000).toFixed(1)} s |`,
    `| core RSS before → peak | ${f.coreRssBeforeMb} MB → ${f.coreRssPeakMb} MB (+${f.coreRssPeakMb - f.coreRssBeforeMb} MB) |`,
    `| renderer tasks over ${LONG_TASK_MS} ms | ${f.longTasks}${f.longTasks ? ` (longest ${f.longestTaskMs} ms)` : ''} |`,
    `| progress bar updates while uploading | ${f.progressUpdates} |`,
    `| UI responsive (no task over ${LONG_TASK_MS} ms) | ${f.longTasks === 0 ? 'yes' : 'no'} |`,
    `| the service's answer | ${f.serviceAnswer} |`,
    '',
    "Base64 makes a file a third larger: 50 MB of PDF is a 67 MB request, over the simulator's",
    '60 MB request limit, which answers 413; the figures above still cover reading, encoding,',
    'uploading and sending the whole body.',
    '',
  ].join('\n');
}

/** For bench/run.ts: measures and appends the section to the report. */
export async function appendUploadReport(browser: Browser, outDir: string, report: string) {
  const figures = await measureUpload(browser);
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, 'upload.json'), JSON.stringify(figures, null, 2));
  await appendFile(report, renderUploadReport(figures));
  return figures;
}

// `npx tsx bench/upload.ts` runs this scenario alone and prints the figures (needs dist/renderer).
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const browser = await launchChromium();
  try {
    const figures = await measureUpload(browser);
    console.log(JSON.stringify(figures, null, 2));
    console.log(renderUploadReport(figures));
  } finally {
    await browser.close();
  }
}
