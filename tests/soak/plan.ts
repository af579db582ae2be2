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
 * Where the kill is aimed: within a window after the operation sends `call` (or after the
 * operation, when it had nothing to send it for), so most kills land inside the work that matters:
 * the import itself, not the upload before it. The window is the call's usual length in this run
 * (a quarter more than its median so far), `windowMs` until it has been measured; `fixed` keeps
 * `windowMs` (an answer streams for about four seconds after chat.send is answered).
 */
export const KILL_AT: Record<Op, { call: string; windowMs: number; fixed?: boolean }> = {
  stream: { call: 'chat.send', windowMs: 4500, fixed: true },
  settings: { call: 'settings.update', windowMs: 15 },
  models: { call: 'models.list', windowMs: 30 },
  rename: { call: 'conversations.update', windowMs: 15 },
  save: { call: 'conversations.update', windowMs: 15 },
  delete: { call: 'conversations.delete', windowMs: 15 },
  import: { call: 'transfer.import', windowMs: 150 },
  restore: { call: 'transfer.restore', windowMs: 150 },
  folders: { call: 'folders.create', windowMs: 30 },
  folderDelete: { call: 'folders.delete', windowMs: 30 },
  upload: { call: 'files.begin', windowMs: 300 },
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
