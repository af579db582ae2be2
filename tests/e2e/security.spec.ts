// The web host as a browser sees it: the CSP holds without breaking the app, and the bridge stays narrow.
import {
  assistantMessages,
  expect,
  sendMessage,
  startChatting,
  test,
  waitForTurnEnd,
} from './fixtures';

test('a whole chat turn runs with no Content-Security-Policy violation', async ({
  page,
  atelier,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await startChatting(page, atelier);
  // Markdown, code highlighting and math all load lazily: this answer needs each of them.
  await sendMessage(page, 'Show me everything [[long:300]]');
  await waitForTurnEnd(page);
  const answer = assistantMessages(page).last();
  await expect(answer.locator('pre code').first()).toBeVisible();
  await expect(answer.locator('.katex').first()).toBeVisible();
  expect(violations).toEqual([]);
});

test('the page gets window.atelier and nothing more powerful', async ({ page, atelier }) => {
  await page.goto(atelier.url);
  const surface = await page.evaluate(() => {
    const api = (window as unknown as { atelier: Record<string, unknown> }).atelier;
    return {
      keys: Object.keys(api).sort(),
      frozen: Object.isFrozen(api),
      platform: api.platform,
      hasNode: typeof (window as unknown as { require?: unknown }).require !== 'undefined',
    };
  });
  expect(surface).toEqual({
    keys: ['invoke', 'on', 'platform'],
    frozen: true,
    platform: 'web',
    hasNode: false,
  });
  const unknown = await page.evaluate(() =>
    (
      window as unknown as {
        atelier: { invoke(channel: string, input: unknown): Promise<unknown> };
      }
    ).atelier.invoke('fs.readFile', { path: '/etc/passwd' }),
  );
  expect(unknown).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
});

test('a script on the page cannot open the bridge without the token', async ({ page, atelier }) => {
  await page.goto(atelier.url);
  const outcome = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(`ws://${location.host}/bridge`);
        socket.onopen = () => resolve('opened');
        socket.onclose = () => resolve('refused');
      }),
  );
  expect(outcome).toBe('refused');
});
