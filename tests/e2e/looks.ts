// The looks a person may choose (language and theme): a feature's e2e test runs once in each, and
// finds the controls by the words of that language, read from the app's own dictionaries.
import type { Page } from '@playwright/test';
import type { Language } from '../../shared/types';
import { addLanguage, translatorFor, type Translate } from '../../renderer/src/i18n/translate';
import { ru } from '../../renderer/src/i18n/ru';
import { expect, gotoApp, reloadApp, section, type Atelier } from './fixtures';

// The app fetches Russian strings when chosen; the tests read them here at once.
addLanguage('ru', ru);

export interface Look {
  language: Language;
  theme: 'light' | 'dark';
  /** The app's words in this language: `look.t('chat.send')`. */
  t: Translate;
  /** For test titles: "en light", "ru dark". */
  name: string;
}

function look(language: Language, theme: 'light' | 'dark'): Look {
  return { language, theme, t: translatorFor(language), name: `${language} ${theme}` };
}

/** Both languages and both themes, in two runs: English in light, Russian in dark. */
export const LOOKS: readonly Look[] = [look('en', 'light'), look('ru', 'dark')];

/**
 * Puts the app in `look` the way the person's choice is kept (the saved settings), then reloads so
 * the first screen is already in it. Call after the page has opened the app once.
 */
export async function applyLook(page: Page, chosen: Look): Promise<void> {
  await page.evaluate(
    async ({ language, theme }) => {
      const api = (
        window as unknown as { atelier: { invoke(c: string, i: unknown): Promise<unknown> } }
      ).atelier;
      await api.invoke('settings.update', { language, theme });
    },
    { language: chosen.language, theme: chosen.theme },
  );
  await reloadApp(page);
  await page.waitForFunction(
    (theme) => document.documentElement.dataset.theme === theme,
    chosen.theme,
  );
}

/** The sections of the app, by the key of their name in the navigation (`nav.chat` …). */
export type Section = 'chat' | 'images' | 'audio' | 'video' | 'documents' | 'settings';

/**
 * The usual start of a test in a look: Atelier as a returning person left it (connected to the
 * simulated service, in the look), with the section `tab` (default Chat) open, found by its name
 * in that look's words.
 */
export async function openInLook(
  page: Page,
  atelier: Atelier,
  chosen: Look,
  tab?: Section,
): Promise<void> {
  await atelier.startAs({ key: 'sim-fast', language: chosen.language, theme: chosen.theme });
  await gotoApp(page, atelier.url);
  await expect(page.locator('html')).toHaveAttribute('data-theme', chosen.theme);
  await section(page, chosen.t(`nav.${tab ?? 'chat'}`)).click();
}

/** The sections of Settings, by the key of their name in its list (`settings.section.money` …). */
export type SettingsSection =
  'connection' | 'models' | 'money' | 'chat' | 'tools' | 'data' | 'appearance' | 'advanced';

/** Goes to Settings and shows one of its sections, found by its name in the look's words. */
export async function openSettings(
  page: Page,
  chosen: Look,
  settingsSection: SettingsSection,
): Promise<void> {
  await section(page, chosen.t('nav.settings')).click();
  const tab = page
    .getByRole('tablist', { name: chosen.t('settings.sections') })
    .getByRole('tab', { name: chosen.t(`settings.section.${settingsSection}`), exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** Types `text` into the Message box and presses Send, in the look's language. */
export async function sendIn(page: Page, chosen: Look, text: string): Promise<void> {
  await page.getByRole('textbox', { name: chosen.t('chat.message'), exact: true }).fill(text);
  await page.getByRole('button', { name: chosen.t('chat.send'), exact: true }).click();
}

/** Waits until the turn is over: the composer no longer busy with it, no Stop, no answer busy. */
export async function turnEndIn(page: Page, chosen: Look, timeout = 30_000): Promise<void> {
  await expect(page.locator('.composer[aria-busy="true"]')).toHaveCount(0, { timeout });
  await expect(page.getByRole('button', { name: chosen.t('chat.stop'), exact: true })).toHaveCount(
    0,
    { timeout },
  );
  await expect(page.locator('article[aria-busy="true"]')).toHaveCount(0, { timeout });
}

/** Sends `text` and waits for the turn to end with an answer shown. */
export async function sendAndAwaitIn(
  page: Page,
  chosen: Look,
  text: string,
  timeout = 30_000,
): Promise<void> {
  await sendIn(page, chosen, text);
  await expect(
    page.getByRole('article', { name: chosen.t('chat.assistantMessage') }).last(),
  ).toBeVisible({ timeout });
  await turnEndIn(page, chosen, timeout);
}
