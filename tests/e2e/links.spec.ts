// Links and pictures in answers: nothing leaves the app before the person reads the whole address and says yes.
import type { Page } from '@playwright/test';
import {
  assistantMessages,
  expect,
  reloadApp,
  sendMessage,
  startChatting,
  test,
  waitForTurnEnd,
} from './fixtures';

const GUIDE = 'https://docs.example.com/guide/start?x=1#top';
const PICTURE = 'https://images.example.net/diagram.png';

/** The addresses the page asked the host to open, read from the bridge's own messages. */
function recordOpenedLinks(page: Page): string[] {
  const opened: string[] = [];
  page.on('websocket', (socket) => {
    socket.on('framesent', (frame) => {
      if (typeof frame.payload !== 'string' || !frame.payload.includes('shell.openExternal'))
        return;
      const url = /"url":"([^"]+)"/.exec(frame.payload)?.[1];
      if (url) opened.push(url);
    });
  });
  return opened;
}

test('a link in an answer opens only after the confirm, which shows the whole address', async ({
  page,
  atelier,
}) => {
  const opened = recordOpenedLinks(page);
  await startChatting(page, atelier);
  // The simulator quotes the question, so the answer carries these links as markdown.
  await sendMessage(page, `Read [the guide](${GUIDE}) or write to [us](mailto:help@example.com)`);
  await waitForTurnEnd(page);
  const answer = assistantMessages(page).last();
  const link = answer.getByRole('link', { name: 'the guide' });
  const dialog = page.getByRole('dialog', { name: 'Open this link?' });

  await link.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Full address')).toHaveText(GUIDE);
  await expect(dialog.locator('strong')).toHaveText('docs.example.com');
  await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(link).toBeFocused();

  await link.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(opened).toEqual([]);

  await link.click();
  await dialog.getByRole('checkbox', { name: 'Always open links to docs.example.com' }).check();
  await dialog.getByRole('button', { name: 'Open link', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => opened).toEqual([GUIDE]);

  // The host is remembered: its links now open at once, even after a reload.
  await reloadApp(page);
  await page
    .getByRole('complementary', { name: 'Conversations' })
    .getByRole('link')
    .first()
    .click();
  await answer.getByRole('link', { name: 'the guide' }).click();
  await expect.poll(() => opened).toEqual([GUIDE, GUIDE]);
  await expect(dialog).toHaveCount(0);

  // A mail link is always asked about, with no "always" to tick.
  await answer.getByRole('link', { name: 'us' }).click();
  await expect(dialog.getByLabel('Full address')).toHaveText('mailto:help@example.com');
  await expect(dialog.getByRole('checkbox')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  expect(opened).toEqual([GUIDE, GUIDE]);
});

test('a picture from another site is a placeholder, never fetched, that opens through the confirm', async ({
  page,
  atelier,
}) => {
  const opened = recordOpenedLinks(page);
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('example.net')) fetched.push(request.url());
  });
  await startChatting(page, atelier);
  await sendMessage(page, `Look: ![the diagram](${PICTURE}) and a [bad link](javascript:alert(1))`);
  await waitForTurnEnd(page);
  const answer = assistantMessages(page).last();

  await expect(answer.locator('img')).toHaveCount(0);
  const placeholder = answer.getByRole('button', { name: /the diagram.*images\.example\.net/ });
  await expect(placeholder).toBeVisible();
  // Any other scheme is plain text: no link to click at all.
  await expect(answer.getByText('bad link')).toBeVisible();
  await expect(answer.getByRole('link', { name: 'bad link' })).toHaveCount(0);

  await placeholder.click();
  const dialog = page.getByRole('dialog', { name: 'Open this link?' });
  await expect(dialog.getByLabel('Full address')).toHaveText(PICTURE);
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  expect(opened).toEqual([]);
  expect(fetched).toEqual([]);
});

test('a middle-click on a link asks as a plain click does, and opens no tab', async ({
  page,
  atelier,
}) => {
  const opened = recordOpenedLinks(page);
  const tabs: string[] = [];
  page.context().on('page', (tab) => tabs.push(tab.url()));
  await startChatting(page, atelier);
  await sendMessage(page, `Read [the guide](${GUIDE})`);
  await waitForTurnEnd(page);
  const link = assistantMessages(page).last().getByRole('link', { name: 'the guide' });
  const dialog = page.getByRole('dialog', { name: 'Open this link?' });

  for (const modifiers of [[], ['Control'], ['Shift']] as const) {
    const box = await link.boundingBox();
    if (!box) throw new Error('the link is not on screen');
    for (const key of modifiers) await page.keyboard.down(key);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { button: 'middle' });
    for (const key of modifiers) await page.keyboard.up(key);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Full address')).toHaveText(GUIDE);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toHaveCount(0);
  }
  expect(tabs).toEqual([]);
  expect(opened).toEqual([]);
});
