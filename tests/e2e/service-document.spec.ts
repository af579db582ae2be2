// The service's document taken literally, as a person meets it: max_tokens warnings, the balance's subscription and reason.
import {
  assistantMessages,
  balance,
  connectService,
  expect,
  openApp,
  pickModel,
  sendMessage,
  startChatting,
  test,
  waitForTurnEnd,
} from './fixtures';

test('a max_tokens over 4096 or over the room left in the context is warned about, not refused', async ({
  page,
  atelier,
}) => {
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(request.url()));
  await startChatting(page, atelier);
  await sendMessage(page, 'Привет! Расскажи коротко, что такое токены.');
  await waitForTurnEnd(page);
  await expect(assistantMessages(page)).toHaveCount(1);

  // The tokenizer is a large chunk: it loads when the settings first need it, not with the app.
  expect(loaded.filter((url) => /cl100k_base/.test(url))).toEqual([]);
  const tokenizer = page.waitForResponse(/cl100k_base[^/]*\.js$/);
  await page.getByRole('button', { name: 'Conversation settings' }).click();
  expect((await tokenizer).ok()).toBe(true);
  const maxTokens = page.getByRole('spinbutton', { name: 'Max tokens' });
  const settings = page.getByRole('region', { name: 'Conversation settings' });

  await maxTokens.fill('8000');
  await expect(settings).toContainText('Most models refuse an output longer than 4,096 tokens.');
  // The default model's context has room for 8000 more.
  await expect(settings).not.toContainText('leaves only about');
  // A warning, not a block: the value is kept.
  await maxTokens.blur();
  await expect(maxTokens).toHaveValue('8000');

  await maxTokens.fill('1000');
  await expect(settings).not.toContainText('Most models refuse');

  // A 2048-token context minus this conversation leaves less than 2040.
  await pickModel(page, 'sim/tiny-context');
  await maxTokens.fill('2040');
  await expect(settings).toContainText('The model’s context of 2,048 tokens leaves only about');
  await expect(settings).not.toContainText('Most models refuse');
  await maxTokens.fill('500');
  await expect(settings).not.toContainText('leaves only about');
});

test('a subscription that is not ok is named with its raw value in the balance', async ({
  page,
  atelier,
}) => {
  await openApp(page, atelier);
  await connectService(page, { baseUrl: atelier.simBaseUrl, key: 'sim-expired' });
  await expect(balance(page)).toContainText('Subscription: expired');
  // user_status 2 with the service's own text.
  await expect(balance(page)).toContainText('The subscription has ended');

  // A working subscription says nothing about it.
  await connectService(page, { baseUrl: atelier.simBaseUrl, key: 'sim-fast' });
  await expect(balance(page)).toContainText('100 credits');
  await expect(balance(page)).not.toContainText('Subscription:');
});

test("a balance answer whose status is not ok shows the service's reason verbatim", async ({
  page,
  atelier,
}) => {
  await openApp(page, atelier);
  await connectService(page, { baseUrl: atelier.simBaseUrl, key: 'sim-nobalance' });
  await expect(balance(page)).toContainText(
    'Balance retrieval is disabled. Enable "Allow balance requests by API" in your user settings.',
  );
});
