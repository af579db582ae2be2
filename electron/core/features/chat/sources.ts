// Sources of a web-search answer: the links the service cited (annotations, `citations`), else the
// links in the text; only http(s), each once, with the site's name. Nothing is ever fetched.
import type { SourceLink } from '../../../../shared/tools';
import type { WireCitation } from '../../service/types';

/** An answer lists at most this many sources. */
export const MAX_SOURCES = 30;

/** Names of a few sites people know by name rather than by host; otherwise the host is shown. */
const SITE_NAMES: Record<string, string> = {
  'wikipedia.org': 'Wikipedia',
  'github.com': 'GitHub',
  'stackoverflow.com': 'Stack Overflow',
  'youtube.com': 'YouTube',
  'reddit.com': 'Reddit',
  'arxiv.org': 'arXiv',
  'nytimes.com': 'The New York Times',
  'theguardian.com': 'The Guardian',
  'bbc.co.uk': 'BBC',
  'bbc.com': 'BBC',
  'reuters.com': 'Reuters',
  'habr.com': 'Habr',
};

/** The address as it will be opened, or null for anything but http(s) with a host and no credentials. */
export function sourceUrl(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.hostname === '' || url.username !== '' || url.password !== '') return null;
  return url;
}

/** The site's name when it is a known one, else its host without "www.". */
export function siteOf(url: URL): string {
  const host = url.hostname.replace(/^www\./, '');
  for (const [domain, name] of Object.entries(SITE_NAMES))
    if (host === domain || host.endsWith(`.${domain}`)) return name;
  return host;
}

/** Trailing punctuation of a sentence is not part of a bare link; nor is an unmatched ")". */
function trimBareUrl(raw: string): string {
  let url = raw.replace(/[.,;:!?'"*_>]+$/, '');
  while (url.endsWith(')') && (url.match(/\(/g)?.length ?? 0) < (url.match(/\)/g)?.length ?? 0))
    url = url.slice(0, -1).replace(/[.,;:!?'"*_]+$/, '');
  return url;
}

/**
 * The links written in an answer, in order: markdown links `[title](url)` (their text as the title
 * unless it is only a number or the address) and bare or <angle> http(s) addresses. Code is skipped.
 */
export function linksInText(text: string): WireCitation[] {
  const prose = text.replace(/```[\s\S]*?(```|$)/g, ' ').replace(/`[^`\n]*`/g, ' ');
  const found: Array<{ at: number; link: WireCitation }> = [];
  const markdown =
    /\[([^\]\n]*)\]\(\s*<?(https?:\/\/[^\s)>]+(?:\([^\s)]*\)[^\s)>]*)*)>?(?:\s+"[^"]*")?\s*\)/gi;
  const covered: Array<[number, number]> = [];
  for (const m of prose.matchAll(markdown)) {
    const label = m[1]!.replace(/[*_`]/g, '').trim();
    const url = m[2]!;
    const titled = label !== '' && !/^\[?\d+\]?$/.test(label) && label !== url;
    found.push({ at: m.index, link: titled ? { url, title: label } : { url } });
    covered.push([m.index, m.index + m[0].length]);
  }
  for (const m of prose.matchAll(/https?:\/\/[^\s<>"'`\][]+/gi)) {
    if (covered.some(([from, to]) => m.index >= from && m.index < to)) continue;
    found.push({ at: m.index, link: { url: trimBareUrl(m[0]) } });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.link);
}

/** Cited links made into sources: only http(s), each address once (the first title kept). */
export function toSources(links: readonly WireCitation[]): SourceLink[] {
  const sources: SourceLink[] = [];
  const seen = new Map<string, SourceLink>();
  for (const link of links) {
    const url = sourceUrl(link.url);
    if (!url) continue;
    // The same page with another fragment is the same source.
    const key = url.href.replace(/#.*$/, '');
    const known = seen.get(key);
    if (known) {
      if (!known.title && link.title) known.title = link.title;
      continue;
    }
    if (sources.length >= MAX_SOURCES) break;
    const title = link.title?.trim().slice(0, 300);
    const source: SourceLink = { url: url.href, ...(title ? { title } : {}), site: siteOf(url) };
    seen.set(key, source);
    sources.push(source);
  }
  return sources;
}

/**
 * The sources of a finished answer, or undefined when it has none to show. The service's own
 * citations count for any model; the links in the text only for a model the catalog marks as
 * web-search (any other answer's links are just links, not sources).
 */
export function answerSources(
  content: string,
  citations: readonly WireCitation[] | undefined,
  webSearch: boolean,
): SourceLink[] | undefined {
  let sources: SourceLink[] = [];
  if (citations && citations.length > 0) sources = toSources(citations);
  if (sources.length === 0 && webSearch) sources = toSources(linksInText(content));
  return sources.length > 0 ? sources : undefined;
}
