// Serves the built renderer on app://atelier/ with the app's Content-Security-Policy header, and media/<id> from core.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { protocol } from 'electron';
import type { Core } from '../core/app';
import type { MediaVariant } from '../core/library/media';
import { mediaRequestOf, planMediaResponse } from '../core/features/media/serving';
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

/**
 * Streams a media file, honouring Range so audio and video can seek. No cookie is needed here:
 * app:// is a scheme of our own that only our pages load.
 */
async function serveMedia(
  resolveMedia: Core['resolveMedia'],
  id: string,
  variant: MediaVariant,
  rangeHeader: string | null,
): Promise<Response> {
  const media = await resolveMedia(id, variant);
  if (media === null) return notFound();
  const plan = planMediaResponse(media, rangeHeader);
  const body =
    plan.body === null
      ? null
      : (Readable.toWeb(
          createReadStream(media.path, plan.body),
        ) as WebReadableStream<Uint8Array> as unknown as ReadableStream<Uint8Array>);
  return new Response(body, { status: plan.status, headers: plan.headers });
}

/** `resolveMedia` answers null until core is ready (the page cannot ask for media before then). */
export function serveRenderer(rendererDir: string, resolveMedia: Core['resolveMedia']): void {
  const csp = contentSecurityPolicy();
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST || request.method !== 'GET') return notFound();
    if (url.pathname.startsWith('/media/')) {
      const media = mediaRequestOf(url.pathname, url.searchParams);
      if (media === null) return notFound();
      return serveMedia(resolveMedia, media.id, media.variant, request.headers.get('range'));
    }
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
