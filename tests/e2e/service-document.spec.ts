// The service's document taken literally, as a person meets it: max_tokens warnings, an answer cut at max_tokens and continued, max_tokens left to the account, the balance's subscription and reason.
import {
  assistantMessages,
  balance,
  connectService,
  expect,
  openApp,
  pickModel,
  reloadApp,
  sendMessage,
  startChatting,
  test,
  turnRequests,
  waitForTurnEnd,
  type Atelier,
} from './fixtures';
import { LOOKS, openInLook, sendAndAwaitIn } from './looks';

/** The body of the last answer request the app sent (the background title request skipped). */
async function lastTurnBody(atelier: Atelier): Promise<Record<string, unknown>> {
  const body = (await turnRequests(atelier)).at(-1)!.body;
  return (typeof body === 'string' ? JSON.parse(body) : body) as Record<string, unknown>;
}

for (const look of LOOKS) {
  test(`an answer cut at max tokens says so and Continue writes on; max tokens may be left to the account (${look.name})`, async ({
    page,
    atelier,
  }) => {
    const t = look.t;
    await openInLook(page, atelier, look);
    await page.getByRole('button', { name: t('chat.settings'), exact: true }).click();
    const settings = page.getByRole('region', { name: t('chat.settings') });
    const maxTokens = settings.getByRole('spinbutton', { name: t('chat.maxTokens') });
    await maxTokens.fill('30');
    await maxTokens.blur();

    // The simulator ends an answer past max_tokens there, with finish_reason "length".
    await sendAndAwaitIn(page, look, 'Tell me about lighthouses');
    expect(await lastTurnBody(atelier)).toMatchObject({ max_tokens: 30 });
    const answer = page.getByRole('article', { name: t('chat.assistantMessage') }).last();
    await expect(answer.getByText(t('chat.cutAtMaxTokens'))).toBeVisible();
    await expect(answer).not.toContainText('Continue your previous');
    await answer.getByRole('button', { name: t('chat.continue') }).click();
    await expect(answer).toContainText('Continue your previous', { timeout: 30_000 });
    await expect(page.getByRole('article', { name: t('chat.assistantMessage') })).toHaveCount(1);
    const continued = await lastTurnBody(atelier);
    const sent = continued.messages as Array<{ role: string; content: string }>;
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(sent[1]!.content).toMatch(/^Here is the simulated answer/);

    // Left to the account: no max_tokens goes out, and the page says what that may mean.
    const byAccount = settings.getByRole('checkbox', { name: t('chat.maxTokensByAccount') });
    await byAccount.check();
    await expect(settings.getByText(t('chat.maxTokensByAccountNote'))).toBeVisible();
    await expect(maxTokens).toBeDisabled();
    await sendAndAwaitIn(page, look, 'And about windmills?');
    const free = await lastTurnBody(atelier);
    expect(free.messages).toEqual(
      expect.arrayContaining([{ role: 'user', content: 'And about windmills?' }]),
    );
    expect(free).not.toHaveProperty('max_tokens');
    const last = page.getByRole('article', { name: t('chat.assistantMessage') }).last();
    await expect(last).toContainText('And about windmills?');
    await expect(last.getByText(t('chat.cutAtMaxTokens'))).toHaveCount(0);

    // Kept with the conversation: a reload shows the choice as it was.
    await reloadApp(page);
    await page
      .getByRole('complementary', { name: t('chat.conversations') })
      .getByRole('link', { name: /Tell me about lighthouses/ })
      .click();
    await page.getByRole('button', { name: t('chat.settings'), exact: true }).click();
    await expect(
      page
        .getByRole('region', { name: t('chat.settings') })
        .getByRole('checkbox', { name: t('chat.maxTokensByAccount') }),
    ).toBeChecked();
  });
}

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
