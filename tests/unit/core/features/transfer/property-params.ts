// fast-check's seed and number of runs for the transfer properties: fixed in CI, FC_SEED and FC_RUNS ask for others or more.
import type { Parameters } from 'fast-check';

/** The parameters for fc.assert: a constant seed unless FC_SEED, `runs` unless FC_RUNS. */
export function propertyParams(runs: number): Parameters<unknown> {
  return {
    seed: Number(process.env.FC_SEED ?? 37),
    numRuns: Number(process.env.FC_RUNS ?? runs),
  };
}
