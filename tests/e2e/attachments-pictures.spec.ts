// Pictures in chat by the service's vis- rule (issue 41): the advice for a plain model whatever its badges and for pictures already in the conversation, no refusal on Atelier's own picture estimate, and a picture sent by its web address.
import type { Page } from '@playwright/test';
import { expect, pickModel, simRequests, test, turnRequests } from './fixtures';
import { LOOKS, openInLook, turnEndIn, type Look } from './looks';
import { makePng } from './files';
import { pasteText } from './attachment-events';

/** The chat request of the last turn, parsed, once it has arrived. */
async function lastTurnBody(
  atelier: Parameters<typeof turnRequests>[0],
): Promise<{ model: string; messages: Array<{ role: string; content: unknown }> }> {
  await expect.poll(async () => (await turnRequests(atelier)).length).toBeGreaterThan(0);
  const requests = await turnRequests(atelier);
  return JSON.parse(String(requests.at(-1)?.body)) as Awaited<ReturnType<typeof lastTurnBody>>;
}

/** The image_url parts of a request's last message. */
function pictureParts(body: Awaited<ReturnType<typeof lastTurnBody>>): string[] {
  const content = body.messages.at(-1)?.content;
  if (!Array.isArray(content)) return [];
  return (content as Array<{ type: string; image_url?: string }>)
    .filter((part) => part.type === 'image_url')
    .map((part) => String(part.image_url));
}

function messageBox(page: Page, look: Look) {
  return page.getByRole('textbox', { name: look.t('chat.message'), exact: true });
}

async function attachPhoto(page: Page, look: Look, count = 1): Promise<void> {
  await page.getByLabel(look.t('attach.files')).setInputFiles(
    Array.from({ length: count }, (_, i) => ({
      name: `photo-${i + 1}.png`,
      mimeType: 'image/png',
      buffer: makePng(8 + i, 8),
    })),
  );
  // Each chip is read, converted and uploaded in turn; the composer says to wait until all are.
  await expect(page.locator('.attachment-chip')).toHaveCount(count);
  await expect(page.getByText(look.t('attach.waitUploads'))).toHaveCount(0, { timeout: 15_000 });
}

/** Waits for the turn just sent: its answer is on the page (the `answers`-th), and the turn is over. */
async function answered(page: Page, look: Look, answers: number): Promise<void> {
  const assistant = page.getByRole('article', { name: look.t('chat.assistantMessage') });
  await expect(assistant).toHaveCount(answers);
  await turnEndIn(page, look);
}

for (const look of LOOKS) {
  test.describe(`a plain model the list marks as seeing pictures (${look.name})`, () => {
    test.use({ atelierOptions: { modelsProfile: 'rich' } });

    test(`still gets the vis- advice before a picture goes out (${look.name})`, async ({
      page,
      atelier,
    }) => {
      await openInLook(page, atelier, look, 'chat');
      // The rich list gives anthropic/claude-3.5-sonnet the vision feature; its id is not vis-.
      await pickModel(page, 'anthropic/claude-3.5-sonnet', look.t('models.label'));
      await attachPhoto(page, look);
      await expect(
        page.getByText(look.t('attach.vision.title', { model: 'anthropic/claude-3.5-sonnet' })),
      ).toBeVisible();
      await messageBox(page, look).fill('What is on it?');
      await messageBox(page, look).press('Enter');
      await expect(page.getByText(look.t('attach.vision.chooseFirst'))).toBeVisible();
      expect(await turnRequests(atelier)).toHaveLength(0);
      const vision = 'vis-anthropic/claude-3.5-sonnet';
      await page.getByRole('button', { name: look.t('attach.vision.switch', { vision }) }).click();
      await messageBox(page, look).press('Enter');
      await answered(page, look, 1);
      const body = await lastTurnBody(atelier);
      expect(body.model).toBe(vision);
      expect(pictureParts(body)).toHaveLength(1);
    });
  });

  test(`pictures already in the conversation get the advice after a model switch (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openInLook(page, atelier, look, 'chat');
    await pickModel(page, 'vis-openai/gpt-4o-mini', look.t('models.label'));
    await attachPhoto(page, look);
    await messageBox(page, look).fill('What is on it?');
    await messageBox(page, look).press('Enter');
    await answered(page, look, 1);
    expect(await turnRequests(atelier)).toHaveLength(1);

    // Switched to the plain model, the next message would carry the earlier picture to it.
    await pickModel(page, 'openai/gpt-4o-mini', look.t('models.label'));
    await expect(
      page.getByText(look.t('attach.vision.historyTitle', { model: 'openai/gpt-4o-mini' })),
    ).toBeVisible();
    // Regenerating the answer would carry the picture to it too: it waits for the same choice.
    const answer = look.t('chat.answerN', { n: 1 });
    await page
      .getByRole('button', { name: look.t('chat.regenerateMessage', { message: answer }) })
      .click();
    await expect(page.getByText(look.t('attach.vision.chooseFirst'))).toBeVisible();
    expect(await turnRequests(atelier)).toHaveLength(1);
    await messageBox(page, look).fill('And the colours?');
    await messageBox(page, look).press('Enter');
    await expect(page.getByText(look.t('attach.vision.chooseFirst'))).toBeVisible();
    expect(await turnRequests(atelier)).toHaveLength(1);
    // The person may still send as chosen; the service then has its say.
    await page.getByRole('button', { name: look.t('attach.vision.keep') }).click();
    await expect(page.getByText(look.t('attach.vision.chooseFirst'))).toHaveCount(0);
    await messageBox(page, look).press('Enter');
    await answered(page, look, 2);
    const body = await lastTurnBody(atelier);
    expect(body.model).toBe('openai/gpt-4o-mini');
    const first = body.messages.find((m) => m.role === 'user')?.content;
    expect(JSON.stringify(first)).toContain('"type":"image_url"');
  });

  test(`Atelier's picture estimate refuses nothing: the service counts (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openInLook(page, atelier, look, 'chat');
    // A 2,048-token context keeps 1,024 for the answer: ten pictures at Atelier's estimate of 85
    // and about 300 tokens of text would not fit by that estimate; the service counts otherwise.
    await pickModel(page, 'vis-sim/tiny-context', look.t('models.label'));
    await attachPhoto(page, look, 10);
    await messageBox(page, look).fill('word '.repeat(300).trim());
    await page.getByRole('button', { name: look.t('chat.send'), exact: true }).click();
    await answered(page, look, 1);
    await expect(
      page.getByRole('article', { name: look.t('chat.assistantMessage') }).last(),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    // The request went out (its logged body is cut at 2,000 characters, so it is not parsed).
    const turns = await turnRequests(atelier);
    expect(turns).toHaveLength(1);
    expect(String(turns[0]!.body)).toContain('"model":"vis-sim/tiny-context"');
  });

  test(`a pasted web address goes as a picture by address, never fetched here (${look.name})`, async ({
    page,
    atelier,
  }) => {
    const address = `${atelier.simRoot}/files/sample-picture.png`;
    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(request.url()));
    await openInLook(page, atelier, look, 'chat');
    await pickModel(page, 'vis-openai/gpt-4o-mini', look.t('models.label'));
    await pasteText(page, address, look.t('chat.message'));
    await expect(messageBox(page, look)).toHaveValue(address);
    await page.getByRole('button', { name: look.t('attach.address.attach') }).click();
    // The address leaves the text and becomes an attachment named by it.
    await expect(messageBox(page, look)).toHaveValue('');
    const tray = page.getByRole('list', { name: look.t('attach.list') }).first();
    await expect(tray).toContainText('sample-picture.png');
    const host = new URL(address).host;
    await expect(tray).toContainText(look.t('attach.addressChip', { host }));
    await messageBox(page, look).fill('What is on it?');
    await messageBox(page, look).press('Enter');
    await answered(page, look, 1);
    const body = await lastTurnBody(atelier);
    expect(pictureParts(body)).toEqual([address]);
    // Neither the page nor core asked the address for anything: the service reads it.
    expect(loaded.filter((url) => url.includes('sample-picture'))).toEqual([]);
    expect(await simRequests(atelier, '/files/sample-picture.png')).toHaveLength(0);
    await expect(
      page.getByRole('article', { name: look.t('chat.userMessage') }).last(),
    ).toContainText(look.t('attach.addressChip', { host }));
  });

  test(`an address the service cannot read is said plainly (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openInLook(page, atelier, look, 'chat');
    await pickModel(page, 'vis-openai/gpt-4o-mini', look.t('models.label'));
    // The simulator reads no address but its own, as the service cannot read an unknown one.
    await pasteText(page, 'https://pictures.example/cat.png', look.t('chat.message'));
    await page.getByRole('button', { name: look.t('attach.address.attach') }).click();
    await messageBox(page, look).fill('What is on it?');
    await messageBox(page, look).press('Enter');
    const alert = page.getByRole('alert').first();
    await expect(alert).toContainText(look.t('error.picture_address_unreadable'));
    await turnEndIn(page, look);
    await expect(alert).toContainText(/MIME/);
    expect(pictureParts(await lastTurnBody(atelier))).toEqual(['https://pictures.example/cat.png']);
  });
}
