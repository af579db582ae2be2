// Getting connected: base URL and key in Settings, the Balance, and the offline demo service.
import {
  assistantMessages,
  balance,
  connectService,
  expect,
  openApp,
  section,
  sendMessage,
  test,
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
  await page.reload();
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

test('a balance with retrieval turned off shows the reason', async ({ page, atelier }) => {
  await openApp(page, atelier);
  await connectService(page, { baseUrl: atelier.simBaseUrl, key: 'sim-nobalance' });
  // The service's own reason, shown as it gave it.
  await expect(balance(page)).toContainText('Balance retrieval is disabled');
});
