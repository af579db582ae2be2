// Electron main's security policy: CSP, window options, sender, link and permission checks, asset paths.
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  contentSecurityPolicy,
  isPermissionAllowed,
  isSafeExternalUrl,
  isTrustedSender,
  mainWindowOptions,
  resolveAssetPath,
} from '../../../electron/main/policy';

describe('contentSecurityPolicy', () => {
  it('is the strict policy of the brief, word for word', () => {
    expect(contentSecurityPolicy()).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data: blob:; media-src 'self' data: blob:; font-src 'self' data:; " +
        "connect-src 'self'; object-src 'none'; frame-src 'none'; base-uri 'none'; " +
        "frame-ancestors 'none'",
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
  it.each(['https://example.com/docs', 'http://127.0.0.1:7070/v1', 'mailto:help@example.com'])(
    'lets %s out',
    (url) => {
      expect(isSafeExternalUrl(url)).toBe(true);
    },
  );

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
