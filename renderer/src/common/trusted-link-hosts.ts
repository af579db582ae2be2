// The hosts whose links open without asking ("Always open links to …"), kept in this window's local storage.
import type { HostStorage } from './page-storage';

const STORAGE_KEY = 'atelier.links.trustedHosts';
/** A person ticks this box by hand; far more entries than that means the value is not ours. */
const MAX_HOSTS = 500;

export function trustedLinkHosts(storage: HostStorage | null): ReadonlySet<string> {
  if (!storage) return new Set();
  try {
    const stored: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '[]');
    if (!Array.isArray(stored)) return new Set();
    return new Set(
      stored.filter((host): host is string => typeof host === 'string').slice(0, MAX_HOSTS),
    );
  } catch {
    return new Set();
  }
}

export function isTrustedLinkHost(storage: HostStorage | null, host: string): boolean {
  return trustedLinkHosts(storage).has(host);
}

/** Remembers `host`; a full or refused storage only means the question comes again next time. */
export function trustLinkHost(storage: HostStorage | null, host: string): void {
  if (!storage) return;
  const hosts = [...trustedLinkHosts(storage)].filter((known) => known !== host);
  hosts.push(host);
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(hosts.slice(-MAX_HOSTS)));
  } catch {
    // Nothing to do: the link still opens this time.
  }
}
