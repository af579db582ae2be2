// Security policy shared by the Electron shell and the web host: CSP, asset paths, link and sender checks.
// Free of 'electron' imports so the web host and unit tests can use it as is.
import { extname, resolve, sep } from 'node:path';
import type { BrowserWindowConstructorOptions } from 'electron';
import { isOpenableLink } from '../../shared/links';

/** The custom scheme the app's own pages load from; a standard, secure origin of its own. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'atelier';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

const BASE_CSP: ReadonlyArray<readonly [string, string]> = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data: blob:"],
  ['media-src', "'self' data: blob:"],
  ['font-src', "'self' data:"],
  ['connect-src', "'self'"],
  ['object-src', "'none'"],
  // No frame loads any address; a code block's Preview is a srcdoc frame, which this leaves be.
  ['frame-src', "'none'"],
  ['base-uri', "'none'"],
  ['frame-ancestors', "'none'"],
];

/**
 * The Content-Security-Policy header value. `extraConnect` lists further origins the page may
 * reach; the web host adds its own ws:// origin, since not every browser counts ws: as 'self'.
 */
export function contentSecurityPolicy(extraConnect: readonly string[] = []): string {
  return BASE_CSP.map(([directive, sources]) =>
    directive === 'connect-src' && extraConnect.length > 0
      ? `${directive} ${sources} ${extraConnect.join(' ')}`
      : `${directive} ${sources}`,
  ).join('; ');
}

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.txt': 'text/plain; charset=utf-8',
};

export function mimeTypeOf(file: string): string {
  return MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Maps a request path onto a file inside `rootDir`, or null when it would leave the folder.
 * Paths without an extension are page navigations and get index.html, so a reload anywhere works.
 */
export function resolveAssetPath(rootDir: string, requestPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath.split(/[?#]/)[0] ?? '/');
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const root = resolve(rootDir);
  const relative = decoded === '/' || extname(decoded) === '' ? 'index.html' : decoded;
  const file = resolve(root, '.' + (relative.startsWith('/') ? relative : `/${relative}`));
  return file.startsWith(root + sep) ? file : null;
}

/** Only web and mail links leave the app; file:, javascript:, custom schemes and credentials in URLs do not. */
export function isSafeExternalUrl(raw: string): boolean {
  return isOpenableLink(raw);
}

/** Whether a URL is one of the app's own pages (the only frames allowed to call IPC). */
export function isAppPageUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST;
  } catch {
    return false;
  }
}

export interface SenderFacts {
  /** URL of the frame that sent the message; null when the frame is gone. */
  frameUrl: string | null;
  /** Whether the frame is its page's main frame (iframes never get IPC). */
  isMainFrame: boolean;
  webContentsId: number;
}

/** IPC is answered only for the main frame of one of our windows, showing one of our pages. */
export function isTrustedSender(
  sender: SenderFacts,
  ownWebContentsIds: ReadonlySet<number>,
): boolean {
  return (
    ownWebContentsIds.has(sender.webContentsId) &&
    sender.isMainFrame &&
    sender.frameUrl !== null &&
    isAppPageUrl(sender.frameUrl)
  );
}

export interface PermissionFacts {
  permission: string;
  requestingUrl: string;
  mediaTypes?: ReadonlyArray<string>;
}

/** Every permission is refused except the microphone, for the app's own page (voice input). */
export function isPermissionAllowed(facts: PermissionFacts): boolean {
  if (facts.permission !== 'media' || !isAppPageUrl(facts.requestingUrl)) return false;
  const types = facts.mediaTypes ?? [];
  return types.length > 0 && types.every((type) => type === 'audio');
}

/** The window's options: every renderer isolation Electron offers stays on. */
export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 720,
    minHeight: 480,
    title: 'Atelier',
    show: false,
    backgroundColor: '#1e1e24',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: true,
    },
  };
}
