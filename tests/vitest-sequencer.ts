// The order vitest runs the unit test files in: the few that take longest first, then its own order.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest (the crash soak mostly waits on its host process). With no timings
 * from an earlier run (a clean clone) vitest runs larger files first, so these small ones came
 * last and one worker ran on alone for the soak's 40 s: 164 s for the whole run instead of 146 s.
 */
export const SLOWEST_FIRST = [
  'tests/unit/soak/crash.test.ts',
  'tests/unit/core/corruption.test.ts',
  'tests/unit/core/features/transfer/restore.test.ts',
  'tests/unit/core/router.property.test.ts',
];

export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification): number => {
      const at = SLOWEST_FIRST.indexOf(relative(file.project.config.root, file.moduleId));
      return at < 0 ? SLOWEST_FIRST.length : at;
    };
    // Array.sort is stable: the rest keep vitest's order (the longest first, once it has timings).
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
