// Serves the built renderer on app://atelier/ with the app's Content-Security-Policy header.
import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import {
  APP_HOST,
  APP_SCHEME,
  contentSecurityPolicy,
  mimeTypeOf,
  resolveAssetPath,
} from './policy';

/** Must run before the app is ready: gives app:// a real origin, so 'self' in the CSP means it. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true },
    },
  ]);
}

const notFound = (): Response => new Response('Not found', { status: 404 });

export function serveRenderer(rendererDir: string): void {
  const csp = contentSecurityPolicy();
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST || request.method !== 'GET') return notFound();
    const file = resolveAssetPath(rendererDir, url.pathname);
    if (file === null) return notFound();
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      return notFound();
    }
    return new Response(new Uint8Array(body), {
      headers: {
        'content-type': mimeTypeOf(file),
        'content-security-policy': csp,
        'x-content-type-options': 'nosniff',
        'cross-origin-opener-policy': 'same-origin',
      },
    });
  });
}
