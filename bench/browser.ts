// The browser every figure uses: Debian's Chromium, headless, as the team brief asks.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/**
 * A fresh context (empty cache) at a desktop size. tsx compiles the page-side callbacks with
 * esbuild's keepNames, which calls a __name helper the page does not have; this gives it one.
 */
export async function freshContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript('globalThis.__name ??= (target) => target;');
  return context;
}

/**
 * Resolves when the page logs `signal` (with console.debug, from a bench's init script). Unlike
 * waitForFunction, this puts no Playwright script in the page: that script, evaluated while a
 * figure was being taken, was a 20 to 120 ms task of the harness counted as the app's. Call it
 * before the action that leads to the signal.
 */
export async function pageSignal(page: Page, signal: string, timeoutMs: number): Promise<void> {
  await page.waitForEvent('console', {
    predicate: (message) => message.text() === signal,
    timeout: timeoutMs,
  });
}
