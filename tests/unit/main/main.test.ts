// Electron main's policies: CSP, window options, sender and link checks, the event outbox, IPC handlers, the host.
import { join, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { invokeChannels } from '../../../shared/channel-names';
import type { Envelope } from '../../../shared/types';

type Handler = (event: unknown, input: unknown) => Promise<Envelope<unknown>>;

const electron = vi.hoisted(() => ({
  handlers: new Map<string, (event: unknown, input: unknown) => Promise<unknown>>(),
  openExternal: vi.fn(async () => undefined),
}));

vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, handler: (event: unknown, input: unknown) => Promise<unknown>) =>
      electron.handlers.set(channel, handler),
    removeHandler: (channel: string) => electron.handlers.delete(channel),
  },
  shell: { openExternal: electron.openExternal },
  app: { getPath: () => '/downloads' },
  dialog: { showSaveDialog: vi.fn() },
}));

const {
  APP_ORIGIN,
  contentSecurityPolicy,
  isPermissionAllowed,
  isSafeExternalUrl,
  isTrustedSender,
  mainWindowOptions,
  resolveAssetPath,
} = await import('../../../electron/main/policy');
const { createEventOutbox } = await import('../../../electron/main/outbox');
const { menuTemplate } = await import('../../../electron/main/menu');
const { registerInvokeHandlers } = await import('../../../electron/main/ipc');
const { createElectronHost } = await import('../../../electron/main/host');

describe('contentSecurityPolicy', () => {
  it('is the strict policy of the brief, word for word', () => {
    expect(contentSecurityPolicy()).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data: blob:; media-src 'self' data: blob:; font-src 'self' data:; " +
        "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
  });

  it('adds extra origins to connect-src only', () => {
    const csp = contentSecurityPolicy(['ws://127.0.0.1:5199']);
    expect(csp).toContain("connect-src 'self' ws://127.0.0.1:5199;");
    expect(csp).toContain("script-src 'self';");
    expect(csp.match(/ws:/g)).toHaveLength(1);
  });
});

describe('mainWindowOptions', () => {
  it('keeps isolation, the sandbox and web security on, and Node out of the page', () => {
    const prefs = mainWindowOptions('/app/preload.cjs').webPreferences;
    expect(prefs).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });
});

describe('isTrustedSender', () => {
  const ours = new Set([7]);
  const page = `${APP_ORIGIN}/index.html`;

  it('accepts the main frame of our window showing our page', () => {
    expect(isTrustedSender({ frameUrl: page, isMainFrame: true, webContentsId: 7 }, ours)).toBe(
      true,
    );
  });

  it.each([
    ['another webContents', { frameUrl: page, isMainFrame: true, webContentsId: 8 }],
    ['a subframe', { frameUrl: page, isMainFrame: false, webContentsId: 7 }],
    ['a destroyed frame', { frameUrl: null, isMainFrame: true, webContentsId: 7 }],
    ['a web page', { frameUrl: 'https://evil.example/', isMainFrame: true, webContentsId: 7 }],
    ['a file page', { frameUrl: 'file:///tmp/index.html', isMainFrame: true, webContentsId: 7 }],
    [
      'another app host',
      { frameUrl: 'app://other/index.html', isMainFrame: true, webContentsId: 7 },
    ],
  ])('refuses %s', (_name, sender) => {
    expect(isTrustedSender(sender, ours)).toBe(false);
  });
});

describe('isSafeExternalUrl', () => {
  it.each(['https://example.com/docs', 'http://127.0.0.1:7070/v1'])('lets %s out', (url) => {
    expect(isSafeExternalUrl(url)).toBe(true);
  });

  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'app://atelier/index.html',
    'smb://server/share',
    'https://user:pass@example.com/',
    'not a url',
  ])('keeps %s in', (url) => {
    expect(isSafeExternalUrl(url)).toBe(false);
  });
});

describe('isPermissionAllowed', () => {
  const page = `${APP_ORIGIN}/index.html`;
  it('allows the microphone for our page only', () => {
    expect(
      isPermissionAllowed({ permission: 'media', requestingUrl: page, mediaTypes: ['audio'] }),
    ).toBe(true);
    expect(
      isPermissionAllowed({
        permission: 'media',
        requestingUrl: 'https://x.example/',
        mediaTypes: ['audio'],
      }),
    ).toBe(false);
  });

  it('refuses the camera and every other permission', () => {
    expect(
      isPermissionAllowed({
        permission: 'media',
        requestingUrl: page,
        mediaTypes: ['audio', 'video'],
      }),
    ).toBe(false);
    expect(isPermissionAllowed({ permission: 'media', requestingUrl: page })).toBe(false);
    for (const permission of ['geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      expect(isPermissionAllowed({ permission, requestingUrl: page })).toBe(false);
    }
  });
});

describe('resolveAssetPath', () => {
  const root = join(sep, 'srv', 'renderer');
  it('maps files inside the folder and page paths to index.html', () => {
    expect(resolveAssetPath(root, '/assets/app.js')).toBe(join(root, 'assets', 'app.js'));
    expect(resolveAssetPath(root, '/')).toBe(join(root, 'index.html'));
    expect(resolveAssetPath(root, '/chat?x=1')).toBe(join(root, 'index.html'));
  });

  it('refuses paths that climb out of the folder', () => {
    expect(resolveAssetPath(root, '/../secret.txt')).toBeNull();
    expect(resolveAssetPath(root, '/assets/%2e%2e/%2e%2e/key.bin')).toBeNull();
    expect(resolveAssetPath(root, '/a%00.js')).toBeNull();
    expect(resolveAssetPath(root, '/%E0%A4%A')).toBeNull();
    expect(resolveAssetPath(root, '/../renderer-evil/x.js')).toBeNull();
  });
});

describe('createEventOutbox', () => {
  it('holds events until the page has loaded, then delivers them in order', () => {
    const delivered: unknown[] = [];
    const outbox = createEventOutbox((event, payload) => delivered.push([event, payload]));
    outbox.post('conversations.changed', { id: 'a' });
    outbox.post('conversations.changed', { id: 'b' });
    expect(delivered).toEqual([]);
    outbox.open();
    outbox.post('conversations.changed', { id: 'c' });
    expect(delivered.map((item) => (item as [string, { id: string }])[1].id)).toEqual([
      'a',
      'b',
      'c',
    ]);
    outbox.close();
    outbox.post('conversations.changed', { id: 'd' });
    expect(delivered).toHaveLength(3);
  });

  it('drops the oldest events past its limit', () => {
    const delivered: string[] = [];
    const outbox = createEventOutbox(
      (_event, payload) => delivered.push((payload as { id: string }).id),
      2,
    );
    for (const id of ['1', '2', '3']) outbox.post('conversations.changed', { id });
    outbox.open();
    expect(delivered).toEqual(['2', '3']);
  });
});

describe('menuTemplate', () => {
  const roles = (template: ReturnType<typeof menuTemplate>): string[] =>
    JSON.stringify(template).match(/"role":"\w+"/g) ?? [];

  it('always has the edit roles, and reload and devtools only in development', () => {
    const shipped = roles(menuTemplate({ dev: false, mac: false }));
    const dev = roles(menuTemplate({ dev: true, mac: false }));
    for (const role of ['copy', 'paste', 'cut', 'selectAll', 'undo']) {
      expect(shipped).toContain(`"role":"${role}"`);
    }
    expect(shipped).not.toContain('"role":"reload"');
    expect(shipped).not.toContain('"role":"toggleDevTools"');
    expect(dev).toContain('"role":"reload"');
    expect(dev).toContain('"role":"toggleDevTools"');
  });
});

describe('registerInvokeHandlers', () => {
  const invoke = vi.fn(async (channel: string, input: unknown): Promise<Envelope<unknown>> => ({
    ok: true,
    data: { channel, input },
  }));
  const core = { invoke, resolveMedia: async () => null, dispose: async () => undefined };
  const event = (url: string | null, webContentsId = 7) => ({
    sender: { id: webContentsId },
    senderFrame: url === null ? null : { url, parent: null },
  });
  const page = `${APP_ORIGIN}/index.html`;
  let unregister: () => void;

  beforeAll(() => {
    unregister = registerInvokeHandlers(core, () => new Set([7]));
  });
  afterAll(() => unregister());

  const handler = (channel: string): Handler => electron.handlers.get(channel) as Handler;

  it('registers exactly the known channels', () => {
    expect([...electron.handlers.keys()].sort()).toEqual([...invokeChannels].sort());
  });

  it('passes a trusted call to core as is', async () => {
    const answer = await handler('conversations.get')(event(page), { id: 'c1' });
    expect(invoke).toHaveBeenLastCalledWith('conversations.get', { id: 'c1' });
    expect(answer).toEqual({
      ok: true,
      data: { channel: 'conversations.get', input: { id: 'c1' } },
    });
  });

  it('rejects calls from other pages and other windows before core sees them', async () => {
    invoke.mockClear();
    await expect(handler('settings.get')(event('https://evil.example/'), {})).rejects.toThrow(
      /Refused/,
    );
    await expect(handler('settings.get')(event(page, 99), {})).rejects.toThrow(/Refused/);
    await expect(handler('settings.get')(event(null), {})).rejects.toThrow(/Refused/);
    expect(invoke).not.toHaveBeenCalled();
  });

  it("passes core's refusal through as is", async () => {
    invoke.mockResolvedValueOnce({
      ok: false,
      error: { code: 'invalid_input', message: 'url: Invalid URL', status: null, retryable: false },
    });
    const refused = await handler('shell.openExternal')(event(page), { url: 'nope' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(invoke).toHaveBeenLastCalledWith('shell.openExternal', { url: 'nope' });
  });
});

describe('createElectronHost', () => {
  it('opens web links in the system browser, and nothing else', async () => {
    electron.openExternal.mockClear();
    const host = createElectronHost(() => null);
    expect(await host.openExternal('https://example.com/')).toBe(true);
    expect(electron.openExternal).toHaveBeenCalledWith('https://example.com/', { activate: true });

    expect(await host.openExternal('file:///etc/passwd')).toBe(false);
    expect(electron.openExternal).toHaveBeenCalledTimes(1);
  });
});
