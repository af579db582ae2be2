// The figure shown before a click is what the ledger charges: a chat turn, a picture, music and a video in both looks, the Spending view's total is the ledger's, and both survive a restart.
import type { Locator, Page } from '@playwright/test';
import { readModelList } from '../../electron/core/service/wire';
import { moneyFigure, moneyWords } from '../../renderer/src/i18n/money';
import { en, type MessageKey } from '../../renderer/src/i18n/en';
import { ru } from '../../renderer/src/i18n/ru';
import { localeOf } from '../../renderer/src/i18n/translate';
import { chatTurnEstimate } from '../../shared/estimates';
import { compareCredits, sumCredits } from '../../shared/prices';
import type { SpendEntry, SpendFeature } from '../../shared/spending';
import type { Envelope } from '../../shared/types';
import { MODELS, wireModel } from '../../sim/models';
import { costOfUnits, formatCredits } from '../../sim/money';
import { expect, gotoApp, pickModel, section, test } from './fixtures';
import { LOOKS, type Look, openInLook, turnEndIn } from './looks';

/** The simulator's list as core reads it (the rich profile states unit prices). */
const listed = readModelList({ data: MODELS.map((m) => wireModel(m, null, 'rich')) });

const CHAT_MODEL = 'openai/gpt-4o-mini';
const PICTURE_MODEL = 'openai/dall-e-3';
const MUSIC_MODEL = 'tta-stable/stable-audio';
const VIDEO_MODEL = 'txt2vid-kling/kling-v2.1';

/** A micro-credit: the simulator rounds each part of a chat charge up to one. */
const MICRO = '0.000001';

function simModel(id: string) {
  return MODELS.find((m) => m.id === id)!;
}

/** What the simulator charges for a chat request of these tokens (its own rule, in micro-credits). */
function simChatCost(id: string, promptTokens: number, completionTokens: number): string {
  const model = simModel(id);
  return formatCredits(
    costOfUnits(promptTokens, model.promptMicroPerM) +
      costOfUnits(completionTokens, model.completionMicroPerM) +
      (model.unitMicro ?? 0),
  );
}

/** What the simulator charges for `units` pictures or seconds of a unit-priced model. */
function simUnitCost(id: string, units: number): string {
  return formatCredits(units * (simModel(id).unitMicro ?? 0));
}

/** The ledger's entries (real money, newest first), read through the page's own bridge. */
async function ledger(page: Page): Promise<SpendEntry[]> {
  const answer = await page.evaluate(async () => {
    const api = (
      window as unknown as { atelier: { invoke(c: string, i: unknown): Promise<unknown> } }
    ).atelier;
    return api.invoke('spending.entries', {});
  });
  const envelope = answer as Envelope<SpendEntry[]>;
  if (!envelope.ok) throw new Error(`spending.entries failed: ${JSON.stringify(envelope.error)}`);
  return envelope.data;
}

/** Waits until the ledger has an entry of `feature` and returns it (the newest). */
async function ledgerEntry(page: Page, feature: SpendFeature): Promise<SpendEntry> {
  let found: SpendEntry | undefined;
  await expect
    .poll(async () => {
      found = (await ledger(page)).find((entry) => entry.feature === feature);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/**
 * A figure as the page shows it, read in the look's locale (its grouping and decimal signs) as
 * an exact decimal string: "1,4" in Russian and "1.4" in English are both "1.4".
 */
function parseFigure(shown: string, look: Look): string {
  const parts = new Intl.NumberFormat(localeOf(look.language)).formatToParts(12345.6);
  const group = parts.find((p) => p.type === 'group')?.value ?? '';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const plain = shown.trim().split(group).join('').split(decimal).join('.');
  expect(plain).toMatch(/^\d+(\.\d+)?$/);
  return plain;
}

/**
 * A sentence of the app with its slots as capture groups, in slot order: a slot is a figure, and
 * one named in `withNoun` is a figure followed by its noun.
 */
function sentence(look: Look, key: MessageKey, withNoun: readonly string[]) {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const raw = (look.language === 'ru' ? ru : en)[key];
  const names: string[] = [];
  const pattern = raw
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return escape(part);
      names.push(name);
      const figure = '(?:\\d[\\d\\s\\u00a0\\u202f.,]*\\d|\\d)';
      return withNoun.includes(name) ? `(${figure} \\S+)` : `(${figure})`;
    })
    .join('');
  const re = new RegExp(`^${pattern}$`);
  return {
    pattern: re,
    read(text: string): Record<string, string> {
      const match = re.exec(text.trim());
      expect(match, `"${text}" reads as ${raw}`).not.toBeNull();
      return Object.fromEntries(names.map((name, i) => [name, match![i + 1]!]));
    },
  };
}

function estimateLine(page: Page, look: Look) {
  return page.getByRole('status', { name: look.t('prices.estimate') });
}

/**
 * The exact figure a unit-priced form shows before its click ("Cost: 0,04 кредита"), read back
 * from its words; the words must be the money format's own for that figure.
 */
async function shownCost(page: Page, look: Look): Promise<string> {
  const line = estimateLine(page, look);
  const exact = sentence(look, 'prices.exact', ['cost']);
  await expect(line).toHaveText(exact.pattern);
  const { cost } = exact.read((await line.textContent()) ?? '');
  const figure = parseFigure(cost!.slice(0, cost!.lastIndexOf(' ')), look);
  expect(cost).toBe(moneyWords(figure, look.language));
  return figure;
}

/** The unit-priced entry's charge and estimate are the figure shown; what was reported is the simulator's. */
function expectUnitEntry(entry: SpendEntry, model: string, shown: string, simCost: string) {
  expect(entry.model).toBe(model);
  expect(entry.charge).not.toBeNull();
  expect(compareCredits(entry.charge!, shown), `charge ${entry.charge} vs shown ${shown}`).toBe(0);
  expect(entry.estimate).not.toBeNull();
  expect(compareCredits(entry.estimate!, shown)).toBe(0);
  expect(entry.reported).not.toBeNull();
  expect(compareCredits(entry.reported!, simCost), `reported ${entry.reported}`).toBe(0);
}

/** The Spending view, opened from the balance meter. */
async function openSpending(page: Page, look: Look) {
  await page.getByRole('button', { name: look.t('spending.view.open'), exact: true }).click();
  const view = page.getByRole('dialog', { name: look.t('spending.view.title') });
  await expect(view).toBeVisible();
  return view;
}

function todayIn(view: Locator, look: Look) {
  return view
    .locator('.spending-total')
    .filter({ hasText: look.t('spending.view.today') })
    .locator('dd');
}

for (const look of LOOKS) {
  test.describe(`money shown is money charged (${look.name})`, () => {
    test.use({ atelierOptions: { modelsProfile: 'rich' } });

    test(`chat, picture, music and video: estimate = ledger charge; the view's total survives a restart (${look.name})`, async ({
      page,
      atelier,
    }) => {
      test.setTimeout(120_000);
      const t = look.t;
      await openInLook(page, atelier, look);

      // A chat turn: a range before Send, the charge inside it.
      const question = 'Which lighthouse in Europe is the tallest, and when was it built?';
      const box = page.getByRole('textbox', { name: t('chat.message'), exact: true });
      await box.fill(question);
      const line = estimateLine(page, look);
      const range = sentence(look, 'prices.turn', ['tokens', 'high']);
      await expect(line).toHaveText(range.pattern);
      const shownTurn = range.read((await line.textContent()) ?? '');
      const tokens = Number(shownTurn.tokens!.replace(/\D/g, ''));
      const chatModel = listed.find((m) => m.id === CHAT_MODEL)!;
      const turn = chatTurnEstimate(chatModel, { promptTokens: tokens, maxTokens: null })!;
      expect(shownTurn.low).toBe(moneyFigure(turn.low, look.language));
      expect(shownTurn.high).toBe(moneyWords(turn.high, look.language));
      await page.getByRole('button', { name: t('chat.send'), exact: true }).click();
      await expect(
        page.getByRole('article', { name: t('chat.assistantMessage') }).last(),
      ).toBeVisible({ timeout: 30_000 });
      await turnEndIn(page, look);

      const chat = await ledgerEntry(page, 'chat');
      expect(chat.model).toBe(CHAT_MODEL);
      expect(chat.estimate, 'the turn keeps the figure shown before it').not.toBeNull();
      // As shown: the form counts a short draft by the quick guess, core by the tokenizer, so
      // the exact prompt part may differ by a few tokens, below what the figure shows.
      expect(moneyWords(chat.estimate!, look.language)).toBe(shownTurn.high);
      expect(chat.charge).not.toBeNull();
      const charge = chat.charge!;
      expect(compareCredits(sumCredits([charge, MICRO, MICRO]), turn.low)).toBeGreaterThanOrEqual(
        0,
      );
      expect(compareCredits(charge, turn.high)).toBeLessThanOrEqual(0);
      const { promptTokens = 0, completionTokens = 0 } = chat.units;
      expect(completionTokens).toBeGreaterThan(0);
      const simChat = simChatCost(CHAT_MODEL, promptTokens, completionTokens);
      expect(compareCredits(chat.reported ?? '', simChat), `reported ${chat.reported}`).toBe(0);
      // The simulator rounds the prompt's and the answer's parts up to a micro-credit each.
      expect(compareCredits(charge, simChat)).toBeLessThanOrEqual(0);
      expect(compareCredits(sumCredits([charge, MICRO, MICRO]), simChat)).toBeGreaterThan(0);

      // A picture.
      await section(page, t('nav.images')).click();
      await pickModel(page, PICTURE_MODEL, t('models.label'));
      const picturePrompt = 'a lighthouse on a cliff at dawn';
      await page
        .getByRole('textbox', { name: t('images.prompt'), exact: true })
        .fill(picturePrompt);
      const pictureShown = await shownCost(page, look);
      await page.getByRole('button', { name: t('images.generate'), exact: true }).click();
      await expect(
        page.getByRole('region', { name: t('images.result') }).getByRole('img', {
          name: picturePrompt,
        }),
      ).toBeVisible({ timeout: 30_000 });
      const picture = await ledgerEntry(page, 'images');
      expect(picture.units.images).toBe(1);
      expectUnitEntry(picture, PICTURE_MODEL, pictureShown, simUnitCost(PICTURE_MODEL, 1));

      // Music of 20 seconds.
      await section(page, t('nav.audio')).click();
      await page.getByRole('tab', { name: t('audio.mode.music') }).click();
      const musicPrompt = 'waves against a lighthouse, slow strings';
      await page.getByRole('textbox', { name: t('audio.text'), exact: true }).fill(musicPrompt);
      await pickModel(page, MUSIC_MODEL, t('models.label'));
      await page.getByRole('spinbutton', { name: t('audio.seconds') }).fill('20');
      await expect(estimateLine(page, look)).toHaveText(
        t('prices.exact', { cost: moneyWords('0.04', look.language) }),
      );
      const musicShown = await shownCost(page, look);
      await page.getByRole('button', { name: t('audio.makeMusic'), exact: true }).click();
      await expect(
        page.getByRole('group', { name: t('audio.player', { title: musicPrompt }) }),
      ).toBeVisible({ timeout: 30_000 });
      const music = await ledgerEntry(page, 'music');
      expect(music.units.seconds).toBe(20);
      expectUnitEntry(music, MUSIC_MODEL, musicShown, simUnitCost(MUSIC_MODEL, 20));

      // A 5-second video: charged when the service accepts the job.
      await section(page, t('nav.video')).click();
      const videoPrompt = 'a lighthouse beam sweeping over night fog';
      await page.getByRole('textbox', { name: t('video.prompt'), exact: true }).fill(videoPrompt);
      await pickModel(page, VIDEO_MODEL, t('models.label'));
      await page.getByRole('combobox', { name: t('video.duration') }).selectOption('5');
      await expect(estimateLine(page, look)).toHaveText(
        t('prices.exact', { cost: moneyWords('1.4', look.language) }),
      );
      const videoShown = await shownCost(page, look);
      await page.getByRole('button', { name: t('video.generate'), exact: true }).click();
      await expect(
        page
          .getByRole('list', { name: t('video.jobs') })
          .getByRole('listitem')
          .filter({ hasText: videoPrompt }),
      ).toBeVisible({ timeout: 30_000 });
      const video = await ledgerEntry(page, 'video');
      expect(video.units.seconds).toBe(5);
      expectUnitEntry(video, VIDEO_MODEL, videoShown, simUnitCost(VIDEO_MODEL, 5));

      // The automatic title is a paid call too: wait for it, so the ledger is complete.
      await ledgerEntry(page, 'titles');
      const before = await ledger(page);
      expect(new Set(before.map((entry) => entry.feature))).toEqual(
        new Set(['chat', 'titles', 'images', 'music', 'video']),
      );
      const total = sumCredits(before.map((entry) => entry.charge ?? '0'));

      const view = await openSpending(page, look);
      await expect(todayIn(view, look)).toHaveText(moneyWords(total, look.language));
      const calls = view.getByRole('region', { name: t('spending.view.entries') });
      await expect(calls.getByRole('row')).toHaveCount(before.length + 1);

      // After a restart of the app the ledger has the same entries and the view the same total.
      await gotoApp(page, await atelier.restartHost());
      const reopened = await openSpending(page, look);
      await expect(todayIn(reopened, look)).toHaveText(moneyWords(total, look.language));
      await expect(
        reopened.getByRole('region', { name: t('spending.view.entries') }).getByRole('row'),
      ).toHaveCount(before.length + 1);
      const after = await ledger(page);
      expect(after.map((entry) => [entry.id, entry.feature, entry.charge])).toEqual(
        before.map((entry) => [entry.id, entry.feature, entry.charge]),
      );
    });
  });
}
