// The Audio tab and the service's document, in both looks: every speech format plays, lengths and sizes are the service's to refuse.
import type { Page } from '@playwright/test';
import { expect, pickModel, simRequests, test } from './fixtures';
import { wavOf } from './files';
import { LOOKS, openInLook, type Look } from './looks';

function playerOf(page: Page, look: Look, title: string) {
  return page.getByRole('group', { name: look.t('audio.player', { title }) });
}

async function speak(page: Page, look: Look, text: string, format: string): Promise<void> {
  await page.getByRole('textbox', { name: look.t('audio.text'), exact: true }).fill(text);
  await page.getByRole('combobox', { name: look.t('audio.format') }).selectOption(format);
  await page.getByRole('button', { name: look.t('audio.speak'), exact: true }).click();
}

for (const look of LOOKS) {
  test.describe(look.name, () => {
    test('speech in Opus, AAC, FLAC and raw PCM plays; PCM is kept as WAV and says so', async ({
      page,
      atelier,
    }) => {
      await openInLook(page, atelier, look, 'audio');
      for (const format of ['opus', 'aac', 'flac', 'pcm']) {
        const text = `Spoken as ${format}, a few words long.`;
        await speak(page, look, text, format);
        const player = playerOf(page, look, text);
        await expect(player).toBeVisible();
        // The page decoded it (or core measured it): the waveform knows how long it is.
        await expect(
          player.getByRole('slider', { name: look.t('audio.position') }),
        ).toHaveAttribute('aria-valuemax', /^[1-9]/);
        await expect(page.getByText(look.t('audio.playFailed'))).toHaveCount(0);
        const note = page.getByText(look.t('audio.pcmWrapped'));
        await expect(note).toHaveCount(format === 'pcm' ? 1 : 0);
      }
      const asked = (await simRequests(atelier, '/audio/speech')).map(
        (r) => (JSON.parse(String(r.body)) as { response_format: string }).response_format,
      );
      expect(asked).toEqual(['opus', 'aac', 'flac', 'pcm']);
    });

    test('long speech and long music go to the service, and its refusal is shown in its words', async ({
      page,
      atelier,
    }) => {
      await openInLook(page, atelier, look, 'audio');
      const text = 'word '.repeat(900);
      await page.getByRole('textbox', { name: look.t('audio.text'), exact: true }).fill(text);
      await expect(page.getByText(/4[\s,.\u00a0\u202f]?096/)).toBeVisible();
      await page.getByRole('button', { name: look.t('audio.speak'), exact: true }).click();
      await expect(page.getByText(/input is longer than 4096 characters/)).toBeVisible();
      expect(await simRequests(atelier, '/audio/speech')).toHaveLength(1);

      await page.getByRole('tab', { name: look.t('audio.mode.music') }).click();
      await page
        .getByRole('textbox', { name: look.t('audio.text'), exact: true })
        .fill('a very long slow drone');
      await pickModel(page, 'tta-stable/stable-audio', look.t('models.label'));
      await page.getByRole('spinbutton', { name: look.t('audio.seconds') }).fill('700');
      await page.getByRole('button', { name: look.t('audio.makeMusic') }).click();
      await expect(page.getByText(/seconds_total must be within 1\.\.47/)).toBeVisible();
      const music = (await simRequests(atelier, '/audio/speech')).at(-1);
      expect(JSON.parse(String(music?.body))).toMatchObject({ seconds_total: 700 });
    });

    test('a recording over 25 MB is transcribed: the document states no size', async ({
      page,
      atelier,
    }) => {
      await openInLook(page, atelier, look, 'audio');
      await page.getByRole('tab', { name: look.t('audio.mode.transcribe') }).click();
      await expect(page.getByText(look.t('audio.dropHint'))).toBeVisible();
      await expect(page.getByText(/25\s?(MB|МБ)/)).toHaveCount(0);
      const transcribe = page.getByRole('button', { name: look.t('audio.transcribeFile') });
      await expect(transcribe).toBeEnabled();
      // 26 MB of 8 kHz silence: some 27 minutes.
      const big = wavOf(Buffer.alloc(26 * 1024 * 1024), 8000);
      await page
        .getByRole('tabpanel', { name: look.t('nav.audio') })
        .locator('input[type="file"]')
        .setInputFiles({ name: 'long-meeting.wav', mimeType: 'audio/wav', buffer: big });
      await expect(
        page.getByRole('textbox', { name: look.t('audio.transcript'), exact: true }),
      ).toHaveValue(/simulated transcript of long-meeting\.wav/, { timeout: 45_000 });
      expect(await simRequests(atelier, '/audio/transcriptions')).toHaveLength(1);
    });
  });
}
