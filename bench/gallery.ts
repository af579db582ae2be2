// The image gallery with 2,000 pictures: time to open, frame times while scrolling through all of it, renderer memory after.
import { appendFile, mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Jimp } from 'jimp';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { startWebHost } from '../dev/web';
import { createMediaLibrary } from '../electron/core/library/media';
import { freshContext, launchChromium } from './browser';
import { cpuShare, cpuSnapshot, waitForQuietMachine } from './cpu-usage';

export const GALLERY_ITEMS = 2_000;
/** Pixels scrolled per frame: a brisk fling, fast enough to bring in fresh rows every frame. */
const SCROLL_STEP_PX = 120;
/** Distinct pictures the seed cycles through; each add still makes its own file. */
const DISTINCT_PICTURES = 24;
/**
 * The thumbnail size itself: the page then loads exactly what it loads for larger pictures (a
 * 256 px PNG per tile), and seeding skips 2,000 jimp resizes that would take minutes.
 */
const PICTURE_SIDE = 256;

export interface FrameStats {
  frames: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Frames longer than 1.5 × 16.7 ms: at least one display refresh missed. */
  longFrames: number;
  /** Frames in which a tile on screen was still an empty placeholder (its page not loaded yet). */
  framesWithPlaceholders: number;
}

export interface HeapFigures {
  /** Runtime.getHeapUsage after a forced GC. */
  usedMb: number;
  /** Performance.getMetrics JSHeapUsedSize (no GC forced). */
  metricsUsedMb: number;
  domNodes: number;
  /** <img> elements in the page. */
  images: number;
}

export interface GalleryBenchResult {
  items: number;
  seedSeconds: number;
  /** Click on the Images tab until the first screen of thumbnails is decoded and painted. */
  openMs: number;
  scrolledPx: number;
  scroll: FrameStats;
  /** Share of all cores other processes used while the grid scrolled (a busy machine skews frames). */
  othersCpuWhileScrolling: number;
  heapAfterOpen: HeapFigures;
  heapAfterBrowsing: HeapFigures;
}

async function seedPictures(): Promise<Buffer[]> {
  const pictures: Buffer[] = [];
  for (let i = 0; i < DISTINCT_PICTURES; i++) {
    const hue = (i * 47) % 360;
    const image = new Jimp({ width: PICTURE_SIDE, height: PICTURE_SIDE, color: 0xffffffff });
    // Two bands of colour per picture, so thumbnails differ and compress like pictures, not blanks.
    const [r, g, b] = hslToRgb(hue / 360, 0.55, 0.55);
    for (let y = 0; y < PICTURE_SIDE; y++)
      for (let x = 0; x < PICTURE_SIDE; x++) {
        const shade = ((x + y + i * 13) % 64) / 64;
        const color = y < PICTURE_SIDE / 2 ? [r, g, b] : [b, r, g];
        const [cr, cg, cb] = color.map((c) => Math.round(c * (0.6 + 0.4 * shade)));
        image.setPixelColor(((cr! << 24) | (cg! << 16) | (cb! << 8) | 0xff) >>> 0, x, y);
      }
    pictures.push(await image.getBuffer('image/png'));
  }
  return pictures;
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const f = (n: number) => {
    const k = (n + h * 12) % 12;
    const a = s * Math.min(l, 1 - l);
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** Writes `count` pictures through core's own media library, as the app keeps them. */
export async function seedGallery(dataDir: string, count: number): Promise<number> {
  const started = Date.now();
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  const media = await createMediaLibrary(join(dataDir, 'media'));
  const pictures = await seedPictures();
  for (let i = 0; i < count; i++)
    await media.add({
      kind: 'image',
      bytes: pictures[i % pictures.length]!,
      mime: 'image/png',
      title: `bench picture ${i + 1}: a landscape study in colour`,
      model: 'img-stable/stable-diffusion-xl-1024',
      cost: '0.004000',
      params: { mode: 'generate', prompt: `bench picture ${i + 1}`, size: '1024x1024' },
    });
  await media.flush();
  return (Date.now() - started) / 1000;
}

async function heapFigures(page: Page, cdp: CDPSession, collect: boolean): Promise<HeapFigures> {
  await cdp.send('Performance.enable');
  const metrics = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.metrics.find((m) => m.name === name)?.value ?? 0;
  if (collect) await cdp.send('HeapProfiler.collectGarbage');
  const usage = await cdp.send('Runtime.getHeapUsage');
  const images = await page.evaluate(() => document.images.length);
  return {
    usedMb: usage.usedSize / 1024 / 1024,
    metricsUsedMb: metric('JSHeapUsedSize') / 1024 / 1024,
    domNodes: metric('Nodes'),
    images,
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;
}

/** Scrolls the gallery one step per frame to the end, noting each frame's length in the page. */
async function scrollThrough(
  page: Page,
): Promise<{ frames: number[]; placeholders: number; px: number }> {
  return page.evaluate(async (step) => {
    const scroller = document.querySelector<HTMLElement>('.gallery-scroller');
    if (!scroller) throw new Error('no gallery on the page');
    const frames: number[] = [];
    let placeholders = 0;
    let last = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
    const end = scroller.scrollHeight - scroller.clientHeight;
    while (scroller.scrollTop < end - 1) {
      scroller.scrollTop = Math.min(end, scroller.scrollTop + step);
      const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
      frames.push(now - last);
      last = now;
      const view = scroller.getBoundingClientRect();
      const empty = Array.from(scroller.querySelectorAll('.gallery-tile.placeholder')).some(
        (tile) => {
          const box = tile.getBoundingClientRect();
          return box.bottom > view.top && box.top < view.bottom;
        },
      );
      if (empty) placeholders++;
    }
    return { frames, placeholders, px: scroller.scrollTop };
  }, SCROLL_STEP_PX);
}

export async function measureGallery(
  browser: Browser,
  dataDir: string,
  count = GALLERY_ITEMS,
): Promise<GalleryBenchResult> {
  const seedSeconds = await seedGallery(dataDir, count);
  const host = await startWebHost({ port: 0, dataDir, log: () => undefined });
  const context = await freshContext(browser);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(host.url);
    const tab = page.getByRole('navigation').getByRole('tab', { name: 'Images', exact: true });
    await tab.waitFor();
    await page.waitForTimeout(500);

    const clickAt = await page.evaluate(() => performance.now());
    await tab.click();
    // Open: the first screen's thumbnails are all decoded and a frame has been painted with them.
    const paintedAt = await page.evaluate(async () => {
      for (;;) {
        const tiles = Array.from(document.querySelectorAll<HTMLImageElement>('.gallery-tile img'));
        if (tiles.length > 0 && tiles.every((img) => img.complete && img.naturalWidth > 0)) break;
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      return new Promise<number>((resolve) =>
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve(performance.now());
          channel.port2.postMessage(null);
        }),
      );
    });
    const heapAfterOpen = await heapFigures(page, cdp, true);

    await waitForQuietMachine(5000);
    const cpuBefore = await cpuSnapshot();
    const scrolled = await scrollThrough(page);
    const { others } = cpuShare(cpuBefore, await cpuSnapshot());
    // Back to the top and down again: the browsing a person does, with pages already loaded.
    await page.evaluate(() => {
      const scroller = document.querySelector<HTMLElement>('.gallery-scroller');
      if (scroller) scroller.scrollTop = 0;
    });
    await page.waitForTimeout(300);
    await page
      .getByRole('button', { name: 'bench picture 2000: a landscape study in colour' })
      .click();
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(500);
    const heapAfterBrowsing = await heapFigures(page, cdp, true);

    const sorted = scrolled.frames.slice().sort((a, b) => a - b);
    return {
      items: count,
      seedSeconds,
      openMs: paintedAt - clickAt,
      scrolledPx: scrolled.px,
      othersCpuWhileScrolling: others,
      scroll: {
        frames: sorted.length,
        p50Ms: percentile(sorted, 0.5),
        p95Ms: percentile(sorted, 0.95),
        p99Ms: percentile(sorted, 0.99),
        maxMs: sorted[sorted.length - 1] ?? 0,
        longFrames: sorted.filter((ms) => ms > 25).length,
        framesWithPlaceholders: scrolled.placeholders,
      },
      heapAfterOpen,
      heapAfterBrowsing,
    };
  } finally {
    await context.close();
    await host.close();
  }
}

const fixed = (n: number, digits = 1) => n.toFixed(digits);

/** The section REPORT.md gets. */
export function renderGallerySection(result: GalleryBenchResult): string {
  const s = result.scroll;
  const heap = (h: HeapFigures) =>
    `${fixed(h.usedMb)} MB used after GC (JSHeapUsedSize ${fixed(h.metricsUsedMb)} MB), ${h.domNodes} DOM nodes, ${h.images} <img>`;
  return [
    '## Image gallery: 2,000 pictures',
    '',
    `Seeded ${result.items.toLocaleString('en-US')} pictures (${PICTURE_SIDE} × ${PICTURE_SIDE} PNG, the thumbnail size) through core's media library in ${fixed(result.seedSeconds)} s, then opened the Images tab in the web host and scrolled the whole grid, ${SCROLL_STEP_PX} px per frame (${fixed(result.scrolledPx / 1000)} thousand px).`,
    '',
    '| figure | value |',
    '| --- | --- |',
    `| open: click to first screen of thumbnails painted | ${fixed(result.openMs, 0)} ms |`,
    `| frames while scrolling | ${s.frames} |`,
    `| frame time p50 / p95 / p99 / max | ${fixed(s.p50Ms)} / ${fixed(s.p95Ms)} / ${fixed(s.p99Ms)} / ${fixed(s.maxMs)} ms |`,
    `| frames over 25 ms | ${s.longFrames} (${fixed((100 * s.longFrames) / Math.max(1, s.frames))} %) |`,
    `| frames with an empty tile on screen | ${s.framesWithPlaceholders} |`,
    `| other processes' share of all cores while scrolling | ${fixed(100 * result.othersCpuWhileScrolling, 0)} % |`,
    `| renderer heap after opening | ${heap(result.heapAfterOpen)} |`,
    `| renderer heap after scrolling all and browsing 20 in the viewer | ${heap(result.heapAfterBrowsing)} |`,
    '',
  ].join('\n');
}

/** For bench/run.ts: runs the scenario in `<outDir>/gallery-data` and appends its section to the report. */
export async function appendGalleryReport(
  browser: Browser,
  outDir: string,
  reportFile: string,
): Promise<void> {
  console.log(`[bench] image gallery of ${GALLERY_ITEMS.toLocaleString('en-US')} pictures`);
  const result = await measureGallery(browser, join(outDir, 'gallery-data'));
  await appendFile(reportFile, `\n${renderGallerySection(result)}`);
}

// `tsx bench/gallery.ts` (after `npm run build:renderer`) runs this scenario alone.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const browser = await launchChromium();
  try {
    // A folder of its own, so a full `npm run bench` running meanwhile does not share it.
    const outDir = fileURLToPath(new URL('./out', import.meta.url));
    const result = await measureGallery(browser, join(outDir, 'gallery-alone-data'));
    console.log(JSON.stringify(result, null, 2));
    console.log(renderGallerySection(result));
  } finally {
    await browser.close();
  }
}
