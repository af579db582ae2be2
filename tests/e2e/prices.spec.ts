// The estimate before each paid action, from the one price rule: beside Send, Generate, Create and a video, in both looks, and the price basis chosen in Settings moving every figure at once.
import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { readModelList } from '../../electron/core/service/wire';
import { moneyFigure, moneyWords } from '../../renderer/src/i18n/money';
import { countWords } from '../../renderer/src/i18n/counts';
import { chatTurnEstimate } from '../../shared/estimates';
import { compareCredits, type PriceBasis } from '../../shared/prices';
import { MODELS, wireModel } from '../../sim/models';
import { expect, pickModel, section, test } from './fixtures';
import { LOOKS, type Look, openInLook, openSettings, sendIn, turnEndIn } from './looks';

const SHOTS = 'test-results/prices';

/** The simulator's list as core reads it (the rich profile states unit prices). */
const listed = readModelList({ data: MODELS.map((m) => wireModel(m, null, 'rich')) });
const chatModel = listed.find((m) => m.id === 'openai/gpt-4o-mini')!;

function estimate(page: Page, look: Look) {
  return page.getByRole('status', { name: look.t('prices.estimate') });
}

/** A figure as the page shows it (grouping spaces, a decimal comma) as a decimal string. */
function plainFigure(shown: string): string {
  return shown.replace(/[\s\u00a0\u202f,](?=\d{3}(\D|$))/g, '').replace(',', '.');
}

/** The chat line shows the words the rule gives for the token count it shows. */
async function expectTurnEstimate(page: Page, look: Look, basis: PriceBasis) {
  const line = estimate(page, look);
  await expect(line).toBeVisible();
  const shown = (await line.textContent()) ?? '';
  const count = /\d[\d\s\u00a0\u202f,]*/.exec(shown)![0].trim();
  const tokens = Number(count.replace(/\D/g, ''));
  const est = chatTurnEstimate(chatModel, { promptTokens: tokens, maxTokens: null }, basis)!;
  await expect(line).toHaveText(
    look.t('prices.turn', {
      tokens: countWords(look.language, 'units.tokens', tokens),
      low: moneyFigure(est.low, look.language),
      high: moneyWords(est.high, look.language),
    }),
  );
  return est;
}

for (const look of LOOKS) {
  test.describe(`estimates before spending (${look.name})`, () => {
    test.use({ atelierOptions: { modelsProfile: 'rich' } });

    test(`beside Send, Generate, Create and a video; the basis moves them (${look.name})`, async ({
      page,
      atelier,
    }) => {
      const t = look.t;
      await openInLook(page, atelier, look);
      const box = page.getByRole('textbox', { name: t('chat.message'), exact: true });
      await box.fill('Which lighthouse in Europe is the tallest, and when was it built?');
      const est = await expectTurnEstimate(page, look, 'auto');
      await mkdir(SHOTS, { recursive: true });
      await page
        .locator('.composer-bar')
        .screenshot({ path: `${SHOTS}/composer-${look.language}-${look.theme}.png` });

      // The charge of the answer lies within the range said before (at most the high figure).
      await sendIn(page, look, 'Which lighthouse in Europe is the tallest?');
      await turnEndIn(page, look);
      const costWord = t('chat.cost', { cost: '' }).trim();
      const usage = page
        .getByRole('article', { name: t('chat.assistantMessage') })
        .last()
        .getByText(costWord);
      const afterWord = ((await usage.textContent()) ?? '').split(costWord).pop() ?? '';
      const cost = /\d[\d\s\u00a0\u202f.,]*\d|\d/.exec(afterWord)![0];
      expect(compareCredits(plainFigure(cost), est.high)).toBeLessThanOrEqual(0);

      await section(page, t('nav.images')).click();
      await pickModel(page, 'openai/dall-e-3', t('models.label'));
      await expect(estimate(page, look)).toHaveText(
        t('prices.exact', { cost: moneyWords('0.04', look.language) }),
      );

      await section(page, t('nav.audio')).click();
      await page.getByRole('tab', { name: t('audio.mode.music') }).click();
      await pickModel(page, 'tta-stable/stable-audio', t('models.label'));
      await page.getByRole('spinbutton', { name: t('audio.seconds') }).fill('20');
      // 20 s × 0.002 credits per second.
      await expect(estimate(page, look)).toHaveText(
        t('prices.exact', { cost: moneyWords('0.04', look.language) }),
      );

      await section(page, t('nav.video')).click();
      await pickModel(page, 'txt2vid-kling/kling-v2.1', t('models.label'));
      await page.getByRole('combobox', { name: t('video.duration') }).selectOption('5');
      await expect(estimate(page, look)).toHaveText(
        t('prices.exact', { cost: moneyWords('1.4', look.language) }),
      );

      // The list reads per token; saying it is per 1M tokens moves every token figure at once.
      await openSettings(page, look, 'money');
      const basis = page.getByRole('combobox', { name: t('prices.basis.label') });
      await expect(basis).toHaveValue('auto');
      await expect(page.getByText(t('prices.basis.guessToken'), { exact: false })).toBeVisible();
      await basis.selectOption('million');
      await section(page, t('nav.chat')).click();
      await box.fill('Which lighthouse in Europe is the tallest, and when was it built?');
      await expectTurnEstimate(page, look, 'million');
      await expect(
        page.getByText(
          t('prices.tokens', {
            input: moneyFigure('0.00000015', look.language),
            output: moneyFigure('0.0000006', look.language),
          }),
        ),
      ).toBeVisible();
      await page
        .locator('.composer-bar')
        .screenshot({ path: `${SHOTS}/composer-million-${look.language}-${look.theme}.png` });

      // Unit prices do not depend on it.
      await section(page, t('nav.video')).click();
      await expect(estimate(page, look)).toHaveText(
        t('prices.exact', { cost: moneyWords('1.4', look.language) }),
      );
    });
  });
}
