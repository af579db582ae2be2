// What the simulator's tests share: two running simulators, calls made as the app makes them, SSE reading.
import { afterAll, beforeAll } from 'vitest';
import { startSim, type RunningSim } from '../../../sim/server';

export let sim: RunningSim;
/** Same service with the rate limit off: for accounts that need several calls in one test. */
export let open: RunningSim;

/** Starts the two simulators before the calling file's tests and closes them after. */
export function useSimulators(): void {
  beforeAll(async () => {
    [sim, open] = await Promise.all([
      // Validation rejections always 400 here, so each test sees one status; literal.test.ts
      // covers the alternating 400/429 of the default.
      startSim({
        port: 0,
        debugPort: 0,
        legacyPort: 0,
        chunkDelayMs: 2,
        minVideoPollMs: 300,
        validationStatus: 400,
        modelsProfile: 'rich',
      }),
      startSim({ port: 0, debugPort: 0, chunkDelayMs: 0, rateLimit: false, validationStatus: 400 }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([sim.close(), open.close()]);
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let lastFastCall = 0;
/**
 * Between two sim-fast calls: ten span 1,200 ms, so FAST's 10 in any 1,000 ms, counted on
 * arrival, still holds when the first call's way there (a new connection) took up to 200 ms more.
 */
const FAST_CALL_GAP_MS = 120;

export interface CallOptions {
  key?: string | null;
  method?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  target?: RunningSim;
  signal?: AbortSignal;
}

/** One call as the app makes it; sim-fast calls are paced to its plan (10 / s) like the scheduler. */
export async function call(path: string, opts: CallOptions = {}): Promise<Response> {
  const target = opts.target ?? sim;
  const key = opts.key === undefined ? 'sim-fast' : opts.key;
  if (key === 'sim-fast' && target === sim) {
    const wait = lastFastCall + FAST_CALL_GAP_MS - Date.now();
    if (wait > 0) await sleep(wait);
    lastFastCall = Date.now();
  }
  const headers: Record<string, string> = { ...opts.headers };
  if (key !== null && !headers.Authorization) headers.Authorization = `Bearer ${key}`;
  if (opts.json !== undefined) headers['Content-Type'] = 'application/json';
  const url = path.startsWith('http') ? path : `${target.baseUrl}${path}`;
  return fetch(url, {
    method: opts.method ?? (opts.json !== undefined || opts.body !== undefined ? 'POST' : 'GET'),
    headers,
    body: opts.json !== undefined ? JSON.stringify(opts.json) : opts.body,
    signal: opts.signal,
  });
}

export const chat = (
  content: string,
  extra: Record<string, unknown> = {},
  opts: CallOptions = {},
) =>
  call('/chat/completions', {
    ...opts,
    json: { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content }], ...extra },
  });

export interface SseEvent {
  comment: boolean;
  data: string;
}

export function parseSse(text: string): SseEvent[] {
  return text
    .split(/\r?\n\r?\n/)
    .filter((block) => block !== '')
    .flatMap((block) =>
      block
        .split(/\r?\n/)
        .filter((line) => line !== '')
        .map((line) =>
          line.startsWith(':')
            ? { comment: true, data: line }
            : { comment: false, data: line.replace(/^data: /, '') },
        ),
    );
}

export interface Chunk {
  object: string;
  choices: Array<{ delta: { content?: string; reasoning?: string }; finish_reason: string | null }>;
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number; cost: string };
}

export function chunksOf(events: SseEvent[]): Chunk[] {
  return events
    .filter((e) => !e.comment && e.data !== '[DONE]')
    .map((e) => JSON.parse(e.data) as Chunk);
}

export const control = (path: string, body?: unknown, target: RunningSim = sim) =>
  call(`${target.hostRoot}/__sim/${path}`, {
    key: null,
    target,
    ...(body === undefined ? {} : { json: body }),
  });

/** The smallest PNG (one pixel), base64. */
export const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';
