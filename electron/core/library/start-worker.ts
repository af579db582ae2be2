// Starts one of core's worker threads (the picture, search and spending workers) from where it lives.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * In the app, esbuild bundles each worker as `<name>.cjs` beside main.cjs (whose URL
 * import.meta.url then is). Packaged, a worker thread cannot start from inside app.asar:
 * electron-builder unpacks it (asarUnpack) to app.asar.unpacked beside it. From source (tsx,
 * vitest) the bundle is absent: a small bootstrap registers tsx in the new thread and imports the
 * TypeScript entry beside this file.
 */
export function startWorker(
  name: 'picture-worker' | 'search-worker' | 'spending-worker',
  resourceLimits?: ResourceLimits,
): Worker {
  const bundled = new URL(`./${name}.cjs`, import.meta.url);
  if (bundled.protocol === 'file:') {
    const path = fileURLToPath(bundled);
    const unpacked = path.replace(`app.asar${sep}`, `app.asar.unpacked${sep}`);
    if (unpacked !== path && existsSync(unpacked)) return new Worker(unpacked, { resourceLimits });
    if (existsSync(path)) return new Worker(path, { resourceLimits });
  }
  // tsx's ESM API registers its loader in this thread. Its CommonJS build (what require
  // resolves) cannot be imported from here; the ESM build sits beside it.
  const tsxApi = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const entry = new URL(`./${name}.ts`, import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(pathToFileURL(tsxApi).href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true, resourceLimits });
}
