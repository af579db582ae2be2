// Core's side of the search worker: one worker thread per library, started on first use, stopped
// when idle; requests are answered in the order they were sent.
import type { Worker } from 'node:worker_threads';
import { startWorker } from './start-worker';
import type { SearchReply, SearchRequest } from './search-worker';

type Request = SearchRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;
type Answer = Extract<SearchReply, { ok: true }>;

export interface SearchThread {
  /** Sends a request; the answer, or the worker's error. The first request after a start opens the index. */
  send(request: Request): Promise<Answer>;
  /** Called with the build's progress. */
  onProgress(listener: (indexed: number, total: number) => void): void;
  /** Stops the worker (it starts again on the next request). */
  stop(): Promise<void>;
}

/** A thread for the index in `file`; stopped after `idleMs` without work, so idle libraries cost nothing. */
export function openSearchThread(file: string, idleMs = 15_000): SearchThread {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve(a: Answer): void; reject(e: Error): void }>();
  let progress: (indexed: number, total: number) => void = () => undefined;
  let idle: NodeJS.Timeout | null = null;

  function failAll(error: Error): void {
    for (const job of pending.values()) job.reject(error);
    pending.clear();
    worker = null;
  }

  function post(target: Worker, request: Request): Promise<Answer> {
    const id = nextId++;
    return new Promise<Answer>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      if (idle) clearTimeout(idle);
      idle = null;
      target.ref();
      target.postMessage({ ...request, id });
    });
  }

  function running(): Worker {
    if (worker) return worker;
    const started = startWorker('search-worker');
    started.on('message', (reply: SearchReply) => {
      if ('progress' in reply) {
        progress(reply.progress.indexed, reply.progress.total);
        return;
      }
      const job = pending.get(reply.id);
      if (!job) return;
      pending.delete(reply.id);
      if (pending.size === 0) {
        // An idle worker must not keep the process alive (tests, the web host closing).
        started.unref();
        idle = setTimeout(() => void stop(), idleMs);
        idle.unref();
      }
      if (reply.ok) job.resolve(reply);
      else job.reject(new Error(reply.message));
    });
    started.on('error', (error) => {
      if (worker === started) failAll(error);
    });
    started.on('exit', (code) => {
      if (worker === started) failAll(new Error(`The search worker stopped (exit code ${code}).`));
    });
    worker = started;
    // Opening is the first request: every other one waits behind it in the worker's queue.
    post(started, { op: 'open', file }).catch(() => undefined);
    return started;
  }

  async function stop(): Promise<void> {
    const target = worker;
    if (!target || pending.size > 0) return;
    // Closed before the thread ends, so SQLite leaves no lock behind.
    await post(target, { op: 'close' }).catch(() => undefined);
    await target.terminate();
  }

  return {
    send: (request) => post(running(), request),
    onProgress(listener) {
      progress = listener;
    },
    async stop() {
      if (idle) clearTimeout(idle);
      const target = worker;
      if (!target) return;
      worker = null;
      failAll(new Error('The search worker was stopped.'));
      await target.terminate();
    },
  };
}
