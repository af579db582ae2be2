// Bench-only Vite builds: the renderer as shipped, the renderer with the naive answer renderer, a blank page.
import { fileURLToPath } from 'node:url';
import { mergeConfig, type InlineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import appConfig from '../vite.config';

export type RendererVariant = 'real' | 'naive';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const BENCH_OUT = here('./out');
const NAIVE_MARKDOWN = here('./naive/NaiveMessageMarkdown.tsx');

/** Swaps only MessageRow's import of the streaming markdown component; everything else is the app's. */
function naiveMarkdown(): Plugin {
  return {
    name: 'bench-naive-markdown',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === './MessageMarkdown' &&
        importer?.replace(/\\/g, '/').endsWith('/chat/MessageRow.tsx')
      )
        return NAIVE_MARKDOWN;
      return null;
    },
  };
}

/** The app's own vite.config.ts, with the bench's output folder (and, for 'naive', the swap). */
export function rendererBuild(variant: RendererVariant): InlineConfig {
  return mergeConfig(appConfig, {
    configFile: false,
    logLevel: 'warn',
    root: here('../renderer'),
    plugins: variant === 'naive' ? [naiveMarkdown()] : [],
    build: {
      outDir: `${BENCH_OUT}/${variant}`,
      emptyOutDir: true,
      ...(process.env.BENCH_NOMINIFY ? { minify: false } : {}),
    },
  } satisfies InlineConfig);
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
