// Core's side of the picture worker: one worker thread with a capped heap, one task at a time, each with a deadline.
import type { Worker } from 'node:worker_threads';
import { PICTURE_DECODE_LIMITS } from '../../../shared/images';
import {
  DAMAGED_PICTURE,
  DamagedPictureError,
  type PictureTask,
  type PictureTaskResult,
} from './picture-decode';
import { startWorker } from './start-worker';
import type { PictureReply, PictureRequest } from './picture-worker';

interface Job {
  task: PictureTask;
  resolve(result: PictureTaskResult): void;
  reject(error: Error): void;
}

interface Running {
  id: number;
  job: Job;
  deadline: NodeJS.Timeout;
}

export interface PictureWorkerLimits {
  heapMb: number;
  youngHeapMb: number;
  deadlineMs: number;
}

let limits: PictureWorkerLimits = { ...PICTURE_DECODE_LIMITS };
let worker: Worker | null = null;
let running: Running | null = null;
let nextId = 1;
const waiting: Job[] = [];

/** The job in the worker is over: its deadline goes, and the worker may idle. */
function finishRunning(): Job | null {
  const done = running;
  if (!done) return null;
  clearTimeout(done.deadline);
  running = null;
  return done.job;
}

/**
 * The worker is gone or must go (past its heap, its deadline, or broken): the job it held ends
 * with `error`, and the next job starts a new worker.
 */
function loseWorker(lost: Worker, error: Error): void {
  if (worker !== lost) return;
  worker = null;
  void lost.terminate();
  finishRunning()?.reject(error);
  runNext();
}

function tooComplex(): DamagedPictureError {
  return new DamagedPictureError(DAMAGED_PICTURE);
}

function startPictureWorker(): Worker {
  const started = startWorker('picture-worker', {
    maxOldGenerationSizeMb: limits.heapMb,
    maxYoungGenerationSizeMb: limits.youngHeapMb,
  });
  started.on('message', (reply: PictureReply) => {
    if (worker !== started || running?.id !== reply.id) return;
    const job = finishRunning()!;
    if (reply.ok) job.resolve(reply.result);
    else
      job.reject(reply.damaged ? new DamagedPictureError(reply.message) : new Error(reply.message));
    runNext();
  });
  started.on('error', (error: Error & { code?: string }) => {
    // Past its heap the worker is stopped by Node, and core goes on: the picture asked too much.
    loseWorker(started, error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooComplex() : error);
  });
  started.on('exit', (code) => {
    loseWorker(started, new Error(`The picture worker stopped (exit code ${code}).`));
  });
  return started;
}

function runNext(): void {
  if (running) return;
  const job = waiting.shift();
  if (!job) {
    // An idle worker must not keep the process alive (tests, the web host closing).
    worker?.unref();
    return;
  }
  const target = worker ?? startPictureWorker();
  worker = target;
  const id = nextId++;
  running = {
    id,
    job,
    deadline: setTimeout(() => loseWorker(target, tooComplex()), limits.deadlineMs),
  };
  target.ref();
  const request: PictureRequest = { id, task: job.task };
  target.postMessage(request);
}

/**
 * Runs `task` in the worker once the tasks before it are done; DamagedPictureError when the
 * picture cannot be decoded, or takes more heap or time than PICTURE_DECODE_LIMITS allow.
 */
export function runInPictureWorker(task: PictureTask): Promise<PictureTaskResult> {
  return new Promise<PictureTaskResult>((resolve, reject) => {
    waiting.push({ task, resolve, reject });
    runNext();
  });
}

/** Stops the worker and fails every task (it starts again on the next one); for core's close and for tests. */
export async function stopPictureWorker(): Promise<void> {
  const stopped = new Error('The picture worker was stopped.');
  for (const job of waiting.splice(0)) job.reject(stopped);
  finishRunning()?.reject(stopped);
  const current = worker;
  worker = null;
  await current?.terminate();
}

/** Other limits for the workers started from now on (the defaults where left out); for tests. */
export async function setPictureWorkerLimits(next: Partial<PictureWorkerLimits>): Promise<void> {
  await stopPictureWorker();
  limits = { ...PICTURE_DECODE_LIMITS, ...next };
}
