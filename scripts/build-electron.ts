// Bundles Electron's main process and preload into dist/electron (CommonJS, one file each).
import { build, type BuildOptions } from 'esbuild';
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
