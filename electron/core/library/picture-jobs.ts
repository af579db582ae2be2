// Core's side of the picture worker: one worker thread, started on first use, that takes pixel tasks in turn.
import type { Worker } from 'node:worker_threads';
import { DamagedPictureError, type PictureTask, type PictureTaskResult } from './picture-decode';
import { startWorker } from './start-worker';
import type { PictureReply, PictureRequest } from './picture-worker';

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
  const started = startWorker('picture-worker');
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
