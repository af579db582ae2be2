// The studio on every message, in both looks: Read aloud plays in the answer and is kept in Audio under "From chats" (linking back, after a reload too); Illustrate shows its picture in the chat and under "From chats" in Images; Animate brings its video back into the conversation.
import type { Locator, Page } from '@playwright/test';
import { docShot, expect, reloadApp, section, simRequests, test } from './fixtures';
import { LOOKS, type Look, openInLook, openSettings, sendAndAwaitIn } from './looks';

// Short intervals instead of the service's 10 s; the app never polls faster than the simulator allows.
test.use({ atelierOptions: { minVideoPollMs: 600, videoPollIntervalMs: 700 } });
// Each test walks through a turn, several tabs and a video job: more than a minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A control whose name begins with `words` (the rest names the message or the picture). */
const startingWith = (words: string) => new RegExp(`^${escape(words)}`);

/** The link back to a chat, whatever the chat's title. */
const openChat = (look: Look) =>
  startingWith(look.t('studio.openChatLabel', { title: '\u0000' }).split('\u0000')[0]!);

/** A request's JSON body, however the simulator's log holds it. */
function bodyOf<T>(request: { body: unknown } | undefined): T {
  const body = request?.body;
  return (typeof body === 'string' ? JSON.parse(body) : body) as T;
}

function answer(page: Page, look: Look): Locator {
  return page.getByRole('article', { name: look.t('chat.assistantMessage') }).last();
}

function madeFrom(page: Page, look: Look): Locator {
  return answer(page, look).getByRole('group', { name: look.t('studio.media') });
}

async function showOrigin(page: Page, look: Look, origin: 'originMade' | 'originChats') {
  const button = page
    .getByRole('group', { name: look.t('studio.origin') })
    .getByRole('button', { name: look.t(`studio.${origin}`), exact: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

for (const look of LOOKS) {
  test(`Read aloud plays in the answer and is kept under From chats in Audio (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openInLook(page, atelier, look, 'chat');
    await sendAndAwaitIn(page, look, 'Tell me about lighthouses');
    await answer(page, look)
      .getByRole('button', { name: startingWith(look.t('studio.readAloud')) })
      .click();
    const player = madeFrom(page, look);
    await expect(player.getByRole('button', { name: look.t('audio.play') })).toBeVisible();
    await expect(player.getByRole('slider', { name: look.t('audio.position') })).toBeVisible();
    const speech = (await simRequests(atelier)).filter((r) => r.path.endsWith('/audio/speech'));
    expect(speech).toHaveLength(1);
    expect(bodyOf<{ input: string }>(speech[0]).input).toContain('Tell me about lighthouses');

    // The recording is not one the person made in Audio; "From chats" shows it, linking back.
    await reloadApp(page);
    await section(page, look.t('nav.audio')).click();
    const history = page.getByRole('list', { name: look.t('audio.history') });
    await expect(page.getByText(look.t('audio.historyEmpty'))).toBeVisible();
    await expect(history.getByRole('listitem')).toHaveCount(0);
    await showOrigin(page, look, 'originChats');
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await history.getByRole('button', { name: openChat(look) }).click();
    await expect(page.getByRole('article', { name: look.t('chat.assistantMessage') })).toHaveCount(
      1,
    );
    await expect(
      madeFrom(page, look).getByRole('button', { name: look.t('audio.play') }),
    ).toBeVisible();

    // The chat deleted: its recording stays under "From chats", saying its chat is gone.
    const list = page.getByRole('complementary', { name: look.t('chat.conversations') });
    const title = (await list.getByRole('link').first().textContent())!.trim();
    await list
      .getByRole('group', { name: look.t('chat.conversationActions', { title }) })
      .getByRole('button', { name: look.t('common.delete') })
      .click();
    await list
      .getByRole('alertdialog', { name: look.t('common.delete') })
      .getByRole('button', { name: look.t('common.delete') })
      .click();
    await expect(list.getByRole('link')).toHaveCount(0);
    await section(page, look.t('nav.audio')).click();
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await expect(history.getByText(look.t('studio.chatGone'))).toBeVisible();
    await expect(history.getByRole('button', { name: openChat(look) })).toHaveCount(0);
  });

  test(`Illustrate shows the picture in the chat and under From chats in Images, and Animate brings a video back (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openInLook(page, atelier, look, 'chat');
    // The question comes back quoted in the simulator's answer; its trigger makes the video job
    // take four polls, so its state in words is seen before its video comes back.
    await sendAndAwaitIn(page, look, 'Describe a lighthouse at dusk [[polls:4]]');
    // Only the selected part of the answer is illustrated.
    await answer(page, look)
      .locator('blockquote')
      .evaluate((quote) => {
        const range = document.createRange();
        range.selectNodeContents(quote);
        window.getSelection()!.removeAllRanges();
        window.getSelection()!.addRange(range);
      });
    await answer(page, look)
      .getByRole('button', { name: startingWith(look.t('studio.illustrate')) })
      .click();
    const picture = madeFrom(page, look).getByRole('img', {
      name: startingWith(look.t('studio.illustration', { prompt: '' })),
    });
    await expect(picture).toBeVisible();
    const generated = (await simRequests(atelier)).filter((r) =>
      r.path.endsWith('/images/generations'),
    );
    expect(generated).toHaveLength(1);
    expect(bodyOf<{ prompt: string }>(generated[0]).prompt).toBe(
      'An illustration of: Describe a lighthouse at dusk [[polls:4]]',
    );

    // The message with its reading and its picture, for the docs.
    await answer(page, look)
      .getByRole('button', { name: startingWith(look.t('studio.readAloud')) })
      .click();
    await expect(
      madeFrom(page, look).getByRole('button', { name: look.t('audio.play') }),
    ).toBeVisible();
    await expect(picture).toHaveJSProperty('complete', true);
    await expect(madeFrom(page, look).getByText(look.t('audio.loadingWave'))).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 1040 });
    await answer(page, look).evaluate((article) => article.scrollIntoView({ block: 'start' }));
    await docShot(page, `studio-${look.language}-${look.theme}`);
    await page.setViewportSize({ width: 1280, height: 720 });

    // Animate: a video job from that picture, its state in words, its video back in the answer.
    await madeFrom(page, look)
      .getByRole('button', { name: startingWith(look.t('studio.animate')) })
      .click();
    await expect(
      madeFrom(page, look)
        .getByRole('status')
        .filter({
          hasText: startingWith(
            look.t('studio.videoJob', { status: '\u0000' }).split('\u0000')[0]!,
          ),
        }),
    ).toBeVisible();
    await expect(madeFrom(page, look).locator('video')).toBeVisible({ timeout: 30_000 });
    const videos = (await simRequests(atelier)).filter((r) => r.path.endsWith('/video/generate'));
    expect(videos).toHaveLength(1);
    // The log keeps a long body's start only: the first frame is there as a picture's data.
    expect(JSON.stringify(videos[0]!.body)).toMatch(/image_url\\?":\\?"data:image\//);

    // The Video tab's job names the chat it came from.
    await section(page, look.t('nav.video')).click();
    await expect(
      page
        .getByRole('list', { name: look.t('video.jobs') })
        .getByRole('button', { name: openChat(look) }),
    ).toBeVisible();

    // Images lists what was made there by default; the illustration is under "From chats".
    await section(page, look.t('nav.images')).click();
    await expect(page.getByText(look.t('images.galleryEmpty'))).toBeVisible();
    await showOrigin(page, look, 'originChats');
    const gallery = page.getByRole('list', { name: look.t('images.gallery') });
    await expect(gallery.getByRole('listitem')).toHaveCount(1);
    await gallery.getByRole('listitem').first().getByRole('button').click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: openChat(look) })
      .click();
    await expect(madeFrom(page, look).getByRole('img')).toBeVisible();
  });

  test(`the Settings card chooses the voice Read aloud uses; each model is the list's default until chosen (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openInLook(page, atelier, look, 'chat');
    await openSettings(page, look, 'chat');
    const card = page.getByRole('region', { name: look.t('studio.card') });
    for (const label of [
      'studio.speechModel',
      'studio.pictureModel',
      'studio.videoModel',
      'studio.transcribeModel',
    ] as const)
      await expect(card.getByRole('combobox', { name: look.t(label) })).toHaveValue(/.+/);
    await expect(card.getByText(look.t('studio.usesDefault'))).toHaveCount(4);
    // Animating takes a picture: an image-to-video model is its default.
    await expect(card.getByRole('combobox', { name: look.t('studio.videoModel') })).toHaveAttribute(
      'data-model',
      /^img2vid-/,
    );
    await card.getByRole('combobox', { name: look.t('studio.voice') }).selectOption('nova');
    await page.setViewportSize({ width: 1280, height: 1040 });
    await card.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await docShot(page, `studio-settings-${look.language}-${look.theme}`);
    await page.setViewportSize({ width: 1280, height: 720 });

    await section(page, look.t('nav.chat')).click();
    await sendAndAwaitIn(page, look, 'Read this one aloud');
    await answer(page, look)
      .getByRole('button', { name: startingWith(look.t('studio.readAloud')) })
      .click();
    await expect(
      madeFrom(page, look).getByRole('button', { name: look.t('audio.play') }),
    ).toBeVisible();
    const speech = (await simRequests(atelier)).filter((r) => r.path.endsWith('/audio/speech'));
    expect(bodyOf<{ voice: string; model: string }>(speech[0])).toMatchObject({
      voice: 'nova',
      model: expect.stringMatching(/^tts-/),
    });
  });
}
