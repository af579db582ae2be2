// Bundles Electron's main process, its picture, search and spending workers and the preload into dist/electron (CommonJS, one file each).
import { build, type BuildOptions } from 'esbuild';
import { copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const common: BuildOptions = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  // electron is provided by the runtime; electron-store (ESM only) is bundled in, converted to CJS.
  external: ['electron'],
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'info',
};

await Promise.all([
  build({
    ...common,
    entryPoints: ['electron/main/main.ts'],
    outfile: 'dist/electron/main.cjs',
    // import.meta.url is this bundle's own file, so files beside it (the picture worker) resolve.
    banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
    define: { 'import.meta.url': '__bundleUrl' },
  }),
  // Pictures are decoded in a worker thread (electron/core/library/picture-jobs.ts looks for
  // this file beside main.cjs).
  build({
    ...common,
    entryPoints: ['electron/core/library/picture-worker.ts'],
    outfile: 'dist/electron/picture-worker.cjs',
  }),
  // The word index (SQLite in WebAssembly) lives in a worker thread too
  // (electron/core/library/search-thread.ts looks for this file beside main.cjs).
  build({
    ...common,
    entryPoints: ['electron/core/library/search-worker.ts'],
    outfile: 'dist/electron/search-worker.cjs',
  }),
  // So does the spending ledger (electron/core/features/spending/ledger.ts looks for it there).
  build({
    ...common,
    entryPoints: ['electron/core/library/spending-worker.ts'],
    outfile: 'dist/electron/spending-worker.cjs',
  }),
  // A sandboxed preload cannot require local files, so it must be one self-contained file.
  build({
    ...common,
    entryPoints: ['electron/preload/preload.ts'],
    outfile: 'dist/electron/preload.cjs',
    platform: 'browser',
    target: 'chrome130',
  }),
]);

// node-sqlite3-wasm loads its .wasm from the folder of the script that holds it: bundled, that
// is the folder of search-worker.cjs and spending-worker.cjs.
const wasm = join(
  dirname(createRequire(import.meta.url).resolve('node-sqlite3-wasm')),
  'node-sqlite3-wasm.wasm',
);
await mkdir(join(root, 'dist/electron'), { recursive: true });
await copyFile(wasm, join(root, 'dist/electron/node-sqlite3-wasm.wasm'));
