// Core's side of the picture worker: one worker thread, started on first use, that takes pixel tasks in turn.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DamagedPictureError, type PictureTask, type PictureTaskResult } from './picture-decode';
import type { PictureReply, PictureRequest } from './picture-worker';

/**
 * In the app, esbuild bundles the worker as picture-worker.cjs beside main.cjs (whose URL
 * import.meta.url then is). From source (tsx, vitest) that file is absent: a small CommonJS
 * bootstrap registers tsx in the new thread and imports the TypeScript entry.
 */
function startWorker(): Worker {
  const bundled = new URL('./picture-worker.cjs', import.meta.url);
  if (bundled.protocol === 'file:') {
    // Packaged, a worker thread cannot start from inside app.asar: electron-builder unpacks the
    // worker (asarUnpack) to app.asar.unpacked beside it.
    const path = fileURLToPath(bundled);
    const unpacked = path.replace(`app.asar${sep}`, `app.asar.unpacked${sep}`);
    if (unpacked !== path && existsSync(unpacked)) return new Worker(unpacked);
    if (existsSync(path)) return new Worker(path);
  }
  // tsx's ESM API registers its loader in this thread. Its CommonJS build (what require
  // resolves) cannot be imported from here; the ESM build sits beside it.
  const tsxApi = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const entry = new URL('./picture-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(pathToFileURL(tsxApi).href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true });
}

interface Pending {
  resolve(result: PictureTaskResult): void;
  reject(error: Error): void;
}

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(error: Error): void {
  for (const job of pending.values()) job.reject(error);
  pending.clear();
  worker = null;
}

function workerForTask(): Worker {
  if (worker) return worker;
  const started = startWorker();
  started.on('message', (reply: PictureReply) => {
    const job = pending.get(reply.id);
    if (!job) return;
    pending.delete(reply.id);
    // An idle worker must not keep the process alive (tests, the web host closing).
    if (pending.size === 0) started.unref();
    if (reply.ok) job.resolve(reply.result);
    else
      job.reject(reply.damaged ? new DamagedPictureError(reply.message) : new Error(reply.message));
  });
  started.on('error', (error) => {
    if (worker === started) failAll(error);
  });
  started.on('exit', (code) => {
    if (worker === started) failAll(new Error(`The picture worker stopped (exit code ${code}).`));
  });
  worker = started;
  return started;
}

/** Runs `task` in the worker; DamagedPictureError when the picture cannot be decoded. */
export function runInPictureWorker(task: PictureTask): Promise<PictureTaskResult> {
  const target = workerForTask();
  const id = nextId++;
  const request: PictureRequest = { id, task };
  return new Promise<PictureTaskResult>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    target.ref();
    target.postMessage(request);
  });
}

/** Stops the worker (it starts again on the next task); for core's close and for tests. */
export async function stopPictureWorker(): Promise<void> {
  const running = worker;
  if (!running) return;
  failAll(new Error('The picture worker was stopped.'));
  await running.terminate();
}
