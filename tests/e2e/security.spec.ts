// The web host as a browser sees it: the CSP holds without breaking the app, and the bridge stays narrow.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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

test('a compromised page cannot steer the saved key to another host', async ({ page, atelier }) => {
  // A listener that records whatever reaches it: the attacker's server, on this computer but
  // under another host name (localhost, not 127.0.0.1), plus an internal address.
  const seen: string[] = [];
  const attacker = createServer((req, res) => {
    seen.push(`${req.url ?? ''} ${req.headers.authorization ?? ''}`);
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"data": []}');
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  const port = (attacker.address() as AddressInfo).port;
  try {
    await startChatting(page, atelier);
    type Bridge = {
      invoke(
        channel: string,
        input: unknown,
      ): Promise<{ ok: boolean; error?: { message: string } }>;
    };
    const call = (channel: string, input: unknown) =>
      page.evaluate(
        ([c, i]) => (window as unknown as { atelier: Bridge }).atelier.invoke(c as string, i),
        [channel, input] as const,
      );

    // 1. The base URL moved to another host: nothing asks with the key any more.
    expect((await call('settings.update', { baseUrl: `http://localhost:${port}/v1` })).ok).toBe(
      true,
    );
    await call('models.list', {});
    await call('balance.get', {});
    await call('diagnostics.sendTest', {});
    await call('diagnostics.fetchReceived', {});
    const view = (await call('settings.get', {})) as unknown as {
      ok: true;
      data: { keySet: boolean; keyElsewhere: string | null };
    };
    expect(view.data).toMatchObject({ keySet: false, keyElsewhere: 'http://127.0.0.1' });

    // 2. Plain http off this computer, and internal addresses, are refused outright.
    for (const baseUrl of ['http://10.0.0.8/v1', 'http://169.254.169.254/v1'])
      expect((await call('settings.update', { baseUrl })).ok).toBe(false);

    // 3. Back on the service, the debug and legacy addresses cannot point elsewhere.
    expect((await call('settings.update', { baseUrl: atelier.simBaseUrl })).ok).toBe(true);
    for (const field of ['debugBaseUrl', 'legacyBaseUrl'])
      expect((await call('diagnostics.update', { [field]: `http://localhost:${port}` })).ok).toBe(
        false,
      );
    await call('diagnostics.sendTest', {});

    expect(seen.filter((line) => line.includes('sim-fast'))).toEqual([]);
    // And the key still works where it belongs.
    await sendMessage(page, 'still here?');
    await waitForTurnEnd(page);
    await expect(assistantMessages(page).last()).not.toBeEmpty();
  } finally {
    await new Promise<void>((resolve) => attacker.close(() => resolve()));
  }
});

test('the bare address lets nobody in: it says to open the address from the terminal', async ({
  browser,
  atelier,
}) => {
  // Another user on this computer, in a browser that never opened the printed address.
  const stranger = await browser.newContext();
  try {
    const page = await stranger.newPage();
    await page.goto(new URL(atelier.url).origin);
    await expect(
      page.getByRole('heading', { name: 'Open Atelier from its terminal' }),
    ).toBeVisible();
    expect(await page.content()).not.toMatch(/atelier-bridge-token/);
    expect(await stranger.cookies()).toEqual([]);
  } finally {
    await stranger.close();
  }
});
