// How both hosts answer `media/<id>`: which item and variant a path names, byte ranges, and the response headers.
import type { MediaVariant, ResolvedMedia } from '../../library/media';
import { isMediaId } from '../../library/media';

export interface MediaRequest {
  id: string;
  variant: MediaVariant;
}

/** The media item a request path names (`/media/<id>`, `?thumb=1` for the thumbnail), or null. */
export function mediaRequestOf(pathname: string, search: URLSearchParams): MediaRequest | null {
  const match = /^\/media\/([^/]+)$/.exec(pathname);
  const id = match?.[1];
  if (id === undefined || !isMediaId(id)) return null;
  return { id, variant: search.get('thumb') === '1' ? 'thumb' : 'full' };
}

export type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * One `Range: bytes=…` range, end inclusive; null to serve the whole file (no header, a form
 * this does not take such as several ranges, which HTTP allows a server to ignore).
 */
export function parseByteRange(header: string | null | undefined, size: number): ByteRange {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

export interface MediaResponsePlan {
  status: 200 | 206 | 416;
  headers: Record<string, string>;
  /** Bytes to send, end inclusive; null when the body is empty. */
  body: { start: number; end: number } | null;
}

/** Ids never change, so a served file may be cached for good. */
const CACHE_FOREVER = 'private, max-age=31536000, immutable';

/** Status, headers and byte span for serving `media` with the request's Range header. */
export function planMediaResponse(
  media: ResolvedMedia,
  rangeHeader: string | null | undefined,
): MediaResponsePlan {
  const headers: Record<string, string> = {
    'content-type': media.mime,
    'accept-ranges': 'bytes',
    'cache-control': CACHE_FOREVER,
    'x-content-type-options': 'nosniff',
    // Opened on its own (not inside the page), a media file must not run anything.
    'content-security-policy': "default-src 'none'; sandbox",
    'cross-origin-resource-policy': 'same-origin',
  };
  const range = parseByteRange(rangeHeader, media.size);
  if (range === 'unsatisfiable') {
    return {
      status: 416,
      headers: { ...headers, 'content-range': `bytes */${media.size}`, 'content-length': '0' },
      body: null,
    };
  }
  if (range === null) {
    return {
      status: 200,
      headers: { ...headers, 'content-length': String(media.size) },
      body: media.size > 0 ? { start: 0, end: media.size - 1 } : null,
    };
  }
  return {
    status: 206,
    headers: {
      ...headers,
      'content-range': `bytes ${range.start}-${range.end}/${media.size}`,
      'content-length': String(range.end - range.start + 1),
    },
    body: range,
  };
}
