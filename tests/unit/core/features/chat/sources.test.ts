// Sources of web-search answers: from the service's citations, else from the links in the text.
import { describe, expect, it } from 'vitest';
import {
  answerSources,
  linksInText,
  MAX_SOURCES,
  siteOf,
  toSources,
} from '../../../../../electron/core/features/chat/sources';

describe('linksInText', () => {
  it('finds markdown links with their titles and bare links, in order, without trailing punctuation', () => {
    const text =
      'See [the guide](https://example.org/guide "Guide") and https://example.com/a/b.\n' +
      'Also (https://en.wikipedia.org/wiki/Tea_(drink)), <https://docs.example.net/x>; [1](https://one.example/p).';
    expect(linksInText(text)).toEqual([
      { url: 'https://example.org/guide', title: 'the guide' },
      { url: 'https://example.com/a/b' },
      { url: 'https://en.wikipedia.org/wiki/Tea_(drink)' },
      { url: 'https://docs.example.net/x' },
      { url: 'https://one.example/p' },
    ]);
  });

  it('skips links inside code', () => {
    expect(linksInText('```\ncurl https://api.example.com/v1\n```\n`https://x.example`')).toEqual(
      [],
    );
  });
});

describe('toSources', () => {
  it('keeps only http(s) with a host and no credentials, each address once', () => {
    const sources = toSources([
      { url: 'javascript:alert(1)', title: 'Click' },
      { url: 'data:text/html,<script>alert(1)</script>' },
      { url: 'file:///etc/passwd' },
      { url: 'https://good.example@evil.example/' },
      { url: 'not a url' },
      { url: 'https://www.example.com/page' },
      { url: 'https://www.example.com/page#part', title: 'The page' },
      { url: 'HTTP://Example.org/Path' },
    ]);
    expect(sources).toEqual([
      { url: 'https://www.example.com/page', title: 'The page', site: 'example.com' },
      { url: 'http://example.org/Path', site: 'example.org' },
    ]);
  });

  it('names known sites and caps the count', () => {
    expect(siteOf(new URL('https://en.wikipedia.org/wiki/X'))).toBe('Wikipedia');
    expect(siteOf(new URL('https://www.github.com/a'))).toBe('GitHub');
    const many = Array.from({ length: 50 }, (_, i) => ({ url: `https://s${i}.example/` }));
    expect(toSources(many)).toHaveLength(MAX_SOURCES);
  });
});

describe('answerSources', () => {
  const text = 'Answer. Sources: [1](https://a.example/one), [2](https://b.example/two)';

  it('prefers the service citations (annotations or citations) over the text', () => {
    expect(
      answerSources(text, [{ url: 'https://c.example/three', title: 'Three' }], false),
    ).toEqual([{ url: 'https://c.example/three', title: 'Three', site: 'c.example' }]);
  });

  it('reads the text of a web-search model when the service cited nothing', () => {
    expect(answerSources(text, undefined, true)).toEqual([
      { url: 'https://a.example/one', site: 'a.example' },
      { url: 'https://b.example/two', site: 'b.example' },
    ]);
    // Citations that are all refused leave the text to speak.
    expect(answerSources(text, [{ url: 'javascript:void 0' }], true)).toHaveLength(2);
  });

  it('gives no sources for another model’s links, nor for nothing', () => {
    expect(answerSources(text, undefined, false)).toBeUndefined();
    expect(answerSources('No links here.', [], true)).toBeUndefined();
  });
});
