// Cited links read from stream chunks and whole answers: annotations and top-level citations.
import { describe, expect, it } from 'vitest';
import { collectCitations, withCitations } from '../../../../electron/core/service/citations';
import { applyStreamEvent, newStreamProgress } from '../../../../electron/core/service/chat-stream';
import type { WireCitation } from '../../../../electron/core/service/types';

describe('collectCitations', () => {
  it('reads url_citation annotations of a delta or message, flat ones, and citations arrays', () => {
    const into: WireCitation[] = [];
    collectCitations(into, {
      choices: [
        {
          delta: {
            annotations: [
              { type: 'url_citation', url_citation: { url: 'https://a.example/', title: 'A' } },
              { type: 'file_citation', file_citation: { file_id: 'f' } },
              { type: 'url_citation', url: 'https://b.example/' },
            ],
          },
        },
      ],
    });
    collectCitations(into, { choices: [{ message: { annotations: 'nonsense' } }] });
    collectCitations(into, {
      choices: [],
      citations: ['https://b.example/', { url: 'https://c.example/', title: 'C' }, 42, ''],
    });
    expect(into).toEqual([
      { url: 'https://a.example/', title: 'A' },
      { url: 'https://b.example/' },
      { url: 'https://c.example/', title: 'C' },
    ]);
  });
});

describe('a stream with annotations', () => {
  it('ends with the cited links in the result progress', () => {
    const progress = newStreamProgress();
    const send = (chunk: unknown) =>
      applyStreamEvent(
        progress,
        { event: 'message', data: JSON.stringify(chunk) },
        undefined,
        null,
      );
    send({ choices: [{ delta: { content: 'Hi' } }] });
    send({
      choices: [
        {
          delta: {
            annotations: [{ type: 'url_citation', url_citation: { url: 'https://a.example/' } }],
          },
          finish_reason: 'stop',
        },
      ],
    });
    send({ choices: [], citations: ['https://a.example/', 'https://z.example/'] });
    expect(progress.citations).toEqual([
      { url: 'https://a.example/' },
      { url: 'https://z.example/' },
    ]);
    expect(progress.content).toBe('Hi');
  });
});

describe('a whole answer', () => {
  it('carries the links its message annotations cite, and nothing when there are none', () => {
    const result = { content: 'x', reasoning: '', finishReason: 'stop', usage: null };
    const cited = withCitations(result, {
      choices: [
        {
          message: {
            content: 'x',
            annotations: [{ type: 'url_citation', url_citation: { url: 'https://a.example/' } }],
          },
        },
      ],
    });
    expect(cited.citations).toEqual([{ url: 'https://a.example/' }]);
    expect(withCitations(result, { choices: [{ message: { content: 'x' } }] })).toBe(result);
  });
});
