// The Video tab in each look, by the service's document: frames with any video model, any <w>:<h> ratio, a long prompt sent whole, and a job the service does not find polled on, said, and stoppable.
import type { Locator, Page } from '@playwright/test';
import { type Atelier, expect, pickModel, simRequests, test } from './fixtures';
import { countWords } from '../../renderer/src/i18n/counts';
import { type Look, LOOKS, openInLook } from './looks';

// Short intervals instead of the service's 10 s; the app never polls faster than the simulator allows.
const POLL_MS = 700;
test.use({ atelierOptions: { minVideoPollMs: 600, videoPollIntervalMs: POLL_MS } });

const KLING = 'txt2vid-kling/kling-v2.1';
const MOTION = 'txt2vid-sim/motion';

/** A 2x2 PNG, for the frames. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP4z8DAwPAfhP7//w8AH+4F+3uLQwgAAAAASUVORK5CYII=',
  'base64',
);

async function openVideo(page: Page, atelier: Atelier, look: Look): Promise<void> {
  await openInLook(page, atelier, look, 'video');
  await expect(page.getByRole('heading', { name: look.t('video.title'), level: 1 })).toBeVisible();
}

function promptBox(page: Page, look: Look): Locator {
  return page.getByRole('textbox', { name: look.t('video.prompt'), exact: true });
}

function generateButton(page: Page, look: Look): Locator {
  return page.getByRole('button', { name: look.t('video.generate') });
}

function job(page: Page, look: Look, prompt: string): Locator {
  return page
    .getByRole('list', { name: look.t('video.jobs') })
    .getByRole('listitem')
    .filter({ hasText: prompt });
}

async function setFrame(page: Page, look: Look, key: 'video.firstFrame' | 'video.lastFrame') {
  await page
    .getByRole('group', { name: look.t(key) })
    .locator('input[type="file"]')
    .setInputFiles({ name: `${key}.png`, mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: look.t(key) })).toBeVisible();
}

/** The logged body of the newest /video/generate (the log keeps the first 2,000 characters). */
async function lastGenerate(atelier: Atelier): Promise<string> {
  return String((await simRequests(atelier, '/video/generate')).at(-1)?.body);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function statusPolls(atelier: Atelier): Promise<number> {
  return (await simRequests(atelier, '/video/status')).length;
}

for (const look of LOOKS) {
  test(`frames go with any video model; a model that takes none is refused by the service in its words (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openVideo(page, atelier, look);
    await pickModel(page, MOTION, look.t('models.label'));
    await setFrame(page, look, 'video.firstFrame');
    await setFrame(page, look, 'video.lastFrame');
    await promptBox(page, look).fill('Leaves fall');
    await generateButton(page, look).click();
    await expect(job(page, look, 'Leaves fall')).toBeVisible();
    const sent = await lastGenerate(atelier);
    expect(sent).toContain('"image_url":"data:image/png;base64,');
    expect(sent).toContain('"end_image_url":"data:image/png;base64,');

    // The same frames with a text-only model: sent, and the service says why not.
    await pickModel(page, KLING, look.t('models.label'));
    await promptBox(page, look).fill('Snow falls');
    await generateButton(page, look).click();
    await expect(page.getByRole('alert')).toContainText(
      look.t('common.serviceSaid', {
        message: `${KLING} makes video from text only and does not take image_url`,
      }),
    );
    await expect(job(page, look, 'Snow falls')).toHaveCount(0);
    expect(await simRequests(atelier, '/video/generate')).toHaveLength(2);
  });

  test(`a ratio is typed in the form w:h, and a wrong form is said before sending (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openVideo(page, atelier, look);
    await pickModel(page, KLING, look.t('models.label'));
    await promptBox(page, look).fill('A wide valley');
    await page
      .getByRole('combobox', { name: look.t('video.aspectRatio') })
      .selectOption(look.t('video.aspectOther'));
    const typed = page.getByRole('textbox', { name: look.t('video.aspectTyped') });
    await typed.fill('wide');
    await expect(page.getByText(look.t('video.aspectWrong'))).toBeVisible();
    await expect(generateButton(page, look)).toBeDisabled();

    await typed.fill('2:1');
    await expect(page.getByText(look.t('video.aspectWrong'))).toHaveCount(0);
    await generateButton(page, look).click();
    await expect(job(page, look, 'A wide valley')).toContainText('2:1');
    expect(JSON.parse(await lastGenerate(atelier))).toMatchObject({ aspect_ratio: '2:1' });
  });

  test(`a prompt over 4,000 characters is sent whole, with a hint (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openVideo(page, atelier, look);
    await pickModel(page, KLING, look.t('models.label'));
    const prompt = `${'The camera drifts over quiet hills. '.repeat(125)}The end of a long prompt.`;
    expect(prompt.length).toBeGreaterThan(4000);
    await promptBox(page, look).fill(prompt);
    await expect(promptBox(page, look)).toHaveValue(prompt);
    const characters = countWords(look.language, 'units.characters', prompt.length);
    await expect(page.getByText(look.t('video.promptLong', { characters }))).toBeVisible();
    await generateButton(page, look).click();
    await expect(job(page, look, 'The end of a long prompt.')).toBeVisible();
  });

  test(`a job the service does not find is polled on, said so, and stops when removed (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openVideo(page, atelier, look);
    await pickModel(page, KLING, look.t('models.label'));
    await promptBox(page, look).fill('Lost job [[poll404:1000]]');
    await generateButton(page, look).click();
    const item = job(page, look, 'Lost job');
    await expect(item).toContainText(
      look.t('video.status', { status: look.t('video.serviceStatus.missing') }),
    );
    await expect(item).toContainText(look.t('video.notFound'));
    // The 404's own words, as the service's.
    const [before, after] = look.t('common.serviceSaid', { message: '\u0000' }).split('\u0000');
    await expect(item).toContainText(
      new RegExp(`${escapeRegExp(before!)}Video job '[^']+' not found${escapeRegExp(after!)}`),
    );
    // Still polled, at the interval: the count of checks goes on.
    await expect.poll(() => statusPolls(atelier), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);

    await item.getByRole('button', { name: look.t('video.remove') }).click();
    await item.getByRole('button', { name: look.t('video.removeAnyway') }).click();
    await expect(item).toHaveCount(0);
    const polls = await statusPolls(atelier);
    await page.waitForTimeout(POLL_MS * 3);
    expect(await statusPolls(atelier)).toBe(polls);
  });

  test(`a NOT_FOUND status is shown in words and the job goes on to the end (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openVideo(page, atelier, look);
    await pickModel(page, KLING, look.t('models.label'));
    await promptBox(page, look).fill('Found late [[notfound:3]] [[polls:1]]');
    await generateButton(page, look).click();
    const item = job(page, look, 'Found late');
    await expect(item).toContainText(
      look.t('video.status', {
        status: look.t('video.serviceStatus.notFound', { status: 'NOT_FOUND' }),
      }),
    );
    await expect(item).toContainText(look.t('video.notFound'));
    await expect(item).toContainText(
      look.t('video.status', { status: look.t('video.phase.completed') }),
      { timeout: 20_000 },
    );
    await expect(item.locator('video')).toBeVisible();
  });
}
