// "Always open links to <host>": remembered per host, and a damaged or missing storage only means asking again.
import { describe, expect, it } from 'vitest';
import {
  isTrustedLinkHost,
  trustedLinkHosts,
  trustLinkHost,
} from '../../../../renderer/src/common/trusted-link-hosts';
import { memoryStorage } from './memory-storage';
import type { HostStorage } from '../../../../renderer/src/common/page-storage';

describe('trusted link hosts', () => {
  it('remembers a host once, and only that host (with its port)', () => {
    const storage = memoryStorage();
    trustLinkHost(storage, 'docs.example.com');
    trustLinkHost(storage, 'docs.example.com');
    expect([...trustedLinkHosts(storage)]).toEqual(['docs.example.com']);
    expect(isTrustedLinkHost(storage, 'docs.example.com')).toBe(true);
    expect(isTrustedLinkHost(storage, 'example.com')).toBe(false);
    expect(isTrustedLinkHost(storage, 'docs.example.com:8443')).toBe(false);
  });

  it.each(['not json', '{"docs.example.com": true}', '[1, null, {}]'])(
    'trusts nothing when the stored value is %s',
    (stored) => {
      const storage = memoryStorage({ 'atelier.links.trustedHosts': stored });
      expect(trustedLinkHosts(storage).size).toBe(0);
    },
  );

  it('asks every time where there is no storage, or it refuses writes', () => {
    expect(isTrustedLinkHost(null, 'docs.example.com')).toBe(false);
    trustLinkHost(null, 'docs.example.com');
    const full: HostStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => trustLinkHost(full, 'docs.example.com')).not.toThrow();
    expect(isTrustedLinkHost(full, 'docs.example.com')).toBe(false);
  });
});
