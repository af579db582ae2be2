// Bundles the in-page stand-in for core (fake-atelier.ts) for the bench's pages.
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';

const FEED_ENTRY = fileURLToPath(new URL('./fake-atelier.ts', import.meta.url));

/** The stand-in for core, bundled for the page (served at FEED_SCRIPT_PATH). */
export async function feedScript(): Promise<string> {
  const result = await esbuild({
    entryPoints: [FEED_ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('esbuild produced no feed script');
  return output.text;
}
