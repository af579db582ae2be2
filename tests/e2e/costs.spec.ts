// Costs before spending: prices per million tokens in the pickers, an estimate beside Send for a long
// turn, and count or seconds × the listed price before pictures and films; nothing invented.
import type { Page } from '@playwright/test';
import { expect, section, test } from './fixtures';
import { LOOKS, type Look, openInLook } from './looks';

function estimate(page: Page, look: Look) {
  return page.getByRole('status', { name: look.t('prices.estimate') });
}

for (const look of LOOKS) {
  test.describe(`the documented (minimal) model list (${look.name})`, () => {
    test(`chat shows prices per 1M tokens, and a long turn its cost before Send (${look.name})`, async ({
      page,
      atelier,
    }) => {
      await openInLook(page, atelier, look);
      const t = look.t;
      // The list says 0.00000015 and 0.0000006 per token for the default model.
      await expect(
        page.getByText(t('prices.tokens', { input: '0.15', output: '0.6' })),
      ).toBeVisible();

      const box = page.getByRole('textbox', { name: t('chat.message'), exact: true });
      await box.fill('A short question?');
      await expect(estimate(page, look)).toHaveCount(0);
      await box.fill('Please summarise this. '.repeat(700));
      const line = estimate(page, look);
      await expect(line).toBeVisible();
      const shown = (await line.textContent()) ?? '';
      const tokens = Number(/(\d[\d\s,]*)/.exec(shown)?.[1]?.replace(/[\s,]/g, ''));
      expect(tokens).toBeGreaterThan(2000);
      // tokens × 0.00000015, rounded up to the millionth.
      const cost = (Math.ceil(tokens * 0.15) / 1_000_000).toString();
      expect(shown).toContain(cost);
      expect(shown).toContain(t('prices.turn', { tokens: '', cost }).split('≈')[1]!.trim());
    });

    test(`pictures whose price the list does not give say so (${look.name})`, async ({
      page,
      atelier,
    }) => {
      await openInLook(page, atelier, look, 'images');
      await expect(estimate(page, look)).toHaveText(look.t('prices.mediaNotListed'));
    });
  });

  test.describe(`a list that states unit prices (${look.name})`, () => {
    test.use({ atelierOptions: { modelsProfile: 'rich' } });

    test(`a picture and a film show count or seconds × the listed price (${look.name})`, async ({
      page,
      atelier,
    }) => {
      await openInLook(page, atelier, look);
      const t = look.t;
      await section(page, t('nav.images')).click();
      await page
        .getByRole('combobox', { name: t('models.label'), exact: true })
        .selectOption('openai/dall-e-3');
      await expect(estimate(page, look)).toHaveText(
        t('prices.images', { count: 1, price: '0.04', cost: '0.04' }),
      );
      await expect(page.getByText(t('prices.unit.image', { price: '0.04' }))).toBeVisible();

      await section(page, t('nav.video')).click();
      await page
        .getByRole('combobox', { name: t('models.label'), exact: true })
        .selectOption('txt2vid-kling/kling-v2.1');
      await page.getByRole('combobox', { name: t('video.duration') }).selectOption('10');
      await expect(estimate(page, look)).toHaveText(
        t('prices.seconds', { seconds: 10, price: '0.28', cost: '2.8' }),
      );
    });
  });
}
