// Unit tests of the Preview frame's page: its sandbox and the policy it is held to, before the block's markup.
import { describe, expect, it } from 'vitest';
import {
  PREVIEW_POLICY,
  PREVIEW_SANDBOX,
  previewDocument,
} from '../../../../../renderer/src/chat/markdown/preview-document';

/** The directives of a policy, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('the Preview frame', () => {
  it('is sandboxed with no permission at all: no script, no same origin, forms, popups or top navigation', () => {
    expect(PREVIEW_SANDBOX).toBe('');
  });

  it('fetches from no address: only inline styles and data: pictures, fonts and media', () => {
    const policy = directives(PREVIEW_POLICY);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('style-src')).toEqual(["'unsafe-inline'"]);
    expect(policy.get('img-src')).toEqual(['data:']);
    expect(policy.get('font-src')).toEqual(['data:']);
    expect(policy.get('media-src')).toEqual(['data:']);
    expect(policy.get('form-action')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    // No script source of any kind: script-src falls back to default-src 'none'.
    expect(policy.has('script-src')).toBe(false);
    expect(PREVIEW_POLICY).not.toMatch(/http|'self'|\*|blob:|unsafe-eval/);
  });

  it('puts the policy and no-referrer first in the head, before any of the block’s markup', () => {
    for (const kind of ['html', 'svg'] as const) {
      const source = '<meta http-equiv="refresh" content="0;url=http://127.0.0.1:1/"><p>x</p>';
      const page = previewDocument(kind, source);
      const policyAt = page.indexOf('http-equiv="Content-Security-Policy"');
      expect(policyAt).toBeGreaterThan(0);
      expect(page.indexOf('name="referrer" content="no-referrer"')).toBeGreaterThan(policyAt);
      expect(page.indexOf(source)).toBeGreaterThan(page.indexOf('</head>'));
      expect(page).toContain(`content="${PREVIEW_POLICY}"`);
    }
  });

  it('keeps the block’s markup as it is, and an SVG centred on its own', () => {
    const svg = '<svg width="10" height="10"><rect width="10" height="10"/></svg>';
    expect(previewDocument('svg', svg)).toContain(`<body>${svg}</body>`);
    expect(previewDocument('svg', svg)).toContain('justify-content:center');
    expect(previewDocument('html', '<h1>Hi</h1>')).toMatch(/<body><h1>Hi<\/h1><\/body><\/html>$/);
  });
});
