// Core's side of the search worker: one worker thread per library, started on first use, stopped
// when idle; requests are answered in the order they were sent.
import type { Worker } from 'node:worker_threads';
import type { WordIndexFailure } from './search-index-file';
import { startWorker } from './start-worker';
import type { SearchReply, SearchRequest } from './search-service';

type Request = SearchRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;
type Answer = Extract<SearchReply, { ok: true }>;

/** A request the worker could not do, with what that means for the index. */
export class SearchFailure extends Error {
  constructor(
    message: string,
    readonly failure: WordIndexFailure,
  ) {
    super(message);
  }
}

export interface SearchThread {
  /**
   * Sends a request; the answer, or a SearchFailure (a worker that stopped fails as 'other'). The
   * first request after a start opens the index.
   */
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
      else job.reject(new SearchFailure(reply.message, reply.failure));
    });
    started.on('error', (error) => {
      if (worker === started) failAll(new SearchFailure(error.message, 'other'));
    });
    started.on('exit', (code) => {
      if (worker === started)
        failAll(new SearchFailure(`The search worker stopped (exit code ${code}).`, 'other'));
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
    // A request sent meanwhile went to this worker, behind the close: it opens the index again for
    // it, and the worker stays. Ending it here would lose that request (a save not indexed).
    if (worker !== target || pending.size > 0) return;
    // The index is closed: the next request starts a new worker without two holding the file.
    worker = null;
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
      failAll(new SearchFailure('The search worker was stopped.', 'other'));
      await target.terminate();
    },
  };
}
