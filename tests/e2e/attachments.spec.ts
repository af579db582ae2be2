// Attachments in chat: images by paste and drop with the vis- suggestion, audio as input_audio, document chips, refusals.
import type { Page } from '@playwright/test';
import {
  assistantMessages,
  expect,
  expectModel,
  pickModel,
  reloadApp,
  simRequests,
  startChatting,
  test,
  turnRequests,
  userMessages,
  waitForTurnEnd,
} from './fixtures';
import { LOOKS, openInLook } from './looks';
import { makePdf, makePng, makeWav } from './files';
import { sendFileEvent } from './attachment-events';

function attachments(page: Page) {
  return page.getByRole('list', { name: 'Attachments' }).first();
}

/** The last turn's chat request body, once one has arrived (a turn may still be starting). */
async function lastChatBody(atelier: Parameters<typeof simRequests>[0]): Promise<string> {
  // The conversation's title, asked after the first answer, is not the turn.
  await expect.poll(async () => (await turnRequests(atelier)).length).toBeGreaterThan(0);
  const requests = await turnRequests(atelier);
  return String(requests[requests.length - 1]?.body ?? '');
}

test('a pasted and a dropped image are sent as data URIs after switching to the vis- model', async ({
  page,
  atelier,
}) => {
  await startChatting(page, atelier);
  await sendFileEvent(page, 'paste', {
    name: 'pasted.png',
    type: 'image/png',
    bytes: makePng(64, 48),
  });
  await sendFileEvent(page, 'drop', {
    name: 'dropped.png',
    type: 'image/png',
    bytes: makePng(3000, 100),
  });
  await expect(attachments(page).getByRole('img', { name: 'pasted.png' })).toBeVisible();
  await expect(attachments(page).getByRole('img', { name: 'dropped.png' })).toBeVisible();
  await expect(attachments(page)).toContainText('Image ·', { timeout: 15_000 });

  // The default model is not a vis- one: the app offers its vis- variant and says why.
  await expect(
    page.getByText(
      'The service may refuse pictures sent to openai/gpt-4o-mini, or charge too much for them.',
    ),
  ).toBeVisible();
  await expect(
    page.getByText('Switch to vis-openai/gpt-4o-mini: the same model, priced for pictures.', {
      exact: false,
    }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Use vis-openai/gpt-4o-mini' }).click();
  await expectModel(page, 'vis-openai/gpt-4o-mini');
  await expect(page.getByText('The service may refuse pictures sent to')).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('What is in these?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await waitForTurnEnd(page);
  await expect(assistantMessages(page).last()).toContainText('What is in these?');
  const body = await lastChatBody(atelier);
  expect(body).toContain('"model":"vis-openai/gpt-4o-mini"');
  expect(body).toContain('"type":"image_url"');
  expect(body).toContain('data:image/png;base64,');
  // Both thumbnails stay with the sent message, also after a reload.
  await reloadApp(page);
  await page.getByRole('link', { name: /What is in these/ }).click();
  await expect(userMessages(page).last().getByRole('img', { name: 'pasted.png' })).toBeVisible();
  await expect(userMessages(page).last().getByRole('img', { name: 'dropped.png' })).toBeVisible();
});

for (const look of LOOKS) {
  test(`Enter does not skip the vision choice: the message waits until the person picks (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openInLook(page, atelier, look, 'chat');
    await page.getByLabel(look.t('attach.files')).setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: makePng(20, 20),
    });
    const keep = page.getByRole('button', { name: look.t('attach.vision.keep') });
    await expect(keep).toBeVisible();
    // The model list's naming (vis-) is one click away, under Details, not in the sentence.
    const advice = page.getByRole('note').filter({ has: keep });
    const details = advice.locator('.technical-details-body');
    await expect(details).toBeHidden();
    await advice.getByText(look.t('common.details'), { exact: true }).click();
    await expect(details).toBeVisible();
    await expect(details).toContainText('vis-');
    const box = page.getByRole('textbox', { name: look.t('chat.message'), exact: true });
    await box.fill('What is on it?');
    await box.press('Enter');
    await expect(page.getByText(look.t('attach.vision.chooseFirst'))).toBeVisible();
    await expect(
      page.getByRole('button', { name: look.t('chat.send'), exact: true }),
    ).toBeDisabled();
    expect(await simRequests(atelier, '/chat/completions')).toHaveLength(0);
    // Once chosen (the advice gone, as the person sees it), Enter sends.
    await keep.click();
    await expect(keep).toBeHidden();
    await box.press('Enter');
    await expect(
      page.getByRole('article', { name: look.t('chat.assistantMessage') }).last(),
    ).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('article[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
    expect(await turnRequests(atelier)).toHaveLength(1);
  });
}

test('"Send anyway" keeps the plain model and the service explains the refusal', async ({
  page,
  atelier,
}) => {
  await startChatting(page, atelier);
  await page.getByLabel('Attach files').setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: makePng(20, 20),
  });
  // The words say what happens; the model list's naming is under Details.
  await expect(page.getByText('the list has no vis- variant')).toHaveCount(0);
  await page.getByRole('button', { name: 'Send anyway' }).click();
  await expect(page.getByText('The service may refuse pictures sent to')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await waitForTurnEnd(page);
  await expect(page.getByRole('alert').first()).toBeVisible();
  expect(await lastChatBody(atelier)).toContain('"model":"openai/gpt-4o-mini"');
});

test('audio goes to any model: the service’s refusal is shown, and a typed audio model takes it', async ({
  page,
  atelier,
}) => {
  await startChatting(page, atelier);
  const attachWav = async () => {
    await page.getByLabel('Attach files').setInputFiles({
      name: 'question.wav',
      mimeType: 'audio/wav',
      buffer: makeWav(0.4),
    });
    await expect(attachments(page)).toContainText('WAV ·', { timeout: 15_000 });
  };
  // The model list does not say which models take audio: nothing is refused beforehand.
  await attachWav();
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Listen to this');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await waitForTurnEnd(page);
  await expect(page.getByText(/The service said: .*does not take audio input/)).toBeVisible();

  // An id typed in the Model picker and Enter is used as it is.
  await page.getByRole('button', { name: 'New chat', exact: true }).click();
  await pickModel(page, 'openai/gpt-4o-audio-preview');
  await attachWav();
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Listen to this');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await waitForTurnEnd(page);
  const body = await lastChatBody(atelier);
  expect(body).toContain('"model":"openai/gpt-4o-audio-preview"');
  expect(body).toContain('"type":"input_audio"');
  expect(body).toContain('"format":"wav"');
  await expect(userMessages(page).last()).toContainText('question.wav');
});

test('a PDF becomes a chip with pages and tokens and is sent as context', async ({
  page,
  atelier,
}) => {
  await startChatting(page, atelier);
  await page.getByLabel('Attach files').setInputFiles({
    name: 'minutes.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf([
      { text: 'Minutes of the meeting\nThe budget was approved.' },
      { text: 'Next meeting in May' },
    ]),
  });
  await expect(attachments(page)).toContainText(/2 pages · about \d+ tokens/, {
    timeout: 15_000,
  });
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Summarise it');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await waitForTurnEnd(page);
  const body = await lastChatBody(atelier);
  expect(body).toContain('Attached document \\"minutes.pdf\\", 2 pages');
  expect(body).toContain('The budget was approved.');
  await expect(userMessages(page).last()).toContainText('minutes.pdf');
  await expect(userMessages(page).last()).toContainText('2 pages');
});

test('a document too large for the model context is flagged before sending', async ({
  page,
  atelier,
}) => {
  await startChatting(page, atelier);
  const long = Array.from(
    { length: 200 },
    (_, i) => `Line ${i} of a long and wordy report about rivers and lakes`,
  ).join('\n');
  await page.getByLabel('Attach files').setInputFiles({
    name: 'long.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf([{ text: long }]),
  });
  await expect(attachments(page)).toContainText('1 page', { timeout: 15_000 });
  await pickModel(page, 'sim/tiny-context', 'Model');
  await expect(page.getByText(/sim\/tiny-context has a context of 2,048/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Read it');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  // Core checks too, and refuses before anything reaches the service.
  await expect(page.getByRole('alert').first()).toContainText(/too long for this model/);
  expect(await simRequests(atelier, '/chat/completions')).toHaveLength(0);
  // The refused turn gives its document back to the composer.
  await expect(attachments(page)).toContainText('long.pdf');
});

test('refuses a file that is not what its name says, an empty one and an unreadable PDF', async ({
  page,
  atelier,
}) => {
  await startChatting(page, atelier);
  await page.getByLabel('Attach files').setInputFiles([
    {
      name: 'fake.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('plain words, not a PDF'),
    },
    { name: 'empty.png', mimeType: 'image/png', buffer: Buffer.alloc(0) },
    {
      name: 'broken.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\nno objects here\n'),
    },
  ]);
  await expect(attachments(page)).toContainText(
    '“fake.pdf” is not a PDF file, although its name says so.',
    {
      timeout: 15_000,
    },
  );
  await expect(attachments(page)).toContainText('“empty.png” is empty (0 bytes)');
  await expect(attachments(page)).toContainText('The service could not read this document', {
    timeout: 15_000,
  });
  await expect(attachments(page)).toContainText('Could not extract text');
  // Each can be removed; nothing else is lost.
  await page.getByRole('button', { name: 'Remove fake.pdf' }).click();
  await expect(attachments(page)).not.toContainText('fake.pdf');
});
