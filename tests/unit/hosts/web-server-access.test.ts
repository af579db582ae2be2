// Who may open the web host's bridge: a printed address works once, and a page on another port gets nothing.
import { describe, expect, it } from 'vitest';
import {
  bridgeUrl,
  call,
  calls,
  connect,
  firstAnswer,
  hello,
  loginOf,
  logged,
  origin,
  root,
  server,
  useWebServer,
} from './web-server-harness';

useWebServer();

describe('the printed address works once', () => {
  it('trades its login for a session once; the session opens more sockets of that tab', async () => {
    const url = server.freshUrl();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{48}$/);
    logged.length = 0;
    const page = await hello({ login: loginOf(url) });
    expect(page.mediaKey).toMatch(/^[0-9a-f]{48}$/);
    // Used: a second hello with it is refused, and the terminal prints the next address.
    const again = await connect(bridgeUrl(), { Origin: origin() });
    expect(await firstAnswer(again, { kind: 'hello', login: loginOf(url) })).toEqual({
      closed: 4401,
    });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/has been used and will not open Atelier again/);
    const next = /(http:\/\/\S+)$/.exec(logged[0] ?? '')?.[1] ?? '';
    expect(loginOf(next)).toMatch(/^[0-9a-f]{48}$/);
    expect((await hello({ login: loginOf(next) })).session).not.toBe(page.session);
    // A reload of the tab: its session, as often as it likes.
    const reload = await hello({ session: page.session });
    expect(reload.session).toBe(page.session);
    expect(await call(reload.socket, 1, 'settings.get', {})).toMatchObject({
      envelope: { ok: true },
    });
  });

  it('answers an address used before with the page that says to open the terminal’s', async () => {
    const url = server.freshUrl();
    const before = await fetch(url);
    expect(before.status).toBe(200);
    await hello({ login: loginOf(url) });
    for (const used of [url, `${root()}?token=${'0'.repeat(48)}`]) {
      const response = await fetch(used);
      expect(response.status).toBe(403);
      expect(response.headers.get('set-cookie')).toBeNull();
      const text = await response.text();
      expect(text).toContain('Open Atelier from its terminal');
      expect(text).toMatch(/lets one browser tab in, once/);
      expect(text).not.toContain('bridge.js');
    }
  });
});

describe('a page on another port of this computer', () => {
  // Browsers scope cookies by host, not port: a page served on 127.0.0.1:<any port> receives
  // every cookie set for 127.0.0.1. Everything the person's browser was given on the way in is
  // what such a page's server gets; with it, and an Origin forged (a program can), it tries the
  // bridge as the issue's attack did.
  it('gets nothing that opens the bridge from what the browser was given', async () => {
    const url = server.url;
    const cookies: string[] = [];
    const keep = (response: Response): void => {
      const set = response.headers.get('set-cookie');
      if (set) cookies.push(set.split(';')[0] ?? '');
    };
    // The person opens the printed address: every response on the way in, and the page's hello.
    let next: string | null = url;
    for (let hop = 0; next && hop < 5; hop++) {
      const response: Response = await fetch(next, {
        redirect: 'manual',
        headers: { cookie: cookies.join('; ') },
      });
      keep(response);
      const location: string | null = response.headers.get('location');
      next = location ? new URL(location, url).href : null;
    }
    await hello({ login: loginOf(url) }).catch(() => undefined);

    // The other port's server: the cookies, the page fetched with them, anything like a token.
    const cookie = cookies.join('; ');
    const page = await (await fetch(root(), { headers: { cookie } })).text();
    const found = [...new Set(page.match(/[0-9a-f]{32,}/g) ?? [])];
    calls.length = 0;
    const outcomes: unknown[] = [];
    for (const token of ['', ...found]) {
      const socket = await connect(`${bridgeUrl()}${token ? `?token=${token}` : ''}`, {
        Origin: origin(),
        cookie,
      }).catch(() => null);
      if (!socket) continue;
      const answers: unknown[] = [];
      // Over when the host closes the socket, or once both calls were answered.
      const over = new Promise((resolve) => {
        socket.once('close', resolve);
        socket.on('message', (raw) => {
          answers.push(JSON.parse(raw.toString()));
          if (answers.length === 2) resolve(null);
        });
      });
      for (const first of [
        { kind: 'hello', login: token },
        { kind: 'hello', session: token },
      ])
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(first));
      if (socket.readyState === socket.OPEN) {
        socket.send(JSON.stringify({ id: 1, channel: 'conversations.list', input: {} }));
        socket.send(
          JSON.stringify({
            id: 2,
            channel: 'mcp.add',
            input: { name: 'x', transport: { type: 'stdio', command: 'touch', args: ['/tmp/p'] } },
          }),
        );
      }
      await over;
      outcomes.push(...answers);
    }
    expect(calls).toEqual([]);
    expect(outcomes).toEqual([]);
    expect(cookies).toEqual([]);
    expect(found).toEqual([]);
  });
});
