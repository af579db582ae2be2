// Atelier reads the simulator's Russian refusals by their words alone (the bodies carry no machine code): each as the refusal it is, at 400 and at 429.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFromHttp } from '../../../../electron/core/service/errors';
import type { ErrorCode } from '../../../../shared/types';
import { startSim, type RunningSim } from '../../../../sim/server';
import { provokeRefusals } from '../../sim/refusals';

let sim: RunningSim;

beforeAll(async () => {
  sim = await startSim({ port: 0, debugPort: 0, chunkDelayMs: 0, errorLanguage: 'ru' });
});

afterAll(async () => {
  await sim.close();
});

/** The refusals the document names, as Atelier must read them from the Russian words. */
const EXPECTED: Record<string, ErrorCode> = {
  'foreign key': 'foreign_key',
  'unknown key': 'key_unknown',
  'no key': 'key_unknown',
  'no subscription': 'no_subscription',
  'no funds': 'no_funds',
  'per-request limit': 'per_request_limit',
  'not in plan': 'not_in_plan',
  moderation: 'moderation',
  'max_tokens too large': 'max_tokens_too_large',
  'context exceeded': 'context_exceeded',
  'server error': 'server_error',
  rate: 'rate_limited',
  'upstream rate': 'rate_limited',
  unavailable: 'model_unavailable',
  'injected 500': 'server_error',
};

describe('the Russian refusals', () => {
  for (const validationStatus of [400, 429] as const)
    it(`are each read as the refusal they are (validation refusals as ${validationStatus})`, async () => {
      await fetch(`${sim.hostRoot}/__sim/reset`, { method: 'POST' });
      await fetch(`${sim.hostRoot}/__sim/settings`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ errorLanguage: 'ru', validationStatus }),
      });
      const read: Record<string, ErrorCode> = {};
      for (const refusal of await provokeRefusals(sim))
        if (refusal.name in EXPECTED) read[refusal.name] = errorFromHttp(refusal).code;
      expect(read).toEqual(EXPECTED);
    });
});
