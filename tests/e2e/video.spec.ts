// Video jobs end to end: polled to completion and played, statuses in words, failed polls, resumed after a restart, failed, removed, and bad results.
import type { Locator, Page } from '@playwright/test';
import {
  type Atelier,
  expect,
  expectModel,
  failNextRequests,
  gotoApp,
  openApp,
  pickModel,
  reloadApp,
  section,
  simRequests,
  test,
} from './fixtures';

// Short intervals instead of the service's 10 s; the app never polls faster than the simulator allows.
const POLL_MS = 700;
test.use({ atelierOptions: { minVideoPollMs: 600, videoPollIntervalMs: POLL_MS } });

/** A 2x2 PNG, for the first and last frames. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP4z8DAwPAfhP7//w8AH+4F+3uLQwgAAAAASUVORK5CYII=',
  'base64',
);

async function openVideo(page: Page, atelier: Atelier): Promise<void> {
  await openApp(page, atelier);
  await section(page, 'Settings').click();
  await page.getByRole('textbox', { name: 'Base URL' }).fill(atelier.simBaseUrl);
  await page.getByRole('textbox', { name: 'API key' }).fill('sim-fast');
  // sim-fast's 10 requests / s set by hand: under the standard plan (a request per 2 s), and
  // while the FAST plan is still learning its rate, polls of several jobs queue up.
  await page.getByRole('combobox', { name: 'Rate plan' }).selectOption('custom');
  await page.getByRole('spinbutton', { name: 'Requests per second' }).fill('9');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await section(page, 'Video').click();
  await expect(page.getByRole('heading', { name: 'Video', level: 1 })).toBeVisible();
  await expectModel(page, /vid-/);
}

async function generate(page: Page, prompt: string, model = 'txt2vid-kling/kling-v2.1') {
  await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill(prompt);
  await pickModel(page, model, 'Model');
  await page.getByRole('button', { name: 'Generate video' }).click();
}

function job(page: Page, prompt: string): Locator {
  return page
    .getByRole('list', { name: 'Video jobs' })
    .getByRole('listitem')
    .filter({ hasText: prompt });
}

/**
 * Records every text the page's list items ever hold, as they change (a mutation observer runs
 * after each change), so a state that lasts one poll is seen even when a busy machine's late frame
 * or Playwright's own retry steps over it. Call before the job starts; read with `jobTexts`.
 */
async function recordJobTexts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { videoTexts: string[] }).videoTexts = seen;
    new MutationObserver(() => {
      for (const li of document.querySelectorAll('li')) seen.push(li.textContent ?? '');
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** Whether the job named by `prompt` ever showed `text` since `recordJobTexts`. */
async function jobShowed(page: Page, prompt: string, text: string): Promise<boolean> {
  const texts = await page.evaluate(
    () => (window as unknown as { videoTexts: string[] }).videoTexts,
  );
  return texts.some((seen) => seen.includes(prompt) && seen.includes(text));
}

async function statusPolls(atelier: Atelier) {
  return (await simRequests(atelier)).filter((r) => r.path.endsWith('/video/status'));
}

test('a job completes after several polls, is downloaded and plays', async ({ page, atelier }) => {
  await openVideo(page, atelier);
  await page.getByRole('combobox', { name: 'Aspect ratio' }).selectOption('1:1');
  // The minimal model list states no durations: the person types the seconds.
  await page.getByRole('spinbutton', { name: 'Duration' }).fill('10');
  await generate(page, 'A red fox in the snow [[polls:4]]');

  const item = job(page, 'A red fox in the snow');
  await expect(item).toContainText(
    /Status: (Sent, waiting for the first check|Waiting in the queue|Generating)/,
  );
  await expect(item).toContainText('txt2vid-kling/kling-v2.1');
  await expect(item).toContainText(/Elapsed 0:0\d/);
  await expect(item).toContainText('Status: Completed', { timeout: 20_000 });
  const video = item.locator('video');
  await expect(video).toBeVisible();
  const playing = await video.evaluate(async (element) => {
    const media = element as HTMLVideoElement;
    media.muted = true;
    await media.play();
    await new Promise((resolve) => setTimeout(resolve, 700));
    return { time: media.currentTime, width: media.videoWidth };
  });
  expect(playing.time).toBeGreaterThan(0.2);
  expect(playing.width).toBe(160);

  const polls = await statusPolls(atelier);
  expect(polls).toHaveLength(4);
  // Never closer than the app's interval (the simulator would have answered 429).
  const times = polls.map((p) => (p as unknown as { at: number }).at);
  for (let i = 1; i < times.length; i += 1)
    expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(POLL_MS);
  expect(polls.every((p) => /^Key sim-fast$/.test(String(p.headers.authorization)))).toBe(true);
  const [generated] = await simRequests(atelier, '/video/generate');
  expect(JSON.parse(String(generated?.body))).toMatchObject({
    aspect_ratio: '1:1',
    duration: 10,
    action: 'generate',
  });
});

test('polling resumes after the app restarts in the middle of a job', async ({ page, atelier }) => {
  await openVideo(page, atelier);
  await generate(page, 'Clouds over a lake [[polls:6]]');
  const item = job(page, 'Clouds over a lake');
  // Mid-job: a few checks done. Each count shows for one poll interval only, so any of them will do.
  await expect(item).toContainText(/about this video so far: [2-4]/);

  const url = await atelier.restartHost();
  const pollsBefore = (await statusPolls(atelier)).length;
  expect(pollsBefore).toBeLessThan(6);
  await gotoApp(page, url);
  await section(page, 'Video').click();
  await expect(job(page, 'Clouds over a lake')).toContainText('Status: Completed', {
    timeout: 20_000,
  });
  await expect(job(page, 'Clouds over a lake').locator('video')).toBeVisible();
  expect(await statusPolls(atelier)).toHaveLength(6);
});

test('a failed job shows the reason and the balance afterwards', async ({ page, atelier }) => {
  await openVideo(page, atelier);
  await generate(page, 'Impossible shot [[fail]] [[polls:2]]');
  const item = job(page, 'Impossible shot');
  await expect(item).toContainText('Status: Failed', { timeout: 15_000 });
  await expect(item).toContainText('Reason: Generation failed at the provider');
  // The balance in the one money format: "100 credits", "99.5 credits".
  await expect(item).toContainText(/Balance afterwards: \d+(\.\d+)? credits/);
  await expect(item.locator('video')).toHaveCount(0);
});

test('running statuses are said in words, never as bare codes', async ({ page, atelier }) => {
  await openVideo(page, atelier);
  // Each state lasts one poll: recorded, so a busy machine's late look cannot miss one.
  await recordJobTexts(page);
  await generate(page, 'Words only [[polls:4]]');
  const item = job(page, 'Words only');
  await expect(item).toContainText('Status: Completed', { timeout: 20_000 });
  expect(await jobShowed(page, 'Words only', 'Status: Waiting in the queue')).toBe(true);
  expect(await jobShowed(page, 'Words only', 'Status: Generating')).toBe(true);
  expect(await jobShowed(page, 'Words only', 'IN_QUEUE')).toBe(false);
  expect(await jobShowed(page, 'Words only', 'IN_PROGRESS')).toBe(false);
});

test('a failed poll keeps the job going and the next poll still waits the interval', async ({
  page,
  atelier,
}) => {
  await openVideo(page, atelier);
  await failNextRequests(atelier, { status: 504, count: 1, path: '/video/status' });
  // The note lasts until the next poll answers: recorded, so a late look cannot miss it.
  await recordJobTexts(page);
  await generate(page, 'Through a timeout [[polls:3]]');
  const item = job(page, 'Through a timeout');
  await expect(item).toContainText('Status: Completed', { timeout: 20_000 });
  expect(
    await jobShowed(page, 'Through a timeout', 'The last check failed; Atelier keeps asking.'),
  ).toBe(true);
  // The failed poll counted as one: three answered polls after it, none closer than the interval.
  const polls = await statusPolls(atelier);
  expect(polls).toHaveLength(4);
  const times = polls.map((p) => (p as unknown as { at: number }).at);
  for (let i = 1; i < times.length; i += 1)
    expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(POLL_MS);
});

test('an unknown status keeps the job polling and is shown inside words', async ({
  page,
  atelier,
}) => {
  await openVideo(page, atelier);
  // The odd status lasts one poll: recorded, so a busy machine's late frame cannot step over it.
  await recordJobTexts(page);
  await generate(page, 'Odd status [[weird]] [[polls:5]]');
  const item = job(page, 'Odd status');
  await expect(item).toContainText('Status: Completed', { timeout: 20_000 });
  expect(await jobShowed(page, 'Odd status', 'Working (status: RENDERING_FRAMES)')).toBe(true);
});

test('a video that does not download offers the download again', async ({ page, atelier }) => {
  await openVideo(page, atelier);
  await generate(page, 'Lost file [[nofile]] [[polls:2]]');
  const item = job(page, 'Lost file');
  await expect(item).toContainText('Status: Download failed', { timeout: 15_000 });
  await expect(item).toContainText('could not be downloaded');
  await item.getByRole('button', { name: 'Retry download' }).click();
  await expect(item).toContainText('Status: Download failed');
  const downloads = async () =>
    (await simRequests(atelier)).filter((r) => r.path.includes('-expired.mp4')).length;
  await expect.poll(downloads).toBe(2);
});

test('a removed job disappears and is no longer polled', async ({ page, atelier }) => {
  await openVideo(page, atelier);
  await generate(page, 'Never ending [[polls:100]]');
  const item = job(page, 'Never ending');
  await expect(item).toContainText('about this video so far: 1.');
  await item.getByRole('button', { name: 'Remove job' }).click();
  // Still running, so its spent credits are named first.
  await item.getByRole('button', { name: 'Remove anyway' }).click();
  await expect(item).toHaveCount(0);
  const polls = (await statusPolls(atelier)).length;
  await page.waitForTimeout(POLL_MS * 3);
  expect(await statusPolls(atelier)).toHaveLength(polls);
  await reloadApp(page);
  await section(page, 'Video').click();
  await expect(page.getByText('No jobs yet.')).toBeVisible();
});

test('an image-to-video model takes first and last frames', async ({ page, atelier }) => {
  await openVideo(page, atelier);
  // The list does not say which models take a frame, so every video model offers both.
  await pickModel(page, 'img2vid-minimax/hailuo-02');
  await expect(page.getByRole('group', { name: 'First frame' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Last frame' })).toBeVisible();
  await pickModel(page, 'img2vid-kling/kling-v2.1-pro');
  await expect(page.getByRole('group', { name: 'Last frame' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill('The sun rises');
  await page
    .getByRole('group', { name: 'First frame' })
    .locator('input[type="file"]')
    .setInputFiles({ name: 'start.png', mimeType: 'image/png', buffer: PNG });
  await page
    .getByRole('group', { name: 'Last frame' })
    .locator('input[type="file"]')
    .setInputFiles({ name: 'end.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Last frame' })).toBeVisible();
  await page.getByRole('button', { name: 'Generate video' }).click();
  await expect(job(page, 'The sun rises')).toBeVisible();
  const [generated] = await simRequests(atelier, '/video/generate');
  const body = String(generated?.body);
  expect(body).toContain('"image_url":"data:image/png;base64,');
  expect(body).toContain('"end_image_url":"data:image/png;base64,');
});
