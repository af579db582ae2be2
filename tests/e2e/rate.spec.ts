// The service's rate end to end: a 429 with a long Retry-After holds every request, the shell counts the wait down, "Retry now" lifts it; the custom plan in Settings.
import {
  assistantMessages,
  expect,
  failNextRequests,
  openApp,
  reloadApp,
  section,
  sendMessage,
  simRequests,
  startChatting,
  test,
  turnRequests,
  waitForTurnEnd,
} from './fixtures';
import { LOOKS, openSettings } from './looks';

test.use({ atelierOptions: { rate: 'service' } });

test('a long Retry-After holds every request, counts down, and "Retry now" lifts it', async ({
  page,
  atelier,
}) => {
  await startChatting(page, atelier);
  await failNextRequests(atelier, {
    status: 429,
    count: 1,
    path: '/chat/completions',
    retryAfter: 300,
  });
  await sendMessage(page, 'Are you there?');
  const notice = page.getByRole('status').filter({ hasText: 'The service asked Atelier to wait' });
  await expect(notice).toContainText(/wait: [45]:\d\d left/, { timeout: 10_000 });
  const first = await notice.textContent();
  await waitForTurnEnd(page);

  // Nothing goes to the service while the hold lasts: a new question waits its turn.
  const before = (await simRequests(atelier)).length;
  await sendMessage(page, 'And now?');
  await page.waitForTimeout(2500);
  expect((await simRequests(atelier)).length).toBe(before);
  await expect(notice).not.toHaveText(first ?? '');

  await notice.getByRole('button', { name: 'Retry now' }).click();
  await expect(notice).toHaveCount(0);
  await expect(assistantMessages(page).last()).toContainText('And now?', { timeout: 20_000 });
  expect((await turnRequests(atelier)).length).toBe(2);
});

test('the hold notice speaks Russian too', async ({ page, atelier }) => {
  await startChatting(page, atelier);
  await openSettings(page, LOOKS[0]!, 'appearance');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  const refresh = page.getByRole('button', { name: 'Обновить баланс' });
  // Once the balance the new key brought is in, the next one asked for meets the 429.
  await expect(refresh).toBeEnabled({ timeout: 15_000 });
  await failNextRequests(atelier, { status: 429, count: 1, path: '/balance', retryAfter: 120 });
  await refresh.click();
  const notice = page.getByRole('status').filter({ hasText: 'Сервис попросил Atelier подождать' });
  await expect(notice).toContainText(/осталось [12]:\d\d/, { timeout: 10_000 });
  await notice.getByRole('button', { name: 'Повторить сейчас' }).click();
  await expect(notice).toHaveCount(0);
});

test('a person can set their own rate', async ({ page, atelier }) => {
  await openApp(page, atelier);
  await section(page, 'Settings').click();
  const plan = page.getByRole('combobox', { name: 'Rate plan' });
  await plan.selectOption('custom');
  const rate = page.getByRole('spinbutton', { name: 'Requests per second' });
  await rate.fill('50');
  await expect(page.getByText('Enter a number from 0.1 to 20.')).toBeVisible();
  await rate.fill('4');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await reloadApp(page);
  await section(page, 'Settings').click();
  await expect(plan).toHaveValue('custom');
  await expect(rate).toHaveValue('4');
});
