// Figure 2: clicking a 2,000-message conversation in the real web host until its last message is painted.
import { rm, stat } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { startWebHost } from '../dev/web';
import { openConversationLibrary } from '../electron/core/library/conversations';
import { freshContext, pageSignal } from './browser';
import { cpuShare, cpuSnapshot, waitForQuietMachine } from './cpu-usage';
import { chatHistory } from './corpus';

/** A word only the last message holds, so the page can tell when that message is on screen. */
export const LAST_MESSAGE_MARK = 'zebraquartzfinale';

export interface OpenTimings {
  /** Click to the first frame painted with the last message's article (any content). */
  firstPaintMs: number;
  /** Click to the first frame painted with it rendered as markdown (not the plain-text fallback). */
  markdownPaintMs: number;
  /** Share of all cores other processes used from the click to the formatted paint. */
  othersCpu: number;
}

export interface OpenConversationResult {
  messages: number;
  fileBytes: number;
  runs: OpenTimings[];
  /** Runs that failed and were run again, with why. */
  failures: string[];
}

/** Writes the conversation through core's own library, so the files are exactly what the app keeps. */
export async function writeLongConversation(
  dataDir: string,
  count: number,
): Promise<{ title: string; fileBytes: number }> {
  await rm(dataDir, { recursive: true, force: true });
  const library = await openConversationLibrary(dataDir);
  const conversation = await library.create({ model: 'bench/model' });
  const messages = chatHistory(11, count, 'bench/model');
  const last = messages[messages.length - 1];
  if (last) last.content += `\n\nThat is all for now, ${LAST_MESSAGE_MARK}.`;
  conversation.messages = messages;
  await library.save(conversation);
  await library.flush();
  const summary = library.list().items[0];
  const { size } = await stat(`${dataDir}/conversations/${conversation.id}.json`);
  return { title: summary?.title ?? '', fileBytes: size };
}

declare global {
  interface Window {
    benchOpen?: { clickAt: number | null; paintAt: number | null; markdownPaintAt: number | null };
  }
}

/** Runs in the page before its scripts: notes the click, then checks every frame for the message. */
export function watchLastMessage(mark: string): void {
  const state: NonNullable<Window['benchOpen']> = {
    clickAt: null,
    paintAt: null,
    markdownPaintAt: null,
  };
  window.benchOpen = state;
  // Work queued from a frame callback runs once that frame is painted.
  const afterPaint = (note: (at: number) => void) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => note(performance.now());
    channel.port2.postMessage(null);
  };
  const check = () => {
    const article = Array.from(document.querySelectorAll('article.message')).find((element) =>
      element.textContent?.includes(mark),
    );
    if (article && state.paintAt === null) {
      state.paintAt = -1;
      afterPaint((at) => (state.paintAt = at));
    }
    if (article?.querySelector('.markdown p') && state.markdownPaintAt === null) {
      state.markdownPaintAt = -1;
      afterPaint((at) => {
        state.markdownPaintAt = at;
        console.debug('bench:open');
      });
    }
    if (state.markdownPaintAt === null) requestAnimationFrame(check);
  };
  document.addEventListener(
    'click',
    (event) => {
      if (state.clickAt !== null) return;
      if (!(event.target instanceof Element) || !event.target.closest('.conversation-link')) return;
      state.clickAt = event.timeStamp;
      requestAnimationFrame(check);
    },
    true,
  );
}

/** One run: a fresh host (core reads the file as on the first open after a start) and page. */
async function openOnce(browser: Browser, dataDir: string, title: string): Promise<OpenTimings> {
  const host = await startWebHost({ port: 0, dataDir, log: () => undefined });
  const context = await freshContext(browser);
  try {
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.addInitScript(watchLastMessage, LAST_MESSAGE_MARK);
    await page.goto(host.url);
    // A data folder without a key opens on the welcome screen; the person looks around first.
    await page.getByRole('button', { name: 'Look around first', exact: true }).click();
    await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
    const link = page.getByRole('link', { name: title, exact: true });
    await link.waitFor();
    await page.waitForTimeout(500);
    await waitForQuietMachine(3000);
    const cpuBefore = await cpuSnapshot();
    const opened = pageSignal(page, 'bench:open', 30_000);
    await link.click();
    try {
      await opened;
    } catch (error) {
      const state = await page.evaluate(() => JSON.stringify(window.benchOpen));
      throw new Error(
        `the last message never showed (${state}; page errors: ${pageErrors.join(' | ') || 'none'})`,
        {
          cause: error,
        },
      );
    }
    const { others } = cpuShare(cpuBefore, await cpuSnapshot());
    const state = await page.evaluate(() => window.benchOpen!);
    const clickAt = state.clickAt ?? 0;
    return {
      firstPaintMs: (state.paintAt ?? 0) - clickAt,
      markdownPaintMs: (state.markdownPaintAt ?? 0) - clickAt,
      othersCpu: others,
    };
  } finally {
    await context.close();
    await host.close();
  }
}

export async function measureOpenConversation(
  browser: Browser,
  dataDir: string,
  count: number,
  runs: number,
): Promise<OpenConversationResult> {
  const { title, fileBytes } = await writeLongConversation(dataDir, count);
  const timings: OpenTimings[] = [];
  const failures: string[] = [];
  // Other helpers edit core while the bench runs: a run that fails is reported and run again,
  // until three runs have failed, rather than losing the whole bench.
  while (timings.length < runs && failures.length < 3) {
    try {
      timings.push(await openOnce(browser, dataDir, title));
    } catch (error) {
      failures.push(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));
    }
  }
  if (timings.length < runs) throw new Error(`opening failed: ${failures.join('; ')}`);
  return { messages: count, fileBytes, runs: timings, failures };
}
