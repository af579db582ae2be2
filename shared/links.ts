// Which links may leave the app, and how an address is shown before it does: one rule for core, hosts and page.

/** The only schemes a link may open: web pages and a new mail. */
export const OPENABLE_LINK_SCHEMES = ['https:', 'http:', 'mailto:'] as const;
export type OpenableLinkScheme = (typeof OPENABLE_LINK_SCHEMES)[number];

/**
 * An address split for showing it whole with the part that decides where it goes set apart: the
 * host of a web link, the recipient of a mail link. `trustKey` is what "always open" remembers
 * (the host with its port); null for mail links, which are always asked about.
 */
export interface LinkAddress {
  href: string;
  scheme: OpenableLinkScheme;
  before: string;
  highlighted: string;
  after: string;
  trustKey: string | null;
}

/** Null for anything but an http(s) link with a host and no credentials, or a mailto link. */
export function linkAddressOf(raw: string): LinkAddress | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol === 'mailto:') {
    return {
      href: url.href,
      scheme: 'mailto:',
      before: 'mailto:',
      highlighted: url.pathname,
      after: url.search + url.hash,
      trustKey: null,
    };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  // user:pass@ in front of a host is the classic way to make one address read as another.
  if (url.hostname === '' || url.username !== '' || url.password !== '') return null;
  return {
    href: url.href,
    scheme: url.protocol,
    before: `${url.protocol}//`,
    highlighted: url.host,
    after: url.pathname + url.search + url.hash,
    trustKey: url.host,
  };
}

export function isOpenableLink(raw: string): boolean {
  return linkAddressOf(raw) !== null;
}
