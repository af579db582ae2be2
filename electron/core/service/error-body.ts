// The readable text of a service's error body: its JSON error shapes, plain text, an HTML page shortened to its title; the code and status some bodies carry.

const MAX_MESSAGE = 500;

function shorten(text: string, max = MAX_MESSAGE): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function looksLikeHtml(text: string, contentType?: string | null): boolean {
  if (contentType && /html/i.test(contentType)) return true;
  return /^\s*(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/i.test(text);
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function stripTags(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** A short readable line from an HTML error page: its title and heading, never the markup. */
export function htmlToShortText(html: string): string {
  const body = html.replace(/<(script|style|noscript)[\s\S]*?<\/\1\s*>/gi, ' ');
  const title = stripTags(/<title[^>]*>([\s\S]*?)<\/title>/i.exec(body)?.[1] ?? '');
  const heading = stripTags(/<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(body)?.[1] ?? '');
  let text: string;
  if (title && heading && !title.includes(heading) && !heading.includes(title))
    text = `${title}: ${heading}`;
  else if (title || heading) text = title.length >= heading.length ? title : heading;
  else text = stripTags(body.replace(/<head[\s\S]*?<\/head\s*>/i, ' '));
  return shorten(text, 200);
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() ? value : null;
  if (value && typeof value === 'object') {
    const nested = value as Record<string, unknown>;
    return textOf(nested.message) ?? textOf(nested.reason) ?? textOf(nested.detail);
  }
  return null;
}

/**
 * The error text inside a JSON body, in every shape clients meet: {error: {message}},
 * {error: "text"}, {message}, {status: "error", reason}, {detail}. Null when the body is no error.
 */
export function errorTextInBody(body: unknown): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const o = body as Record<string, unknown>;
  if (o.error !== undefined && o.error !== null && o.error !== false) {
    return textOf(o.error) ?? textOf(o.message) ?? JSON.stringify(o.error).slice(0, MAX_MESSAGE);
  }
  if (typeof o.status === 'string' && /^(error|fail(ed|ure)?)$/i.test(o.status)) {
    return textOf(o.reason) ?? textOf(o.message) ?? textOf(o.detail) ?? o.status;
  }
  return null;
}

/** Whether a 200 body is in fact an error object (it has no result fields beside the error). */
export function isErrorBody(body: unknown): boolean {
  if (errorTextInBody(body) === null) return false;
  const o = body as Record<string, unknown>;
  return !('choices' in o) && !('data' in o && o.data) && !('text' in o) && !('request_id' in o);
}

/** The readable text of any error body: JSON shapes, plain text, HTML pages (shortened). */
export function readErrorBody(bodyText: string, contentType?: string | null): string | null {
  const trimmed = bodyText.trim();
  if (!trimmed) return null;
  if (looksLikeHtml(trimmed, contentType)) return htmlToShortText(trimmed) || null;
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      const found = errorTextInBody(parsed);
      if (found) return shorten(found);
      const message = textOf(parsed);
      if (message) return shorten(message);
    } catch {
      // Not JSON after all: shown as text below.
    }
  }
  return shorten(trimmed);
}

/** The machine code some bodies carry beside the text, e.g. {error: {code: "insufficient_funds"}}. */
export function errorCodeInBody(bodyText: string): string | null {
  try {
    const body = JSON.parse(bodyText) as Record<string, unknown> | null;
    const inner =
      body && typeof body.error === 'object' ? (body.error as Record<string, unknown>) : null;
    for (const value of [inner?.code, inner?.type, body?.code])
      if (typeof value === 'string' && /[a-z]/i.test(value)) return value;
  } catch {
    // Not JSON: no code.
  }
  return null;
}

/** A 200 error body may carry the real status: {error: {code: 504}} or {status: 429}. */
export function embeddedStatus(bodyText: string): number | null {
  try {
    const body = JSON.parse(bodyText) as Record<string, unknown> | null;
    const inner =
      body && typeof body.error === 'object' ? (body.error as Record<string, unknown>) : null;
    for (const value of [inner?.code, inner?.status, body?.code, body?.status]) {
      const n = typeof value === 'string' && /^\d{3}$/.test(value) ? Number(value) : value;
      if (typeof n === 'number' && n >= 400 && n < 600) return n;
    }
  } catch {
    // Not JSON: no embedded status.
  }
  return null;
}

export function isJsonError(bodyText: string): boolean {
  try {
    return errorTextInBody(JSON.parse(bodyText)) !== null;
  } catch {
    return false;
  }
}
