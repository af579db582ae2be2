// The unit run's order: the files it runs first are still there (a renamed one would silently run last again).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SLOWEST_FIRST } from '../vitest-sequencer';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('SLOWEST_FIRST', () => {
  it('names test files that exist', () => {
    for (const file of SLOWEST_FIRST) expect(existsSync(root + file), file).toBe(true);
  });
});
