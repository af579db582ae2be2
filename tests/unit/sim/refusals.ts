// The simulator's refusals, each provoked over HTTP as a client meets it: the status, the body and the headers that came.
import type { RunningSim } from '../../../sim/server';

export interface Refusal {
  name: string;
  status: number;
  bodyText: string;
  contentType: string | null;
  retryAfterMs: number | null;
}

interface Provocation {
  name: string;
  path: string;
  key: string | null;
  json?: unknown;
  /** A failure the gateway injects before the call (POST /__sim/fail). */
  inject?: number;
  /** Sent twice in a row: the second meets the account's rate. */
  twice?: boolean;
}

const chat = (content = 'hi', extra: Record<string, unknown> = {}) => ({
  model: 'openai/gpt-4o-mini',
  messages: [{ role: 'user', content }],
  ...extra,
});

/** Every refusal the document names, and the simulator's other 4xx of a request's shape. */
const PROVOCATIONS: readonly Provocation[] = [
  { name: 'foreign key', path: '/chat/completions', key: 'sk-another-provider', json: chat() },
  { name: 'unknown key', path: '/chat/completions', key: 'not-a-sim-key', json: chat() },
  { name: 'no key', path: '/chat/completions', key: null, json: chat() },
  { name: 'no subscription', path: '/chat/completions', key: 'sim-expired', json: chat() },
  { name: 'no funds', path: '/chat/completions', key: 'sim-broke', json: chat() },
  { name: 'per-request limit', path: '/chat/completions', key: 'sim-limit', json: chat() },
  {
    name: 'not in plan',
    path: '/chat/completions',
    key: 'sim-plan',
    json: chat('hi', { model: 'premium/gpt-4.5' }),
  },
  {
    name: 'unknown model',
    path: '/chat/completions',
    key: 'sim-model',
    json: chat('hi', { model: 'nobody/none' }),
  },
  { name: 'moderation', path: '/chat/completions', key: 'sim-mod', json: chat('[[moderation]]') },
  {
    name: 'max_tokens too large',
    path: '/chat/completions',
    key: 'sim-max',
    json: chat('hi', { max_tokens: 1_000_000 }),
  },
  {
    name: 'context exceeded',
    path: '/chat/completions',
    key: 'sim-context',
    json: chat('word '.repeat(5000), { model: 'sim/tiny-context' }),
  },
  { name: 'server error', path: '/chat/completions', key: 'sim-500', json: chat('[[500]]') },
  { name: 'rate', path: '/chat/completions', key: 'sim-rate', json: chat(), twice: true },
  { name: 'upstream rate', path: '/chat/completions', key: 'sim-up', json: chat(), inject: 429 },
  { name: 'unavailable', path: '/chat/completions', key: 'sim-503', json: chat(), inject: 503 },
  { name: 'injected 500', path: '/embeddings', key: 'sim-i500', json: {}, inject: 500 },
  { name: 'not a JSON object', path: '/embeddings', key: 'sim-json', json: 5 },
  { name: 'video status by Bearer', path: '/video/status?request_id=x', key: 'sim-video' },
];

async function send(sim: RunningSim, p: Provocation): Promise<Response> {
  const headers: Record<string, string> = {};
  if (p.key !== null) headers.Authorization = `Bearer ${p.key}`;
  if (p.json !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${sim.baseUrl}${p.path}`, {
    method: p.json === undefined ? 'GET' : 'POST',
    headers,
    body: p.json === undefined ? undefined : JSON.stringify(p.json),
  });
}

/** Each refusal, met by a fresh account (the simulator is reset first). */
export async function provokeRefusals(sim: RunningSim): Promise<Refusal[]> {
  const control = (action: string, body: unknown) =>
    fetch(`${sim.hostRoot}/__sim/${action}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const refusals: Refusal[] = [];
  for (const p of PROVOCATIONS) {
    if (p.inject !== undefined) await control('fail', { status: p.inject, path: p.path });
    let res = await send(sim, p);
    if (p.twice) {
      await res.text();
      res = await send(sim, p);
    }
    const retryAfter = res.headers.get('retry-after');
    refusals.push({
      name: p.name,
      status: res.status,
      bodyText: await res.text(),
      contentType: res.headers.get('content-type'),
      retryAfterMs: retryAfter === null ? null : Number(retryAfter) * 1000,
    });
  }
  return refusals;
}
