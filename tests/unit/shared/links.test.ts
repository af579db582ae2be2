// Which links may leave the app, and the address split for the confirm dialog.
import { describe, expect, it } from 'vitest';
import { isOpenableLink, linkAddressOf } from '../../../shared/links';

describe('linkAddressOf', () => {
  it('splits a web link into scheme, host (with its port) and the rest, whole', () => {
    expect(linkAddressOf('https://docs.example.com:8443/guide/start?x=1#top')).toEqual({
      href: 'https://docs.example.com:8443/guide/start?x=1#top',
      scheme: 'https:',
      before: 'https://',
      highlighted: 'docs.example.com:8443',
      after: '/guide/start?x=1#top',
      trustKey: 'docs.example.com:8443',
    });
  });

  it('shows an internationalised host as its ASCII form, so look-alike letters cannot hide', () => {
    // "аpple" with a Cyrillic а.
    expect(linkAddressOf('https://\u0430pple.com/')?.highlighted).toBe('xn--pple-43d.com');
  });

  it('highlights the recipient of a mail link and never offers to trust it', () => {
    expect(linkAddressOf('mailto:help@example.com?subject=Hi')).toMatchObject({
      scheme: 'mailto:',
      before: 'mailto:',
      highlighted: 'help@example.com',
      after: '?subject=Hi',
      trustKey: null,
    });
  });

  it.each([
    'javascript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,<b>x</b>',
    'app://atelier/index.html',
    'https://user:pass@example.com/',
    'https://example.com@evil.example/',
    '/relative/path',
    'not a url',
  ])('refuses %s', (raw) => {
    expect(linkAddressOf(raw)).toBeNull();
    expect(isOpenableLink(raw)).toBe(false);
  });
});
