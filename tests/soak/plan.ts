// The crash test's plans: which work a point does, at which operation the kill is aimed and when; the same plans for the same seed.
import fc from 'fast-check';

/** The operations of the workload; the kill is aimed at one of them in each point. */
export const OPS = [
  'stream',
  'settings',
  'models',
  'rename',
  'save',
  'delete',
  'import',
  'restore',
  'folders',
  'folderDelete',
  'upload',
] as const;

export type Op = (typeof OPS)[number];

/** Kill points go round these, so every kind of work is killed as often. */
export const KILL_TARGETS: ReadonlyArray<readonly Op[]> = [
  ['stream'],
  ['settings', 'models', 'rename', 'save', 'delete'],
  ['import'],
  ['restore'],
  ['folders', 'folderDelete'],
  ['upload'],
];

/**
 * The kill comes within this long after the aimed operation starts: about its length on a laptop
 * (the summary prints the lengths measured), so most kills land inside it.
 */
export const KILL_WINDOW_MS: Record<Op, number> = {
  // The answer streams for about four seconds after chat.send is answered.
  stream: 4500,
  settings: 20,
  models: 60,
  rename: 20,
  save: 20,
  delete: 20,
  import: 1500,
  restore: 1500,
  folders: 40,
  folderDelete: 40,
  upload: 300,
};

export interface PointPlan {
  before: Op[];
  target: Op;
  after: Op[];
  killFraction: number;
  importSize: number;
  importTwice: boolean;
  longTokens: number;
  picks: number[];
}

function planArbitrary(importSizeMax: number): fc.Arbitrary<Omit<PointPlan, 'target'>> {
  const op = fc.constantFrom(...OPS);
  // Kill points spread evenly over the window, not drawn towards its edges as fast-check likes.
  return fc.noBias(
    fc.record({
      before: fc.array(op, { minLength: 0, maxLength: 3 }),
      after: fc.array(op, { minLength: 1, maxLength: 3 }),
      killFraction: fc.integer({ min: 0, max: 9999 }).map((n) => n / 10_000),
      importSize: fc.integer({ min: Math.min(10, importSizeMax), max: importSizeMax }),
      importTwice: fc.boolean(),
      longTokens: fc.integer({ min: 1500, max: 4000 }),
      picks: fc.array(fc.nat(), { minLength: 32, maxLength: 32 }),
    }),
  );
}

/** The same plans for the same seed. */
export function planPoints(seed: number, points: number, importSizeMax = 150): PointPlan[] {
  if (points <= 0) return [];
  const drawn = fc.sample(planArbitrary(importSizeMax), { seed, numRuns: points });
  return drawn.map((plan, index) => {
    const kinds = KILL_TARGETS[index % KILL_TARGETS.length]!;
    return { ...plan, target: kinds[plan.picks[0]! % kinds.length]! };
  });
}
