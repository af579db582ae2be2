// Image sizes and aspect ratios typed freely beside the suggested ones, in both looks: the document's forms go as typed, another is named first.
import type { Page } from '@playwright/test';
import { expect, pickModel, simRequests, test } from './fixtures';
import { LOOKS, openInLook, type Look } from './looks';

const SDXL = 'img-stable/stable-diffusion-xl-1024';

async function generate(page: Page, look: Look, prompt: string): Promise<void> {
  await page.getByRole('textbox', { name: look.t('images.prompt'), exact: true }).fill(prompt);
  await page.getByRole('button', { name: look.t('images.generate'), exact: true }).click();
  await expect(
    page.getByRole('region', { name: look.t('images.result') }).getByRole('img', { name: prompt }),
  ).toBeVisible({ timeout: 20_000 });
}

for (const look of LOOKS) {
  test.describe(look.name, () => {
    test('a typed size and a typed aspect ratio go as typed; another form is named before sending', async ({
      page,
      atelier,
    }) => {
      await openInLook(page, atelier, look, 'images');
      await pickModel(page, SDXL, look.t('models.label'));
      await page
        .getByRole('combobox', { name: look.t('images.size'), exact: true })
        .selectOption({ label: look.t('images.sizeOther') });
      const typedSize = page.getByRole('textbox', { name: look.t('images.sizeTyped') });
      await page
        .getByRole('textbox', { name: look.t('images.prompt'), exact: true })
        .fill('a lighthouse');
      const send = page.getByRole('button', { name: look.t('images.generate'), exact: true });

      await typedSize.fill('1280 × 720');
      await expect(page.getByText(look.t('images.sizeWrong'))).toBeVisible();
      await expect(typedSize).toHaveAttribute('aria-invalid', 'true');
      await expect(send).toBeDisabled();
      await typedSize.fill('1280x720');
      await expect(page.getByText(look.t('images.sizeWrong'))).toHaveCount(0);
      await generate(page, look, 'a lighthouse');
      const picture = page.getByRole('region', { name: look.t('images.result') }).getByRole('img');
      // Read once the picture has loaded (0x0 before).
      await expect
        .poll(() =>
          picture.evaluate((img: HTMLImageElement) => `${img.naturalWidth}x${img.naturalHeight}`),
        )
        .toBe('1280x720');

      await page
        .getByRole('combobox', { name: look.t('images.aspectRatio'), exact: true })
        .selectOption({ label: look.t('images.aspectOther') });
      const typedRatio = page.getByRole('textbox', { name: look.t('images.aspectTyped') });
      await typedRatio.fill('wide');
      await expect(page.getByText(look.t('images.aspectWrong'))).toBeVisible();
      await expect(send).toBeDisabled();
      await typedRatio.fill('2.39:1');
      await generate(page, look, 'a wide sea');

      const bodies = (await simRequests(atelier, '/images/generations')).map(
        (r) => JSON.parse(String(r.body)) as Record<string, unknown>,
      );
      expect(bodies.map((b) => [b.size, b.aspect_ratio])).toEqual([
        ['1280x720', undefined],
        [undefined, '2.39:1'],
      ]);
    });
  });
}
