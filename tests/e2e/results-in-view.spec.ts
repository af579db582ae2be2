// Results where the eyes are (issue 40): a Documents answer and an Images error come into view, an
// Images error speaks of Images, a new run clears the last one's result, a short music clip says so.
import { expect, test } from './fixtures';
import { makeDocx } from './files';
import { LOOKS, openInLook } from './looks';

for (const look of LOOKS) {
  test(`a Documents answer lands in view (${look.name})`, async ({ page, atelier }) => {
    await openInLook(page, atelier, look, 'documents');
    // A laptop's window: the answer's box starts below the form, out of sight until brought in.
    await page.setViewportSize({ width: 1280, height: 560 });
    await page.getByLabel(look.t('documents.chooseInput')).setInputFiles({
      name: 'letter.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: makeDocx(['Dear reader,', 'The garden is in bloom.']),
    });
    await page.getByRole('button', { name: look.t('documents.extract'), exact: true }).click();
    const text = page.getByRole('textbox', { name: look.t('documents.text') });
    await expect(text).toHaveValue(/The garden is in bloom\./);
    await expect(text).toBeInViewport({ ratio: 1 });
  });

  test(`an Images error is in view in Images' words, and a new run clears the last result (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openInLook(page, atelier, look, 'images');
    await page.setViewportSize({ width: 1280, height: 560 });
    const prompt = page.getByRole('textbox', { name: look.t('images.prompt'), exact: true });
    const generate = page.getByRole('button', { name: look.t('images.generate'), exact: true });
    const result = page.getByRole('region', { name: look.t('images.result') });
    await prompt.fill('A lighthouse at dusk');
    await generate.click();
    await expect(result.getByRole('img', { name: 'A lighthouse at dusk' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(result).toBeInViewport();

    await prompt.fill('A lighthouse [[moderation]]');
    await generate.click();
    const error = page.getByRole('alert').filter({ hasText: look.t('error.moderation') });
    await expect(error).toBeVisible({ timeout: 20_000 });
    await expect(error).toBeInViewport({ ratio: 1 });
    // The last run's picture is not left standing beside this run's error.
    await expect(result).toHaveCount(0);
    await expect(error).not.toContainText(new RegExp(look.t('chat.settings'), 'i'));
  });

  test(`a music clip shorter than asked says so (${look.name})`, async ({ page, atelier }) => {
    await openInLook(page, atelier, look, 'audio');
    await page.getByRole('tab', { name: look.t('audio.mode.music') }).click();
    await page
      .getByRole('textbox', { name: look.t('audio.text'), exact: true })
      .fill('calm piano [[short:4]]');
    await page.getByRole('spinbutton', { name: look.t('audio.seconds') }).fill('12');
    await page.getByRole('button', { name: look.t('audio.makeMusic') }).click();
    await expect(
      page.getByText(look.t('audio.musicShorter', { made: '4', asked: '12' })),
    ).toBeVisible({ timeout: 20_000 });
  });
}
