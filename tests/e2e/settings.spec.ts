// Getting connected: base URL and key in Settings, the Balance, and the offline demo service.
import {
  assistantMessages,
  balance,
  connectService,
  expect,
  openApp,
  reloadApp,
  section,
  sendMessage,
  test,
  turnRequests,
  waitForTurnEnd,
} from './fixtures';

test('a base URL and key saved in Settings show the balance', async ({ page, atelier }) => {
  await openApp(page, atelier);
  await connectService(page, { baseUrl: atelier.simBaseUrl, key: 'sim-fast' });
  await expect(balance(page)).toContainText('100');
  // The key is never shown back, so the field is empty once saved.
  await expect(page.getByRole('textbox', { name: 'API key' })).toHaveValue('');
});

test('the settings survive a reload', async ({ page, atelier }) => {
  await openApp(page, atelier);
  await connectService(page, { baseUrl: atelier.simBaseUrl, key: 'sim-fast' });
  await expect(balance(page)).toContainText('100');
  await reloadApp(page);
  await section(page, 'Settings').click();
  await expect(page.getByRole('textbox', { name: 'Base URL' })).toHaveValue(atelier.simBaseUrl);
  await expect(balance(page)).toContainText('100');
});

test('"Use demo service" lets a new user chat without an account', async ({ page, atelier }) => {
  await openApp(page, atelier);
  await section(page, 'Settings').click();
  await page.getByRole('button', { name: 'Use demo service' }).click();
  await section(page, 'Chat').click();
  await sendMessage(page, 'Hello from the demo');
  await waitForTurnEnd(page);
  await expect(assistantMessages(page).last()).toContainText('Hello from the demo');
});

test('the demo never gets nor replaces the person’s key, and leaving it restores their own', async ({
  page,
  atelier,
}) => {
  await openApp(page, atelier);
  await connectService(page, { baseUrl: atelier.simBaseUrl, key: 'sim-own-key-1234' });
  await expect(page.getByText('Key saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Use demo service' }).click();
  await expect(page.getByText('The demo service is in use.').first()).toBeVisible();
  await section(page, 'Chat').click();
  await sendMessage(page, 'Hello from the demo');
  await waitForTurnEnd(page);
  // The demo answered from its own simulator: the person's service saw no chat at all.
  expect(await turnRequests(atelier)).toHaveLength(0);

  await section(page, 'Settings').click();
  await page.getByRole('button', { name: 'Leave demo service' }).click();
  await expect(page.getByRole('textbox', { name: 'Base URL' })).toHaveValue(atelier.simBaseUrl);
  await expect(page.getByText(/Key set, ends with ····1234/)).toBeVisible();
  await section(page, 'Chat').click();
  await sendMessage(page, 'Hello again');
  await waitForTurnEnd(page);
  const last = (await turnRequests(atelier)).at(-1);
  expect(String(last?.headers.authorization)).toBe('Bearer sim-own-key-1234');
});

test('a balance with retrieval turned off shows the reason', async ({ page, atelier }) => {
  await openApp(page, atelier);
  await connectService(page, { baseUrl: atelier.simBaseUrl, key: 'sim-nobalance' });
  // The service's own reason, shown as it gave it.
  await expect(balance(page)).toContainText('Balance retrieval is disabled');
});
