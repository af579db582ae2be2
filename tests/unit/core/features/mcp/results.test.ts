import { describe, expect, it } from 'vitest';
import { outcomeOf } from '../../../../../electron/core/features/mcp/results';

describe('outcomeOf', () => {
  it('keeps text, pictures and links, reads embedded text, names the rest', () => {
    expect(
      outcomeOf({
        isError: false,
        content: [
          { type: 'text', text: 'hi' },
          { type: 'image', data: 'AAAA', mimeType: 'image/png' },
          { type: 'resource_link', uri: 'file:///a.txt', name: 'a', mimeType: 'text/plain' },
          { type: 'resource', resource: { uri: 'mem://n', text: 'inside' } },
          {
            type: 'resource',
            resource: { uri: 'mem://b', blob: 'AAAA', mimeType: 'application/zip' },
          },
          { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
        ],
      }),
    ).toEqual({
      isError: false,
      parts: [
        { type: 'text', text: 'hi' },
        { type: 'image', mime: 'image/png', base64: 'AAAA' },
        { type: 'resource_link', uri: 'file:///a.txt', name: 'a', mime: 'text/plain' },
        { type: 'text', text: 'inside' },
        { type: 'other', note: 'an embedded file (application/zip): mem://b' },
        { type: 'other', note: 'a sound (audio/wav)' },
      ],
    });
  });

  it('carries the tool error flag, and structured content when there is no content', () => {
    expect(outcomeOf({ isError: true, content: [{ type: 'text', text: 'no' }] }).isError).toBe(
      true,
    );
    expect(outcomeOf({ content: [], structuredContent: { a: 1 } }).parts).toEqual([
      { type: 'text', text: '{"a":1}' },
    ]);
  });
});
