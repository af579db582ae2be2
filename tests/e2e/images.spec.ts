// Images end to end: generate, aspect ratio, edit with several sources, the gallery, Automatic1111, bad input.
import type { Page } from '@playwright/test';
import { picturePng } from '../../sim/media/png';
import {
  connectService,
  expect,
  failNextRequests,
  openApp,
  pickModel,
  reloadApp,
  section,
  simRequests,
  test,
  type Atelier,
  type SimRequest,
} from './fixtures';
import { LOOKS, openSettings } from './looks';

const SDXL = 'img-stable/stable-diffusion-xl-1024';
const FLUX = 'img-black-forest-labs/flux-1.1-pro';
const MULTI_EDIT = 'img2img-google/gemini-2.5-flash-image';
const ONE_EDIT = 'img2img-black-forest-labs/flux-kontext-pro';

async function openImages(page: Page, atelier: Atelier, key = 'sim-fast'): Promise<void> {
  await openApp(page, atelier);
  await connectService(page, { baseUrl: atelier.simBaseUrl, key });
  await expect(page.getByText(`Key saved`, { exact: false })).toBeVisible();
  await section(page, 'Images').click();
}

function gallery(page: Page) {
  return page.getByRole('list', { name: 'Gallery' });
}

async function generate(page: Page, prompt: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill(prompt);
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(
    page.getByRole('region', { name: 'Result' }).getByRole('img', { name: prompt }),
  ).toBeVisible({ timeout: 20_000 });
}

/** A logged request body as JSON (the log keeps bodies as text, cut at 2,000 characters). */
function bodyOf(request: SimRequest | undefined): Record<string, unknown> {
  const body = request?.body;
  if (typeof body !== 'string') return (body ?? {}) as Record<string, unknown>;
  return JSON.parse(body) as Record<string, unknown>;
}

/** The file input beside "Add source image" (the chat, kept mounted, has its own). */
function sourceInput(page: Page) {
  return page.getByRole('region', { name: 'Source images' }).locator('input[type="file"]');
}

function png(prompt: string, width = 96, height = 64): Buffer {
  return picturePng(prompt, width, height);
}

test('generates an image whose alt text is the prompt, with its cost, kept in the gallery', async ({
  page,
  atelier,
}) => {
  await openImages(page, atelier);
  await pickModel(page, SDXL);
  await page.getByRole('combobox', { name: 'Size' }).selectOption('512x512');
  await generate(page, 'a red fox in fresh snow');

  await expect(page.getByText(/Cost: 0\.004\d* credits/)).toBeVisible();
  await expect(gallery(page).getByRole('img', { name: 'a red fox in fresh snow' })).toBeVisible();
  const [request] = await simRequests(atelier, '/images/generations');
  expect(bodyOf(request)).toMatchObject({
    model: SDXL,
    prompt: 'a red fox in fresh snow',
    n: 1,
    size: '512x512',
    response_format: 'b64_json',
  });
  // The shown picture is the real PNG the service made, at the asked size.
  const size = await page
    .getByRole('region', { name: 'Result' })
    .getByRole('img')
    .evaluate((img: HTMLImageElement) => `${img.naturalWidth}x${img.naturalHeight}`);
  expect(size).toBe('512x512');
});

test('a model that needs an aspect ratio gets one instead of a size', async ({ page, atelier }) => {
  await openImages(page, atelier);
  await pickModel(page, FLUX);
  // Known to want an aspect ratio: it starts with one; the size stays reachable for any model.
  await expect(page.getByRole('combobox', { name: 'Aspect ratio' })).toHaveValue('1:1');
  await expect(page.getByRole('combobox', { name: 'Size' })).toHaveValue('');
  await page.getByRole('combobox', { name: 'Aspect ratio' }).selectOption('16:9');
  await generate(page, 'a lighthouse at dusk');

  const [request] = await simRequests(atelier, '/images/generations');
  expect(bodyOf(request)).toMatchObject({ model: FLUX, aspect_ratio: '16:9' });
  expect(bodyOf(request)).not.toHaveProperty('size');
});

test('edits with several sources in the order the user set', async ({ page, atelier }) => {
  await openImages(page, atelier);
  await page.getByRole('radio', { name: 'Edit' }).click();
  await pickModel(page, MULTI_EDIT);

  // Small pictures, so the whole request fits in the simulator's 2,000-character log entry.
  const first = png('first source', 8, 8);
  const second = png('second source', 10, 6);
  const third = png('third source', 6, 10);
  await sourceInput(page).setInputFiles([
    { name: 'first.png', mimeType: 'image/png', buffer: first },
    { name: 'second.png', mimeType: 'image/png', buffer: second },
    { name: 'third.png', mimeType: 'image/png', buffer: third },
  ]);
  const sources = page.getByRole('region', { name: 'Source images' }).getByRole('listitem');
  await expect(sources).toHaveCount(3);
  await expect(page.getByText(/Uploading/)).toHaveCount(0);

  // Reorder with a button, then with the keyboard, and remove one.
  await page.getByRole('button', { name: 'Move up: second.png' }).click();
  await expect(sources.first()).toHaveAccessibleName('Source 1: second.png');
  await sources.nth(2).focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(sources.nth(1)).toHaveAccessibleName('Source 2: third.png');
  await page.getByRole('button', { name: 'Remove: first.png' }).click();
  await expect(sources).toHaveCount(2);

  await generate(page, 'put them side by side');
  const [request] = await simRequests(atelier, '/images/generations');
  const body = bodyOf(request);
  expect(body.model).toBe(MULTI_EDIT);
  expect(body.image_url).toBe(`data:image/png;base64,${second.toString('base64')}`);
  expect(body.image2_url).toBe(`data:image/png;base64,${third.toString('base64')}`);
  expect(body).not.toHaveProperty('image3_url');
});

test('sources also come from a drop and a paste', async ({ page, atelier }) => {
  await openImages(page, atelier);
  await page.getByRole('radio', { name: 'Edit' }).click();
  const region = page.getByRole('region', { name: 'Source images' });
  const bytes = Array.from(png('dropped', 8, 8));
  const dropped = await page.evaluateHandle((data) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(data)], 'dropped.png', { type: 'image/png' }));
    return transfer;
  }, bytes);
  await region.dispatchEvent('dragover', { dataTransfer: dropped });
  await region.dispatchEvent('drop', { dataTransfer: dropped });
  await expect(region.getByRole('listitem', { name: 'Source 1: dropped.png' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Prompt', exact: true }).evaluate((field, data) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(data)], 'pasted.png', { type: 'image/png' }));
    field.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  }, bytes);
  await expect(region.getByRole('listitem', { name: 'Source 2: pasted.png' })).toBeVisible();
});

test.describe("at the service's rate", () => {
  // A 504 is sent again at the next request slot: at the quick test rate that is 50 ms later, too
  // soon to see the notice; at the service's 2 s it shows as it does for a person.
  test.use({ atelierOptions: { rate: 'service' } });

  test('says it is retrying while the service times out, then shows the picture', async ({
    page,
    atelier,
  }) => {
    await openImages(page, atelier);
    await pickModel(page, SDXL);
    await failNextRequests(atelier, { status: 504, count: 2, path: '/images/generations' });
    await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill('worth the wait');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect(page.getByText(/retrying \(attempt \d of \d+\)/)).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Result' }).getByRole('img', { name: 'worth the wait' }),
    ).toBeVisible({ timeout: 30_000 });
    expect(await simRequests(atelier, '/images/generations')).toHaveLength(3);
  });
});

test('send to chat opens a new chat with the picture attached', async ({ page, atelier }) => {
  await openImages(page, atelier);
  await pickModel(page, SDXL);
  await page.getByRole('combobox', { name: 'Size' }).selectOption('512x512');
  await generate(page, 'a picture for the chat');
  await gallery(page).getByRole('button', { name: 'a picture for the chat' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send to chat' }).click();
  await expect(section(page, 'Chat')).toHaveAttribute('aria-selected', 'true');
  const tray = page.getByRole('list', { name: 'Attachments' });
  await expect(tray.getByRole('img', { name: 'a picture for the chat.png' })).toBeVisible();
  await expect(tray).toContainText(/Image · /, { timeout: 15_000 });
  // The kept picture is attached by its id: no upload, so no second copy in the library.
  await section(page, 'Images').click();
  await expect(page.getByText('Pictures: 1')).toBeVisible();
});

test('save as downloads the picture, copy puts it on the clipboard as an image', async ({
  page,
  context,
  atelier,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(atelier.url).origin,
  });
  await openImages(page, atelier);
  await pickModel(page, SDXL);
  await page.getByRole('combobox', { name: 'Size' }).selectOption('512x512');
  await generate(page, 'keep me');
  await gallery(page).getByRole('button', { name: 'keep me' }).click();
  const viewer = page.getByRole('dialog');

  const download = page.waitForEvent('download');
  await viewer.getByRole('button', { name: 'Save as…' }).click();
  expect((await download).suggestedFilename()).toMatch(/^keep me\.png$/);

  await viewer.getByRole('button', { name: 'Copy image' }).click();
  await expect(viewer.getByText('Copied', { exact: true })).toBeVisible();
  const types = await page.evaluate(async () => {
    const items = await navigator.clipboard.read();
    return items.flatMap((item) => item.types);
  });
  expect(types).toContain('image/png');
});

test('a model the list does not limit gets both sources, and the service’s refusal is shown', async ({
  page,
  atelier,
}) => {
  await openImages(page, atelier);
  await page.getByRole('radio', { name: 'Edit' }).click();
  await pickModel(page, ONE_EDIT);
  await sourceInput(page).setInputFiles([
    { name: 'a.png', mimeType: 'image/png', buffer: png('a') },
    { name: 'b.png', mimeType: 'image/png', buffer: png('b') },
  ]);
  await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill('make it blue');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(
    page.getByText(/The service said: .*accepts at most 1 source image; got 2/),
  ).toBeVisible();
});

test('an edit goes through /images/edits with the id the account maps', async ({
  page,
  atelier,
}) => {
  await openImages(page, atelier);
  await page.getByRole('radio', { name: 'Edit' }).click();
  await page.getByRole('checkbox', { name: 'Edit with a model set up in my account' }).check();
  // The endpoint and the naming rule are one click away, not in the sentence.
  await expect(page.getByText('/images/edits')).toBeHidden();
  await page.getByText('Details', { exact: true }).click();
  await expect(page.getByText(/\/images\/edits with the name below/)).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Name of the model in your account' })
    .fill('gpt-image-1');
  await sourceInput(page).setInputFiles([
    { name: 'cat.png', mimeType: 'image/png', buffer: png('cat', 16, 16) },
  ]);
  await generate(page, 'paint it blue');
  const [request] = await simRequests(atelier, '/images/edits');
  expect(request?.method).toBe('POST');
  expect(String(request?.body)).toContain('name="model"');
  expect(String(request?.body)).toContain('gpt-image-1');
  expect(await simRequests(atelier, '/images/generations')).toHaveLength(0);
});

test.describe('with a model list that states limits', () => {
  test.use({ atelierOptions: { modelsProfile: 'rich' } });

  test('a one-source model shows its limit and blocks a second source', async ({
    page,
    atelier,
  }) => {
    await openImages(page, atelier);
    await page.getByRole('radio', { name: 'Edit' }).click();
    await pickModel(page, ONE_EDIT);
    await expect(page.getByText('This model takes 1 source image.')).toBeVisible();
    await sourceInput(page).setInputFiles([
      { name: 'a.png', mimeType: 'image/png', buffer: png('a') },
      { name: 'b.png', mimeType: 'image/png', buffer: png('b') },
    ]);
    await expect(page.getByText('2 chosen: remove 1 to use this model.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill('make it blue');
    await expect(page.getByRole('button', { name: 'Generate', exact: true })).toBeDisabled();
  });
});

test('gallery: open large, browse, use as source, regenerate, delete, and it survives a reload', async ({
  page,
  atelier,
}) => {
  await openImages(page, atelier);
  await pickModel(page, SDXL);
  await generate(page, 'first picture');
  await generate(page, 'second picture');
  await expect(gallery(page).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText('Pictures: 2')).toBeVisible();

  await reloadApp(page);
  await section(page, 'Images').click();
  await expect(gallery(page).getByRole('img', { name: 'first picture' })).toBeVisible();
  await expect(gallery(page).getByRole('img', { name: 'second picture' })).toBeVisible();

  // The grid is one tab stop; arrows move between pictures and Enter opens one.
  await gallery(page).getByRole('button', { name: 'second picture' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(gallery(page).getByRole('button', { name: 'first picture' })).toBeFocused();
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog');
  await expect(viewer).toHaveAccessibleName('first picture');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(gallery(page).getByRole('button', { name: 'first picture' })).toBeFocused();

  // Newest first: the second picture opens, → goes to the first.
  await gallery(page).getByRole('button', { name: 'second picture' }).click();
  await expect(viewer).toHaveAccessibleName('second picture');
  await expect(viewer.getByText('1 of 2')).toBeVisible();
  await expect(viewer.getByText(SDXL)).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(viewer).toHaveAccessibleName('first picture');
  await expect(viewer.getByText('2 of 2')).toBeVisible();

  await viewer.getByRole('button', { name: 'Use as source' }).click();
  await expect(viewer).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Edit' })).toBeChecked();
  await expect(
    page.getByRole('region', { name: 'Source images' }).getByRole('listitem'),
  ).toHaveAccessibleName('Source 1: first picture');

  await gallery(page).getByRole('button', { name: 'first picture' }).click();
  await viewer.getByRole('button', { name: 'Regenerate' }).click();
  await expect(page.getByText('Pictures: 3')).toBeVisible({ timeout: 20_000 });
  const generations = await simRequests(atelier, '/images/generations');
  expect(bodyOf(generations.at(-1))).toMatchObject({ model: SDXL, prompt: 'first picture' });

  await gallery(page).getByRole('button', { name: 'second picture' }).click();
  await viewer.getByRole('button', { name: 'Delete', exact: true }).click();
  await viewer.getByRole('button', { name: 'Delete picture' }).click();
  await expect(page.getByText('Pictures: 2')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(gallery(page).getByRole('img', { name: 'second picture' })).toHaveCount(0);
});

test('Automatic1111 prompt: txt2img through the mapped address, images kept', async ({
  page,
  atelier,
}) => {
  await openImages(page, atelier);
  await page.getByRole('radio', { name: 'Automatic1111 prompt' }).click();
  await page.getByRole('textbox', { name: 'Negative prompt' }).fill('blurry');
  await page.getByRole('spinbutton', { name: 'Steps' }).fill('12');
  await page.getByRole('spinbutton', { name: 'Width' }).fill('640');
  await generate(page, 'a castle on a hill');
  await expect(gallery(page).getByRole('img', { name: 'a castle on a hill' })).toBeVisible();

  const [request] = await simRequests(atelier, '/sdapi/v1/txt2img');
  expect(request?.path).toBe('/sdapi/sim-fast/sdapi/v1/txt2img');
  expect(bodyOf(request)).toMatchObject({
    prompt: 'a castle on a hill',
    negative_prompt: 'blurry',
    steps: 12,
    width: 640,
    height: 512,
  });

  await openSettings(page, LOOKS[0]!, 'advanced');
  await expect(page.getByLabel('Address for those tools')).toHaveText(
    `${atelier.simRoot}/sdapi/••••fast/sdapi/v1/txt2img`,
  );
});

test('Automatic1111 without the mapping explains how to create it', async ({ page, atelier }) => {
  await openImages(page, atelier, 'sim-nomapping');
  await page.getByRole('radio', { name: 'Automatic1111 prompt' }).click();
  await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill('a castle');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByText(/has no mapping for sdapi\/txt2img yet/)).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('alert')).toContainText('sdapi/txt2img');
});

test('an answer that is not an image is refused and nothing is saved', async ({
  page,
  atelier,
}) => {
  await openImages(page, atelier);
  await pickModel(page, SDXL);
  await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill('[[notimage]] a cat');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('could not read', { timeout: 20_000 });
  await expect(alert).toContainText('not an image');
  await expect(page.getByText('Pictures: 0')).toBeVisible();
  await expect(gallery(page).getByRole('listitem')).toHaveCount(0);
});

test('a source image over the size limit is refused with its size and the limit', async ({
  page,
  atelier,
}) => {
  await openImages(page, atelier);
  await page.getByRole('radio', { name: 'Edit' }).click();
  const big = Buffer.concat([png('big'), Buffer.alloc(11 * 1024 * 1024)]);
  await sourceInput(page).setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big });
  await expect(page.getByRole('alert')).toContainText(
    'huge.png is 11 MB; the limit for a source image is 10 MB.',
  );
  await expect(
    page.getByRole('region', { name: 'Source images' }).getByRole('listitem'),
  ).toHaveCount(0);
});
