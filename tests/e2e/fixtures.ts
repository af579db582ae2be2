// Playwright fixtures: per test a fresh simulated service and web host, and the steps a person repeats.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { startSim } from '../../sim/server';
import { hostStores, startWebHost } from '../../dev/web';
import { openRecovery } from '../../electron/core/library/recovery';
import { openConversationLibrary } from '../../electron/core/library/conversations';
import type { Language, Theme } from '../../shared/types';
import { CUSTOM_RATE } from '../../shared/rate';
import { CHAT_MODEL_WITHOUT_LIST } from '../../shared/model-defaults';
import { conversation } from '../unit/conversation-data';

export { expect };

export interface Atelier {
  /**
   * The web host's page: an address of its own at each read, since each printed address lets one
   * tab in once (the host prints the next after each use).
   */
  readonly url: string;
  /** The simulated service's base URL, ending with /v1. */
  simBaseUrl: string;
  /** The simulator's root, where its test-only /__sim/ endpoints live. */
  simRoot: string;
  /** The web host's data folder (conversations, settings, the encrypted key). */
  dataDir: string;
  /** The simulator's debug listener and legacy listener bases. */
  simDebugBaseUrl: string;
  simLegacyBaseUrl: string;
  /** Closes the web host and starts a new one on the same data folder (an app restart); its page URL. */
  restartHost(): Promise<string>;
  /**
   * Starts the app again as a returning person left it: connected to the simulated service with
   * their key and in their language and theme, saved by the host's own settings store and vault.
   * Connecting through Settings and the welcome screen is tested by their own specs.
   */
  startAs(state: ReturningPerson): Promise<void>;
  /**
   * Conversations a person already had, titled in order (the last the newest), written by the
   * library the host keeps them with, while no host runs; then the host starts again.
   */
  seedConversations(titles: readonly string[]): Promise<void>;
}

/** What a returning person set up before: their key, and the look they chose. */
export interface ReturningPerson {
  key: string;
  language?: Language;
  theme?: Theme;
}

/** Per-spec settings: `test.use({ atelierOptions: {...} })`. */
export interface AtelierOptions {
  /** The simulator's debug /latest/call interval (default 20 s). */
  minDebugPollMs?: number;
  /** The app's own debug log interval (default 20 s). */
  debugLatestIntervalMs?: number;
  /** The simulator's minimum gap between polls of one video job (default 10 s). */
  minVideoPollMs?: number;
  /** How often the app polls a video job (default 10 s); keep it at or above minVideoPollMs. */
  videoPollIntervalMs?: number;
  /** The simulator's model list: 'minimal' (the default, what the document allows) or 'rich'. */
  modelsProfile?: 'minimal' | 'rich';
  /** The language of the simulator's error texts (default English). */
  errorLanguage?: 'en' | 'ru';
  /** The status of the service's validation refusals (default: 400 and 429 in turn). */
  validationStatus?: 400 | 429;
  /**
   * 'quick' (the default): the simulator's per-key rate is off and the app starts with a person's
   * own rate of CUSTOM_RATE.max requests a second, so a test waits for no request slot and every
   * 429 is one it asked for. 'service': the documented rate on both sides (the standard plan of a
   * fresh install, the simulator's per-key window), for specs about the rate itself.
   */
  rate?: 'quick' | 'service';
  /** Starts the web host with --allow-mcp-commands, for specs that run stdio MCP servers. */
  allowMcpCommands?: boolean;
}

export interface SimRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  /** Chat requests only: the sim's word on what it was, the background title or a turn. */
  purpose?: 'title' | 'turn';
}

/** The simulator's gap between stream pieces in these tests (its own default is 15 ms). */
const STREAM_TICK_MS = 5;

export const test = base.extend<{ atelier: Atelier; atelierOptions: AtelierOptions }>({
  atelierOptions: [{}, { option: true }],
  atelier: async ({ atelierOptions }, use) => {
    const quick = atelierOptions.rate !== 'service';
    // The debug listener is left on the main port + 1, where the app looks by default.
    const sim = await startSim({
      port: 0,
      legacyPort: 0,
      // An answer still arrives in many pieces (a long one over about 1.5 s, not 4 s); specs that
      // need time to act mid-stream ask for [[slow]].
      chunkDelayMs: STREAM_TICK_MS,
      ...(atelierOptions.minDebugPollMs !== undefined
        ? { minDebugPollMs: atelierOptions.minDebugPollMs }
        : {}),
      ...(atelierOptions.minVideoPollMs !== undefined
        ? { minVideoPollMs: atelierOptions.minVideoPollMs }
        : {}),
      ...(atelierOptions.modelsProfile ? { modelsProfile: atelierOptions.modelsProfile } : {}),
      ...(atelierOptions.errorLanguage ? { errorLanguage: atelierOptions.errorLanguage } : {}),
      ...(atelierOptions.validationStatus
        ? { validationStatus: atelierOptions.validationStatus }
        : {}),
      ...(quick ? { rateLimit: false } : {}),
    });
    const dataDir = await mkdtemp(join(tmpdir(), 'atelier-e2e-'));
    // Written while no host runs, by the stores the host keeps them with.
    const saved = () => hostStores(dataDir, openRecovery(dataDir));
    // As a person who set their own rate in Settings: the rest of the settings are a new install's.
    if (quick) {
      const { settingsStore } = saved();
      settingsStore.write({
        ...settingsStore.read(),
        ratePlan: 'custom',
        customRequestsPerSecond: CUSTOM_RATE.max,
      });
    }
    const openHost = (port: number) =>
      startWebHost({
        port,
        dataDir,
        log: () => undefined,
        // Another build's pages (to run the suite while dist/renderer is being rebuilt); dist by default.
        rendererDir: process.env.ATELIER_E2E_RENDERER_DIR,
        debugLatestIntervalMs: atelierOptions.debugLatestIntervalMs,
        videoPollIntervalMs: atelierOptions.videoPollIntervalMs,
        ...(atelierOptions.allowMcpCommands ? { mcpCommands: { allow: true, ask: null } } : {}),
      });
    let host = await openHost(0);
    // The same port keeps the page's address; another one if something took it meanwhile.
    const reopen = async (): Promise<void> => {
      host = await openHost(Number(new URL(host.url).port)).catch(() => openHost(0));
    };
    const restartHost = async (): Promise<string> => {
      await host.close();
      await reopen();
      return host.url;
    };
    const startAs = async (state: ReturningPerson): Promise<void> => {
      await host.close();
      const { settingsStore, vault } = saved();
      settingsStore.write({
        ...settingsStore.read(),
        baseUrl: sim.baseUrl,
        ...(state.language ? { language: state.language } : {}),
        ...(state.theme ? { theme: state.theme } : {}),
      });
      await vault.write(state.key);
      await reopen();
    };
    const seedConversations = async (titles: readonly string[]): Promise<void> => {
      await host.close();
      const library = await openConversationLibrary(dataDir, { recovery: openRecovery(dataDir) });
      // A minute apart, ending now: the list's order is theirs, newest first.
      const start = Date.now() - titles.length * 60_000;
      await Promise.all(
        titles.map((title, i) => {
          const at = new Date(start + i * 60_000).toISOString();
          const made = conversation(`seed-${i}`, []);
          const seeded = { ...made, title, model: CHAT_MODEL_WITHOUT_LIST, createdAt: at };
          return library.adopt({ ...seeded, updatedAt: at });
        }),
      );
      await library.close();
      await reopen();
    };
    try {
      await use({
        get url() {
          return host.freshUrl();
        },
        simBaseUrl: sim.baseUrl,
        simRoot: sim.hostRoot,
        dataDir,
        simDebugBaseUrl: sim.debugBaseUrl,
        simLegacyBaseUrl: sim.legacyBaseUrl ?? '',
        restartHost,
        startAs,
        seedConversations,
      });
    } finally {
      await host.close();
      await sim.close();
      // Retried: under load, CI once saw ENOTEMPTY here (an entry appeared while the folder was
      // being removed); 30 repeats on a quiet machine did not reproduce it.
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    }
  },
});

/** A section of the app, found as a person finds it: by its name in the navigation. */
export function section(page: Page, name: string): Locator {
  return page
    .getByRole('navigation')
    .getByRole('tab', { name, exact: true })
    .or(page.getByRole('navigation').getByRole('link', { name, exact: true }));
}

/**
 * Waits until the app has replaced the first screen the page shows before its scripts run
 * (renderer/public/first-screen.js), whose controls other than the Message box do nothing yet.
 */
export async function appRunning(page: Page): Promise<void> {
  await expect(page.locator('[data-first-screen]')).toHaveCount(0);
}

/** Opens the app at `url` (a page load, as a start of the app) and waits until it runs. */
export async function gotoApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await appRunning(page);
}

/** Loads the page again, as a restart of the window, and waits until the app runs. */
export async function reloadApp(page: Page): Promise<void> {
  await page.reload();
  await appRunning(page);
}

export async function openApp(page: Page, atelier: Atelier): Promise<void> {
  await gotoApp(page, atelier.url);
  await expect(section(page, 'Settings')).toBeVisible();
}

/** Sets the base URL and the key in Settings and saves, as a new user does first. */
export async function connectService(
  page: Page,
  settings: { baseUrl: string; key: string },
): Promise<void> {
  await section(page, 'Settings').click();
  await page.getByRole('textbox', { name: 'Base URL' }).fill(settings.baseUrl);
  await page.getByRole('textbox', { name: 'API key' }).fill(settings.key);
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await save.click();
  // Save asks the service about the key before it says anything: wait until that is over.
  await expect(save).toBeEnabled({ timeout: 30_000 });
}

/** Opens Atelier, already connected to the simulated service with `key`, on Chat. */
export async function startChatting(page: Page, atelier: Atelier, key = 'sim-fast'): Promise<void> {
  await atelier.startAs({ key });
  await openApp(page, atelier);
  await section(page, 'Chat').click();
}

export function balance(page: Page): Locator {
  return page.getByRole('status', { name: 'Balance' });
}

export async function sendMessage(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

export function userMessages(page: Page): Locator {
  return page.getByRole('article', { name: 'user message' });
}

export function assistantMessages(page: Page): Locator {
  return page.getByRole('article', { name: 'assistant message' });
}

/** Waits until the turn is over: Send is offered again instead of Stop. */
export async function waitForTurnEnd(page: Page): Promise<void> {
  // An answer (or its error) must be on screen first: right after Send, Stop may not be shown yet.
  await expect(assistantMessages(page).last()).toBeVisible({ timeout: 20_000 });
  // From the press until the stream begins, the composer is busy, and Stop not shown yet.
  await expect(page.locator('.composer[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toHaveCount(0, {
    timeout: 20_000,
  });
  await expect(page.locator('article[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
}

/** The model picker named `label` in the page's language (a combobox over the model list). */
export function modelPicker(page: Page, label = 'Model'): Locator {
  return page.getByRole('combobox', { name: label, exact: true });
}

/** Chooses a model as a person at the keyboard does: types its id in the picker and presses Enter. */
export async function pickModel(page: Page, id: string, label = 'Model'): Promise<void> {
  const picker = modelPicker(page, label);
  await picker.fill(id);
  await picker.press('Enter');
  await expectModel(page, id, label);
}

/** The id the picker named `label` holds. */
export async function expectModel(
  page: Page,
  id: string | RegExp,
  label = 'Model',
  timeout?: number,
): Promise<void> {
  await expect(modelPicker(page, label)).toHaveAttribute('data-model', id, { timeout });
}

/** Makes the simulated service fail the next requests (test-only control endpoint). */
export async function failNextRequests(
  atelier: Atelier,
  failure: { status: 504 | 429 | 500 | 502; count: number; path?: string; retryAfter?: number },
): Promise<void> {
  const response = await fetch(`${atelier.simRoot}/__sim/fail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(failure),
  });
  expect(response.ok).toBe(true);
}

/** The requests the simulated service received, oldest first. */
export async function simRequests(atelier: Atelier, path?: string): Promise<SimRequest[]> {
  const response = await fetch(`${atelier.simRoot}/__sim/requests`);
  const all = (await response.json()) as SimRequest[];
  return path === undefined ? all : all.filter((request) => request.path.endsWith(path));
}

/** The chat requests of turns, oldest first: the background title requests left out. */
export async function turnRequests(atelier: Atelier): Promise<SimRequest[]> {
  return (await simRequests(atelier, '/chat/completions')).filter((r) => r.purpose === 'turn');
}

/** The background requests for a model-made conversation title, oldest first. */
export async function titleRequests(atelier: Atelier): Promise<SimRequest[]> {
  return (await simRequests(atelier, '/chat/completions')).filter((r) => r.purpose === 'title');
}

/**
 * A screenshot of what a test shows, kept for the docs: written to docs/screenshots when the run
 * is asked to renew them (`ATELIER_DOC_SHOTS=1`), else beside the other test results, so an
 * ordinary run leaves the repository as it was.
 */
export async function docShot(page: Page, name: string): Promise<void> {
  const folder =
    process.env.ATELIER_DOC_SHOTS === '1' ? 'docs/screenshots' : 'test-results/doc-shots';
  await page.screenshot({ path: join(folder, `${name}.png`) });
}
