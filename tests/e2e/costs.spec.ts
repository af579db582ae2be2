// Costs before spending: prices per million tokens in the pickers, an estimate beside Send as soon as
// a draft is typed, and the price of pictures and films before they are made; nothing invented.
import type { Page } from '@playwright/test';
import { moneyFigure, moneyWords } from '../../renderer/src/i18n/money';
import { expect, pickModel, section, test } from './fixtures';
import { LOOKS, type Look, openInLook } from './looks';

function estimate(page: Page, look: Look) {
  return page.getByRole('status', { name: look.t('prices.estimate') });
}

for (const look of LOOKS) {
  test.describe(`the documented (minimal) model list (${look.name})`, () => {
    test(`chat shows prices per 1M tokens, and a turn its cost before Send (${look.name})`, async ({
      page,
      atelier,
    }) => {
      await openInLook(page, atelier, look);
      const t = look.t;
      // The list says 0.00000015 and 0.0000006 per token for the default model.
      await expect(
        page.getByText(
          t('prices.tokens', {
            input: moneyFigure('0.15', look.language),
            output: moneyFigure('0.6', look.language),
          }),
        ),
      ).toBeVisible();

      const box = page.getByRole('textbox', { name: t('chat.message'), exact: true });
      await box.fill('');
      await expect(estimate(page, look)).toHaveCount(0);
      await box.fill('Please summarise this. '.repeat(700));
      const line = estimate(page, look);
      await expect(line).toBeVisible();
      const shown = (await line.textContent()) ?? '';
      const tokens = Number(/(\d[\d\s,]*)/.exec(shown)?.[1]?.replace(/[\s,]/g, ''));
      expect(tokens).toBeGreaterThan(2000);
      // At most: the prompt and the 4,096 tokens of the answer's room, at 0.15 and 0.6 per 1M.
      const high = ((tokens * 0.15 + 4096 * 0.6) / 1_000_000).toFixed(12);
      expect(shown).toContain(moneyWords(high, look.language));
    });

    test(`pictures whose price the list does not give say why (${look.name})`, async ({
      page,
      atelier,
    }) => {
      await openInLook(page, atelier, look, 'images');
      await expect(estimate(page, look)).toHaveText(look.t('prices.gap.zeroTokens'));
    });
  });

  test.describe(`a list that states unit prices (${look.name})`, () => {
    test.use({ atelierOptions: { modelsProfile: 'rich' } });

    test(`a picture and a film show their cost at the listed price (${look.name})`, async ({
      page,
      atelier,
    }) => {
      await openInLook(page, atelier, look);
      const t = look.t;
      await section(page, t('nav.images')).click();
      await pickModel(page, 'openai/dall-e-3', t('models.label'));
      await expect(estimate(page, look)).toHaveText(
        t('prices.exact', { cost: moneyWords('0.04', look.language) }),
      );
      await expect(
        page.getByText(t('prices.unit.image', { price: moneyWords('0.04', look.language) })),
      ).toBeVisible();

      await section(page, t('nav.video')).click();
      await pickModel(page, 'txt2vid-kling/kling-v2.1', t('models.label'));
      await page.getByRole('combobox', { name: t('video.duration') }).selectOption('10');
      await expect(estimate(page, look)).toHaveText(
        t('prices.exact', { cost: moneyWords('2.8', look.language) }),
      );
    });
  });
}
