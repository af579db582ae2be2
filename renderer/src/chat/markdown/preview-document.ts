// The page a Preview frame shows: the block's HTML or SVG under a policy that lets it reach nothing.

/**
 * The frame's sandbox: no allow-* token at all. No script runs (not even inside the frame), the
 * frame's origin is opaque (so nothing of the app's, its storage or cookies), and it may not
 * submit forms, open windows or navigate the app's window.
 */
export const PREVIEW_SANDBOX = '';

/**
 * The policy inside the frame, on top of the sandbox: nothing from any address, not even the
 * app's own; only the block's inline styles and pictures and fonts written into it as data:.
 * The page inherits the app's own policy too, which forbids inline script in any case.
 */
export const PREVIEW_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  'font-src data:',
  'media-src data:',
  "form-action 'none'",
  "base-uri 'none'",
].join('; ');

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The frame's whole document. The policy and no-referrer come first in its head, before any of
 * the block's markup, so nothing the block holds is read before they are in force (a policy the
 * block adds itself can only narrow them). An SVG is centred on its own.
 */
export function previewDocument(kind: 'html' | 'svg', source: string): string {
  const head =
    '<!doctype html><html><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(PREVIEW_POLICY)}">` +
    '<meta name="referrer" content="no-referrer">';
  if (kind === 'svg')
    return (
      `${head}<style>html,body{margin:0;height:100%}body{display:flex;align-items:center;` +
      `justify-content:center}svg{max-width:100%;max-height:100%}</style></head>` +
      `<body>${source}</body></html>`
    );
  return `${head}</head><body>${source}</body></html>`;
}
