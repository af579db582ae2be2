// The web host: the page it serves, and what travels over the bridge once a page is in.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bridgeUrl,
  call,
  calls,
  connect,
  emit,
  firstAnswer,
  hello,
  loginOf,
  logged,
  nextMessage,
  origin,
  pageSocket,
  rawStatus,
  root,
  server,
  useWebServer,
} from './web-server-harness';

useWebServer();

describe('the served page', () => {
  it('carries the bridge script before the renderer, under the CSP, and no secret', async () => {
    const response = await fetch(root());
    const html = await response.text();
    expect(response.status).toBe(200);
    // Deferred: it runs before the module without holding up the fetch of the renderer's chunks.
    const bridgeAt = html.indexOf('<script defer src="/bridge.js">');
    expect(bridgeAt).toBeGreaterThan(0);
    expect(bridgeAt).toBeLessThan(html.indexOf('<script type="module"'));
    // The same page for anyone: nothing in it opens the bridge or names a media address.
    expect(html).not.toMatch(/[0-9a-f]{32}/);
    expect(html).not.toMatch(/<meta name="atelier/);
    expect(response.headers.get('set-cookie')).toBeNull();
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain(`connect-src 'self' ws://${new URL(server.url).host}`);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('serves the bundled bridge script that defines window.atelier', async () => {
    const response = await fetch(`${root()}bridge.js`);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    const script = await response.text();
    expect(script).toContain('atelier');
    expect(script).not.toMatch(/^\s*import /m);
  });

  it('keeps requests inside the renderer folder and refuses foreign Host names', async () => {
    expect(await rawStatus('/assets/..%2f..%2f..%2fetc%2fpasswd.txt')).toBe(404);
    expect(await rawStatus('/../../etc/hosts.txt')).toBe(404);
    expect(await rawStatus('/assets/index.js')).toBe(200);
    expect(await rawStatus('/', `evil.example:${new URL(server.url).port}`)).toBe(421);
  });
});

describe('the bridge', () => {
  it('closes a socket whose first message is not a good hello, and nothing reaches core', async () => {
    calls.length = 0;
    const attempts: unknown[] = [
      { id: 1, channel: 'conversations.list', input: {} },
      { kind: 'hello' },
      { kind: 'hello', login: '0'.repeat(48) },
      { kind: 'hello', session: '0'.repeat(64) },
      { kind: 'hello', login: { toString: 'x' } },
      { kind: 'hello', session: 'a'.repeat(600) },
    ];
    for (const attempt of attempts) {
      const socket = await connect(bridgeUrl(), { Origin: origin() });
      expect(await firstAnswer(socket, attempt)).toEqual({ closed: 4401 });
    }
    expect(calls).toEqual([]);
  });

  it('refuses a WebSocket from another origin, even with a good login', async () => {
    const login = loginOf(server.freshUrl());
    await expect(connect(bridgeUrl(), { Origin: 'http://evil.example' })).rejects.toThrow(
      'refused 403',
    );
    await expect(connect(bridgeUrl(), { Origin: 'http://127.0.0.1:1' })).rejects.toThrow(
      'refused 403',
    );
    await expect(connect(bridgeUrl(), {})).rejects.toThrow('refused 403');
    // Never said, so still good for its page.
    expect((await hello({ login })).session).toMatch(/^[0-9a-f]{64}$/);
  });

  it('passes known calls to core and answers unknown ones with invalid_input', async () => {
    const socket = await pageSocket();
    calls.length = 0;
    const known = await call(socket, 1, 'conversations.get', { id: 'c1' });
    expect(known).toEqual({
      kind: 'answer',
      id: 1,
      envelope: { ok: true, data: { channel: 'conversations.get' } },
    });
    const unknown = await call(socket, 2, 'fs.readFile', { path: '/etc/passwd' });
    expect(unknown.envelope).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(calls).toEqual([['conversations.get', { id: 'c1' }]]);
  });

  it('answers shell.openExternal with opened:false and prints the link for the user', async () => {
    const socket = await pageSocket();
    const answer = await call(socket, 3, 'shell.openExternal', { url: 'https://example.com/help' });
    expect(answer.envelope).toEqual({ ok: true, data: { opened: false } });
    expect(logged.some((line) => line.includes('https://example.com/help'))).toBe(true);
  });

  it("delivers core's events to every page past its hello, and to no other socket", async () => {
    const first = await pageSocket();
    const second = await pageSocket();
    const silent = await connect(bridgeUrl(), { Origin: origin() });
    const heard: unknown[] = [];
    silent.on('message', (raw) => heard.push(raw.toString()));
    const received = Promise.all([nextMessage(first), nextMessage(second)]);
    emit('conversations.changed', { id: 'c9', summary: null });
    expect(await received).toEqual([
      { kind: 'event', event: 'conversations.changed', payload: { id: 'c9', summary: null } },
      { kind: 'event', event: 'conversations.changed', payload: { id: 'c9', summary: null } },
    ]);
    expect(heard).toEqual([]);
  });
});

describe('startWebHost with the real core', () => {
  it("answers input that fails core's schema with an invalid_input envelope", async () => {
    // Imported here so the host's own tests above run even while core is being built.
    const { startWebHost } = await import('../../../dev/web');
    const dataDir = await mkdtemp(join(tmpdir(), 'atelier-data-'));
    const host = await startWebHost({ port: 0, dataDir, log: () => undefined });
    try {
      const { socket } = await hello({ login: loginOf(host.url) }, host.url);
      const wrongType = await call(socket, 1, 'semantic.search', { query: 42 });
      expect(wrongType.envelope).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      const extraField = await call(socket, 2, 'settings.get', { key: 'sim-fast' });
      expect(extraField.envelope).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      const fine = await call(socket, 3, 'settings.get', {});
      expect(fine.envelope).toMatchObject({ ok: true, data: { keySet: false } });
      // What core writes is the person's alone: the folder 0700, its files 0600.
      await call(socket, 4, 'settings.update', { theme: 'dark' });
      if (process.platform !== 'win32') {
        expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
        expect((await stat(join(dataDir, 'settings.json'))).mode & 0o777).toBe(0o600);
      }
    } finally {
      await host.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
