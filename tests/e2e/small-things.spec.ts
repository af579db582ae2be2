// The small things a person noticed: text files attach as text, sent audio plays, transcripts are kept and saved as subtitles, media in use is not destroyed unasked, a running video job is not removed unasked.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { makePng, makeWav } from './files';
import {
  expect,
  pickModel,
  reloadApp,
  section,
  test,
  turnRequests,
  type Atelier,
} from './fixtures';
import { LOOKS, type Look, openInLook, sendAndAwaitIn } from './looks';

test.use({ atelierOptions: { minVideoPollMs: 600, videoPollIntervalMs: 700 } });
// Each test walks through several tabs, a chat turn and reloads: more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

/** A tab's list of what chats sent or made: attachments are not listed as made in the tab. */
async function showFromChats(page: Page, look: Look): Promise<void> {
  await page
    .getByRole('group', { name: look.t('studio.origin') })
    .getByRole('button', { name: look.t('studio.originChats'), exact: true })
    .click();
}

function attachInput(page: Page, look: Look) {
  return page.getByLabel(look.t('attach.files'));
}

/** The last turn's last user message, as parts (a background title request is not a turn). */
async function lastUserParts(atelier: Atelier) {
  const [request] = (await turnRequests(atelier)).slice(-1);
  const body = (typeof request?.body === 'string' ? JSON.parse(request.body) : request?.body) as {
    messages: Array<{ content: unknown }>;
  };
  return body.messages.at(-1)!.content as Array<{ type: string; text?: string }>;
}

for (const look of LOOKS) {
  test(`a code file attaches as text, a binary one is refused in words (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openInLook(page, atelier, look, 'chat');
    await attachInput(page, look).setInputFiles([
      { name: 'hello.py', mimeType: 'text/x-python', buffer: Buffer.from('print("hi")\n') },
      { name: 'blob.txt', mimeType: 'text/plain', buffer: Buffer.from([0x61, 0, 0xff, 0x10]) },
    ]);
    const tray = page.getByRole('list', { name: look.t('attach.list') });
    const chip = tray.getByRole('listitem').filter({ hasText: 'hello.py' });
    await expect(chip).toContainText('PY');
    await expect(chip.getByText('TXT', { exact: true })).toBeVisible();
    await expect(tray.getByRole('alert')).toHaveText(
      look.t('attach.notText', { name: 'blob.txt' }),
    );
    await tray.getByRole('button', { name: look.t('attach.remove', { name: 'blob.txt' }) }).click();
    await sendAndAwaitIn(page, look, 'Review this', 60_000);
    const parts = await lastUserParts(atelier);
    expect(parts[1]).toEqual({
      type: 'text',
      text: 'Attached file "hello.py":\n\n```py\nprint("hi")\n```',
    });
    // The sent message keeps the file as a text chip.
    const sent = page.getByRole('article', { name: look.t('chat.userMessage') }).last();
    await expect(sent.getByText('TXT', { exact: true })).toBeVisible();
  });

  test(`audio sent in a message plays there, and deleting it asks first (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openInLook(page, atelier, look, 'chat');
    await pickModel(page, 'openai/gpt-4o-audio-preview', look.t('models.label'));
    await attachInput(page, look).setInputFiles({
      name: 'voice.wav',
      mimeType: 'audio/wav',
      buffer: makeWav(1.5),
    });
    await expect(page.getByRole('list', { name: look.t('attach.list') })).toContainText('WAV');
    await sendAndAwaitIn(page, look, 'Listen', 60_000);
    const player = page
      .getByRole('article', { name: look.t('chat.userMessage') })
      .last()
      .locator('audio');
    await expect(player).toHaveAttribute(
      'aria-label',
      look.t('attach.playAudio', { name: 'voice.wav' }),
    );
    // The browser reads the served file: it is real, playable audio of the sent length.
    await expect
      .poll(() => player.evaluate((a) => (a as HTMLAudioElement).duration), { timeout: 10_000 })
      .toBeCloseTo(1.5, 1);

    await section(page, look.t('nav.audio')).click();
    await showFromChats(page, look);
    const item = page.getByRole('listitem').filter({ hasText: 'voice' });
    await item.getByRole('button', { name: `${look.t('audio.delete')}: voice` }).click();
    await expect(item.getByRole('group').getByRole('paragraph')).toContainText('Listen');
    await item.getByRole('button', { name: look.t('audio.deleteAnyway') }).click();
    await expect(item).toHaveCount(0);
    await section(page, look.t('nav.chat')).click();
    await expect(
      page.getByRole('img', { name: look.t('attach.deletedHint', { name: 'voice.wav' }) }),
    ).toBeVisible();
  });

  test(`a picture shown in a chat is deleted only when asked, then shown as deleted (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openInLook(page, atelier, look, 'chat');
    await attachInput(page, look).setInputFiles([
      { name: 'first.png', mimeType: 'image/png', buffer: makePng(24, 24) },
      { name: 'second.png', mimeType: 'image/png', buffer: makePng(30, 20) },
    ]);
    await page
      .getByRole('button', {
        name: look.t('attach.vision.switch', { vision: 'vis-openai/gpt-4o-mini' }),
      })
      .click();
    await sendAndAwaitIn(page, look, 'Two pictures', 60_000);
    const sent = page.getByRole('article', { name: look.t('chat.userMessage') }).last();
    await expect(sent.getByRole('img', { name: 'first.png' })).toBeVisible();

    await section(page, look.t('nav.images')).click();
    await showFromChats(page, look);
    const tile = page
      .getByRole('list', { name: look.t('images.gallery') })
      .getByRole('button', { name: 'first.png' });
    // Marked as a chat's attachment, not as a picture imported into Images.
    await expect(tile).toContainText(look.t('images.attached'));
    await tile.click();
    const viewer = page.getByRole('dialog');
    await viewer.getByRole('button', { name: look.t('images.delete'), exact: true }).click();
    const titles = look.language === 'ru' ? '«Two pictures»' : '“Two pictures”';
    await expect(viewer.getByRole('status').first()).toHaveText(
      look.t('images.usedInOne', { titles }),
    );
    await viewer.getByRole('button', { name: look.t('images.deleteAnyway') }).click();
    await expect(viewer.getByRole('img', { name: 'second.png' })).toBeVisible();
    // Focus stayed in the viewer: Esc still closes it.
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);

    await section(page, look.t('nav.chat')).click();
    await expect(
      sent.getByRole('img', { name: look.t('attach.deletedHint', { name: 'first.png' }) }),
    ).toHaveText(look.t('attach.pictureDeleted'));
    await expect(sent.getByRole('img', { name: 'second.png' })).toBeVisible();
    // After a reload (nothing remembered in the page) the missing file still shows as deleted.
    await reloadApp(page);
    await section(page, look.t('nav.chat')).click();
    await page.getByRole('link', { name: 'Two pictures' }).click();
    await expect(
      page.getByRole('img', { name: look.t('attach.deletedHint', { name: 'first.png' }) }),
    ).toBeVisible();
  });

  test(`transcripts are kept after a reload and saved as SRT and VTT (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openInLook(page, atelier, look, 'audio');
    await page.getByRole('tab', { name: look.t('audio.mode.transcribe') }).click();
    await expect(page.getByRole('button', { name: look.t('audio.transcribeFile') })).toBeEnabled();
    await pickModel(page, 'stt-openai/whisper-1', look.t('models.label'));
    await page
      .getByRole('tabpanel')
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'note.wav',
        mimeType: 'audio/wav',
        buffer: makeWav(2, 100),
      });
    const box = page.getByRole('textbox', { name: look.t('audio.transcript'), exact: true });
    await expect(box).toHaveValue(/simulated transcript of note\.wav/);

    await reloadApp(page);
    await section(page, look.t('nav.audio')).click();
    await page.getByRole('tab', { name: look.t('audio.mode.transcribe') }).click();
    await expect(box).toHaveValue(/simulated transcript of note\.wav/);
    await expect(
      page.getByRole('button', { name: look.t('audio.openTranscript', { name: 'note.wav' }) }),
    ).toBeVisible();

    const [srt] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: look.t('audio.saveSrt') }).click(),
    ]);
    expect(srt.suggestedFilename()).toBe('note.srt');
    const srtText = await readFile((await srt.path())!, 'utf8');
    // No segments were asked for: one cue over the whole two seconds.
    expect(srtText).toMatch(
      /^1\n00:00:00,000 --> 00:00:02,000\nThis is the simulated transcript of note\.wav/,
    );
    const [vtt] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: look.t('audio.saveVtt') }).click(),
    ]);
    expect(vtt.suggestedFilename()).toBe('note.vtt');
    expect(await readFile((await vtt.path())!, 'utf8')).toMatch(
      /^WEBVTT\n\n00:00:00\.000 --> 00:00:02\.000\n/,
    );
  });

  test(`removing a running video job asks first and says the credits are spent (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openInLook(page, atelier, look, 'video');
    await page
      .getByRole('textbox', { name: look.t('video.prompt'), exact: true })
      .fill('Long one [[polls:100]]');
    await page.getByRole('button', { name: look.t('video.generate') }).click();
    const job = page
      .getByRole('list', { name: look.t('video.jobs') })
      .getByRole('listitem')
      .filter({ hasText: 'Long one' });
    await job.getByRole('button', { name: look.t('video.remove') }).click();
    await expect(job.getByRole('alert')).toHaveText(look.t('video.removeRunningAsk'));
    await job.getByRole('button', { name: look.t('video.keepWaiting') }).click();
    await expect(job).toHaveCount(1);
    await job.getByRole('button', { name: look.t('video.remove') }).click();
    await job.getByRole('button', { name: look.t('video.removeAnyway') }).click();
    await expect(job).toHaveCount(0);
  });
}
