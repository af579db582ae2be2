// `BENCH_ONLY=load` (after `npm run build:renderer`): the first screen beside a blank page and the
// opening of a long conversation, printed, for quick iteration on the load path.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'vite';
import { launchChromium } from './browser';
import { measureFirstScreens, type FirstScreenRun } from './first-screen';
import { measureOpenConversation } from './open-conversation';
import { BENCH_OUT, blankBuild } from './vite.config';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export async function loadOnly(runs = Number(process.env.BENCH_RUNS ?? 5)): Promise<void> {
  await mkdir(BENCH_OUT, { recursive: true });
  await build(blankBuild());
  const browser = await launchChromium();
  try {
    if (process.env.BENCH_PART !== 'first') {
      const open = await measureOpenConversation(
        browser,
        `${BENCH_OUT}/open-alone-data`,
        2000,
        runs,
      );
      const paint = open.runs.map((run) => run.firstPaintMs);
      const markdown = open.runs.map((run) => run.markdownPaintMs);
      console.log(
        `[bench] open ${open.messages} messages (${(open.fileBytes / 1024 ** 2).toFixed(1)} MB): ` +
          `first paint median ${median(paint).toFixed(0)} ms (${paint.map((v) => v.toFixed(0)).join(', ')}), ` +
          `markdown median ${median(markdown).toFixed(0)} ms (${markdown.map((v) => v.toFixed(0)).join(', ')})`,
      );
    }
    if (process.env.BENCH_PART === 'open') return;
    const { app, blankHosted, blank } = await measureFirstScreens(
      browser,
      join(BENCH_OUT, 'first-screen-alone'),
      `${BENCH_OUT}/blank`,
      runs,
    );
    const appMs = median(app.map((run) => run.interactiveMs));
    const list = (runs: FirstScreenRun[]) => runs.map((r) => r.interactiveMs.toFixed(0)).join(', ');
    for (const [name, page] of [
      ['blank page from the web host', blankHosted],
      ['blank page from a static server', blank],
    ] as const) {
      const blankMs = median(page.map((run) => run.interactiveMs));
      console.log(
        `[bench] first screen: app ${appMs.toFixed(0)} ms (${list(app)}) vs ${name} ` +
          `${blankMs.toFixed(0)} ms (${list(page)}): ${(appMs / blankMs).toFixed(2)}x`,
      );
    }
    const running = app.map((run) => run.appMs);
    console.log(
      `[bench] first screen: the app running (its own box) ${median(running).toFixed(0)} ms ` +
        `(${running.map((v) => v.toFixed(0)).join(', ')})`,
    );
    for (const script of app[app.length - 1]!.scripts)
      console.log(`[bench]   ${script.url}: ${(script.bodyBytes / 1024).toFixed(1)} KB`);
  } finally {
    await browser.close();
  }
}
