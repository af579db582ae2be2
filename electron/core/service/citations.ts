// Links a web-search answer cites, as the service sends them: `annotations` (url_citation) on the
// message or a delta, or a top-level `citations` array some gateways add. Read, never fetched.
import type { ChatResult, WireCitation } from './types';
import { isObject } from './wire';

/** More than this many cited links in one answer is noise; the rest are dropped. */
export const MAX_WIRE_CITATIONS = 100;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** One annotation: `{type: url_citation, url_citation: {url, title}}`, or the flat form some send. */
function fromAnnotation(annotation: unknown): WireCitation | null {
  if (!isObject(annotation)) return null;
  if (annotation.type !== undefined && annotation.type !== 'url_citation') return null;
  const inner = isObject(annotation.url_citation) ? annotation.url_citation : annotation;
  const url = text(inner.url);
  if (!url) return null;
  const title = text(inner.title);
  return title ? { url, title } : { url };
}

/** One entry of a top-level `citations` array: a URL string or `{url, title}`. */
function fromCitation(entry: unknown): WireCitation | null {
  if (typeof entry === 'string') return text(entry) ? { url: entry.trim() } : null;
  return fromAnnotation(entry);
}

function add(into: WireCitation[], found: WireCitation | null): void {
  if (!found || into.length >= MAX_WIRE_CITATIONS) return;
  const known = into.find((c) => c.url === found.url);
  if (!known) into.push(found);
  else if (!known.title && found.title) known.title = found.title;
}

/**
 * Adds what one chunk (or a whole answer) cites to `into`: annotations of its first choice's
 * `delta` or `message`, and its top-level `citations`. The same link twice is kept once.
 */
export function collectCitations(into: WireCitation[], chunk: unknown): void {
  if (!isObject(chunk)) return;
  const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
  if (isObject(choice)) {
    for (const part of [choice.delta, choice.message]) {
      if (isObject(part) && Array.isArray(part.annotations))
        for (const a of part.annotations) add(into, fromAnnotation(a));
    }
  }
  if (Array.isArray(chunk.citations)) for (const c of chunk.citations) add(into, fromCitation(c));
}

/** A whole (not streamed) answer's result with the links it cites, when it cites any. */
export function withCitations(result: ChatResult, answer: unknown): ChatResult {
  const citations: WireCitation[] = [];
  collectCitations(citations, answer);
  return citations.length > 0 ? { ...result, citations } : result;
}
