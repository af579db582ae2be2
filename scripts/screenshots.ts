// Takes the pictures of the app the docs show: every tab in light and dark, through the web host
// against the simulated service, as a person would see them after a few minutes of use.
//   npm run screenshots  (writes docs/screenshots/<tab>-<theme>.png and docs/screenshot-chat.png,
//   then runs the specs whose screenshots the docs keep, telling them to write theirs there too)
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startSim } from '../sim/server';
import { startWebHost } from '../dev/web';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const OUT = resolve('docs/screenshots');
const TABS = ['Chat', 'Images', 'Audio', 'Video', 'Documents', 'Settings'] as const;

async function tab(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation').getByRole('tab', { name, exact: true }).click();
  await page.waitForTimeout(400);
}

async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate(async (chosen) => {
    const api = (
      window as unknown as { atelier: { invoke(c: string, i: unknown): Promise<unknown> } }
    ).atelier;
    await api.invoke('settings.update', { theme: chosen });
  }, theme);
  await page.waitForFunction((chosen) => document.documentElement.dataset.theme === chosen, theme);
}

/** A little history, so each tab shows what it is for rather than an empty form. */
async function useTheApp(page: Page, baseUrl: string): Promise<void> {
  await tab(page, 'Settings');
  await page.getByRole('textbox', { name: 'Base URL' }).fill(baseUrl);
  await page.getByRole('textbox', { name: 'API key' }).fill('sim-fast');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('status', { name: 'Balance' }).filter({ hasText: /\d/ }).waitFor();

  await tab(page, 'Chat');
  for (const text of [
    'What should I pack for three days of hiking in the mountains?',
    'And which of those matter most if it rains?',
  ]) {
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill(text);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('button', { name: 'Send', exact: true }).waitFor({ timeout: 30_000 });
  }

  await tab(page, 'Images');
  await page
    .getByRole('textbox', { name: 'Prompt' })
    .first()
    .fill('A lighthouse at dawn, watercolour');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await page
    .getByRole('img')
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(() => undefined);
}

async function main(): Promise<void> {
  const sim = await startSim({ port: 0 });
  const dataDir = await mkdtemp(join(tmpdir(), 'atelier-shots-'));
  const host = await startWebHost({ port: 0, dataDir, log: () => undefined });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(host.url);
    await useTheApp(page, sim.baseUrl);
    await mkdir(OUT, { recursive: true });
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      for (const name of TABS) {
        await tab(page, name);
        const file = join(OUT, `${name.toLowerCase()}-${theme}.png`);
        await page.screenshot({ path: file });
        console.log(file);
      }
    }
    await setTheme(page, 'light');
    await tab(page, 'Chat');
    await page.screenshot({ path: resolve('docs/screenshot-chat.png') });
  } finally {
    await browser.close();
    await host.close();
    await sim.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The specs that picture a feature for the docs (the picker, Settings' sections, the panel, issue 42's parts). */
const SPECS_WITH_DOC_SHOTS = [
  'tests/e2e/models.spec.ts',
  'tests/e2e/settings-sections.spec.ts',
  'tests/e2e/conversation-panel.spec.ts',
  'tests/e2e/compare.spec.ts',
  'tests/e2e/studio.spec.ts',
  'tests/e2e/voice-mode.spec.ts',
  'tests/e2e/diagrams.spec.ts',
  'tests/e2e/previews.spec.ts',
];

function specShots(): void {
  const run = spawnSync('npx', ['playwright', 'test', ...SPECS_WITH_DOC_SHOTS], {
    stdio: 'inherit',
    env: { ...process.env, ATELIER_DOC_SHOTS: '1' },
    shell: process.platform === 'win32',
  });
  if (run.status !== 0) throw new Error("The specs that take the docs' screenshots failed.");
}

main()
  .then(specShots)
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
