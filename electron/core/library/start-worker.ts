// Starts one of core's worker threads (the picture, search and spending workers) from where it lives.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

type WorkerName = 'picture-worker' | 'search-worker' | 'spending-worker';

/** Each worker's code bundled from source, made once per process. */
const fromSource = new Map<WorkerName, string>();

/**
 * From source (tsx, vitest, Playwright's host) there is no bundle: the worker's own TypeScript
 * files are bundled here with esbuild (the build's bundler, a development dependency), its
 * packages left to require from the project's node_modules. Registering tsx in each new thread
 * instead cost ~200 ms of CPU per start (a loader thread, every module imported through it);
 * the bundle takes a few milliseconds once, and a thread starts from it in ~30 ms.
 */
function sourceBundle(name: WorkerName): string {
  const made = fromSource.get(name);
  if (made !== undefined) return made;
  const entry = fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
  // Required at run time, so the app's own bundle never takes esbuild in.
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const [bundle] = buildSync({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    packages: 'external',
    write: false,
    logLevel: 'silent',
  }).outputFiles;
  // An evaluated worker's require resolves from the working folder; the entry's own is used instead.
  const code = `(function (require) {\n${bundle!.text}\n})(require('node:module').createRequire(${JSON.stringify(entry)}));`;
  fromSource.set(name, code);
  return code;
}

/**
 * In the app, esbuild bundles each worker as `<name>.cjs` beside main.cjs (whose URL
 * import.meta.url then is). Packaged, a worker thread cannot start from inside app.asar:
 * electron-builder unpacks it (asarUnpack) to app.asar.unpacked beside it. From source the bundle
 * is absent and is made in memory (sourceBundle).
 */
export function startWorker(name: WorkerName, resourceLimits?: ResourceLimits): Worker {
  const bundled = new URL(`./${name}.cjs`, import.meta.url);
  if (bundled.protocol === 'file:') {
    const path = fileURLToPath(bundled);
    const unpacked = path.replace(`app.asar${sep}`, `app.asar.unpacked${sep}`);
    if (unpacked !== path && existsSync(unpacked)) return new Worker(unpacked, { resourceLimits });
    if (existsSync(path)) return new Worker(path, { resourceLimits });
  }
  return new Worker(sourceBundle(name), { eval: true, resourceLimits });
}
