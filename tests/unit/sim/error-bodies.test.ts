// The simulator's error bodies carry the service's text alone, as the document says: no machine code or metadata beside it, and Russian text when it speaks Russian.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../../../sim/server';
import { provokeRefusals } from './refusals';

let sim: RunningSim;

beforeAll(async () => {
  sim = await startSim({ port: 0, debugPort: 0, chunkDelayMs: 0 });
});

afterAll(async () => {
  await sim.close();
});

async function settings(spec: Record<string, unknown>): Promise<void> {
  await fetch(`${sim.hostRoot}/__sim/reset`, { method: 'POST' });
  await fetch(`${sim.hostRoot}/__sim/settings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(spec),
  });
}

/** The fields of a JSON error body, each path to a value: error.message, reason… */
function fieldsOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, inner]) =>
    fieldsOf(inner, prefix ? `${prefix}.${key}` : key),
  );
}

const TEXT_ONLY = [['error.message'], ['error'], ['message'], ['reason', 'status']];

describe('error bodies', () => {
  for (const errorLanguage of ['en', 'ru'] as const)
    for (const validationStatus of [400, 429] as const)
      it(`hold the text alone (${errorLanguage}, validation refusals as ${validationStatus})`, async () => {
        await settings({ errorLanguage, validationStatus });
        const refusals = await provokeRefusals(sim);
        expect(refusals.length).toBeGreaterThan(15);
        for (const refusal of refusals) {
          expect(refusal.status, refusal.name).toBeGreaterThanOrEqual(400);
          if (!refusal.contentType?.includes('json')) continue;
          const fields = fieldsOf(JSON.parse(refusal.bodyText)).sort();
          expect(TEXT_ONLY, `${refusal.name}: ${refusal.bodyText}`).toContainEqual(fields);
        }
      });

  it('are Russian when the simulator speaks Russian', async () => {
    await settings({ errorLanguage: 'ru' });
    for (const refusal of await provokeRefusals(sim)) {
      expect(refusal.bodyText, refusal.name).toMatch(/[А-Яа-яЁё]{3}/);
      expect(refusal.bodyText, refusal.name).not.toMatch(/\b(?:the|your|request|must)\b/i);
    }
  });
});
