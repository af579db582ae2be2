// The page the web host serves: the bridge script bundled and put before the renderer's, and the
// page for an address used before or never printed.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { BRIDGE_SCRIPT_PATH, OPEN_FROM_TERMINAL } from './bridge-protocol';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page for an address used before or never printed: no app, nothing of the person's. */
export const OPEN_FROM_TERMINAL_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Atelier</title></head>
<body style="font-family: system-ui, sans-serif; margin: 3rem; max-width: 36rem">
<h1>${escapeHtml(OPEN_FROM_TERMINAL.title)}</h1>
<p>${escapeHtml(OPEN_FROM_TERMINAL.body)}</p>
</body></html>
`;

/** Bundles dev/bridge-client.ts (and the shared api builder) into one classic script. */
export async function bundleBridgeClient(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./bridge-client.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('esbuild produced no bridge script');
  return output.text;
}

/**
 * Puts the bridge script before the renderer's first script, so window.atelier exists first.
 * Deferred, it still runs before the renderer's module (deferred scripts and modules run in
 * document order) but no longer holds up the parser, so the renderer's chunks are fetched at once
 * instead of after the bridge's round trip. The page carries no secret: it is the same for anyone.
 */
export function injectBridge(indexHtml: string): string {
  const tag = `<script defer src="${BRIDGE_SCRIPT_PATH}"></script>`;
  const at = indexHtml.search(/<script\b/i);
  if (at >= 0) return indexHtml.slice(0, at) + tag + indexHtml.slice(at);
  const head = indexHtml.search(/<\/head>/i);
  return head >= 0 ? indexHtml.slice(0, head) + tag + indexHtml.slice(head) : tag + indexHtml;
}
