// Diagnostics in Settings: a test request to the debug address, what the service received (masked) with a countdown, the legacy address.
import {
  expect,
  openApp,
  connectService,
  section,
  sendMessage,
  simRequests,
  test,
  waitForTurnEnd,
} from './fixtures';
import { LOOKS, openSettings } from './looks';

test.describe('with the real 20 s rule', () => {
  test('fetching what the service received starts a 20 s countdown', async ({ page, atelier }) => {
    await openApp(page, atelier);
    await connectService(page, { baseUrl: atelier.simBaseUrl, key: 'sim-diagnose' });
    await expect(page.getByText('Key saved.')).toBeVisible();
    await openSettings(page, LOOKS[0]!, 'advanced');
    const card = page.getByRole('region', { name: 'Diagnostics' });
    await card.getByRole('textbox', { name: 'Debug address' }).fill(atelier.simDebugBaseUrl);
    await card.getByRole('button', { name: 'Save addresses' }).click();
    await expect(card).toContainText('Addresses saved.');
    await card.getByRole('button', { name: 'Send test request' }).click();
    await expect(card).toContainText('Test request sent: HTTP 200.');
    await card.getByRole('button', { name: 'Fetch what the service received' }).click();
    const received = card.getByLabel('What the service received (key masked)');
    await expect(received).toContainText('/chat/completions');
    await expect(received).toContainText('Atelier diagnostics: test request');
    await expect(received).not.toContainText('sim-diagnose');
    await expect(received).toContainText('"authorization": "Bearer ');
    await expect(card.getByRole('timer')).toHaveText(/Fetch again in (1[4-9]|20) s/);
    await expect(
      card.getByRole('button', { name: 'Fetch what the service received' }),
    ).toBeDisabled();
  });
});

test.describe('with a short interval', () => {
  test.use({ atelierOptions: { minDebugPollMs: 1000, debugLatestIntervalMs: 3000 } });

  test('the countdown runs out and the log can be read again', async ({ page, atelier }) => {
    await openApp(page, atelier);
    await connectService(page, { baseUrl: atelier.simBaseUrl, key: 'sim-fast' });
    await expect(page.getByText('Key saved.')).toBeVisible();
    await openSettings(page, LOOKS[0]!, 'advanced');
    const card = page.getByRole('region', { name: 'Diagnostics' });
    await expect(card).toContainText('once every 3 s');
    // Nothing typed: the default debug address (the base URL's port + 1) is where the service listens.
    await card.getByRole('button', { name: 'Send test request' }).click();
    await expect(card).toContainText('Test request sent: HTTP 200.');
    const fetchButton = card.getByRole('button', { name: 'Fetch what the service received' });
    await fetchButton.click();
    await expect(card.getByRole('timer')).toHaveText(/Fetch again in [1-3] s/);
    await expect(fetchButton).toBeDisabled();
    await expect(card.getByRole('timer')).toHaveCount(0, { timeout: 6000 });
    await expect(fetchButton).toBeEnabled();
    await fetchButton.click();
    await expect(card.getByLabel('What the service received (key masked)')).toContainText(
      '/chat/completions',
    );
  });

  test('the legacy address can be chosen and is used', async ({ page, atelier }) => {
    await openApp(page, atelier);
    await connectService(page, { baseUrl: atelier.simBaseUrl, key: 'sim-fast' });
    await expect(page.getByText('Key saved.')).toBeVisible();
    await openSettings(page, LOOKS[0]!, 'advanced');
    const card = page.getByRole('region', { name: 'Diagnostics' });
    await expect(card.getByRole('textbox', { name: 'Legacy address' })).toHaveValue(
      /^http:\/\/127\.0\.0\.1:6070\/v1$/,
    );
    await card.getByRole('textbox', { name: 'Legacy address' }).fill(atelier.simLegacyBaseUrl);
    await card
      .getByRole('combobox', { name: 'Address in use' })
      .selectOption({ label: 'Legacy address (port 6070)' });
    await openSettings(page, LOOKS[0]!, 'connection');
    await expect(page.getByRole('textbox', { name: 'Base URL' })).toHaveValue(
      atelier.simLegacyBaseUrl,
    );
    await section(page, 'Chat').click();
    await sendMessage(page, 'Hello over the old road');
    await waitForTurnEnd(page);
    // The turn may not have started when Stop was first looked for: wait for the request itself.
    await expect
      .poll(async () => {
        const chats = await simRequests(atelier, '/chat/completions');
        return (chats.at(-1) as unknown as { listener?: string } | undefined)?.listener;
      })
      .toBe('legacy');

    await openSettings(page, LOOKS[0]!, 'advanced');
    await card
      .getByRole('combobox', { name: 'Address in use' })
      .selectOption({ label: 'Main address' });
    await openSettings(page, LOOKS[0]!, 'connection');
    await expect(page.getByRole('textbox', { name: 'Base URL' })).toHaveValue(atelier.simBaseUrl);
  });
});
