// Bench-only Vite builds: the renderer as shipped and with its answer rendering swapped; a blank page.
import { fileURLToPath } from 'node:url';
import { mergeConfig, type InlineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import appConfig from '../vite.config';

export type RendererVariant = 'real' | 'naive' | 'plain' | 'whole-tail';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const BENCH_OUT = here('./out');
const NAIVE_MARKDOWN = here('./naive/NaiveMessageMarkdown.tsx');
const PLAIN_BLOCK = here('./plain/PlainMarkdownBlock.tsx');
const WHOLE_TAIL_SPLIT = here('./whole-tail/markdown-blocks.ts');

/** Resolves one import of one app module to a bench file instead; nothing else changes. */
function swapImport(source: string, importerSuffix: string, replacement: string): Plugin {
  return {
    name: `bench-swap:${source}`,
    enforce: 'pre',
    resolveId(id, importer) {
      if (id === source && importer?.replace(/\\/g, '/').endsWith(importerSuffix))
        return replacement;
      return null;
    },
  };
}

/**
 * 'naive': MessageRow's streaming markdown component becomes react-markdown over the whole text;
 * 'plain': every markdown block shows its source text, the app otherwise as shipped;
 * 'whole-tail': the growing block is parsed whole on every update (never cut into pieces).
 */
const SWAPS: Record<RendererVariant, Plugin[]> = {
  real: [],
  naive: [swapImport('./MessageMarkdown', '/chat/MessageRow.tsx', NAIVE_MARKDOWN)],
  plain: [swapImport('./markdown/MarkdownBlock', '/chat/MessageMarkdown.tsx', PLAIN_BLOCK)],
  'whole-tail': [swapImport('./markdown-blocks', '/chat/MessageMarkdown.tsx', WHOLE_TAIL_SPLIT)],
};

/** The app's own vite.config.ts, with the bench's output folder (and, for the variants, the swap). */
export function rendererBuild(variant: RendererVariant): InlineConfig {
  return mergeConfig(appConfig, {
    configFile: false,
    logLevel: 'warn',
    root: here('../renderer'),
    plugins: SWAPS[variant],
    build: {
      outDir: `${BENCH_OUT}/${variant}`,
      emptyOutDir: true,
      ...(process.env.BENCH_NOMINIFY ? { minify: false } : {}),
    },
  } satisfies InlineConfig);
}

/**
 * The reference for the app's cost per streamed update: a page that appends each delta's text and
 * keeps the end in view, nothing else (no framework), fed by the same in-page stand-in.
 */
export function bareBuild(): InlineConfig {
  return {
    configFile: false,
    logLevel: 'warn',
    root: here('./bare'),
    base: './',
    build: { outDir: `${BENCH_OUT}/bare`, emptyOutDir: true, target: 'es2022' },
  };
}

/** A default Vite React build: what a page with nothing but React costs. */
export function blankBuild(): InlineConfig {
  return {
    configFile: false,
    logLevel: 'warn',
    root: here('./blank'),
    base: './',
    plugins: [react()],
    build: { outDir: `${BENCH_OUT}/blank`, emptyOutDir: true, target: 'es2022' },
  };
}

/** The gallery's reference page (bench/bare-grid/), built under `outDir` (served by the web host beside the app). */
export function bareGridBuild(outDir: string): InlineConfig {
  return {
    configFile: false,
    logLevel: 'warn',
    root: here('./bare-grid'),
    base: './',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  };
}
