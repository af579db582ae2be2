// Tab inside a modal dialog: from one end to the other, from the dialog itself to an end, else the browser's own move.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextInTrap } from '../../../../renderer/src/common/focus-trap';

/** Fixed in CI; FC_SEED and FC_RUNS ask for other or more runs. */
const PROPERTY = {
  seed: Number(process.env.FC_SEED ?? 40),
  numRuns: Number(process.env.FC_RUNS ?? 200),
};

const controls = ['Cancel', 'Always open', 'Open link'] as const;

describe('nextInTrap', () => {
  it('wraps Tab from the last control to the first, and Shift+Tab from the first to the last', () => {
    expect(nextInTrap(controls, 'Open link', false)).toBe('Cancel');
    expect(nextInTrap(controls, 'Cancel', true)).toBe('Open link');
  });

  it('leaves a move between two controls to the browser', () => {
    expect(nextInTrap(controls, 'Cancel', false)).toBeNull();
    expect(nextInTrap(controls, 'Always open', true)).toBeNull();
    expect(nextInTrap(controls, 'Open link', true)).toBeNull();
  });

  it('moves from the dialog itself (focused on open) to its first control, or back to its last', () => {
    expect(nextInTrap(controls, null, false)).toBe('Cancel');
    expect(nextInTrap(controls, null, true)).toBe('Open link');
  });

  it('has nowhere to go in a dialog with no controls', () => {
    expect(nextInTrap([], null, false)).toBeNull();
    expect(nextInTrap([], null, true)).toBeNull();
  });

  it('never sends focus out of the controls: Tab pressed any number of times cycles through all', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 40 }),
        fc.boolean(),
        (count, presses, backwards) => {
          const list = Array.from({ length: count }, (_, i) => i);
          let at: number | null = null;
          const seen = new Set<number>();
          for (let press = 0; press < presses + count; press += 1) {
            // The browser's own move goes to the neighbour in document order.
            at = nextInTrap(list, at, backwards) ?? at! + (backwards ? -1 : 1);
            expect(list).toContain(at);
            seen.add(at);
          }
          expect(seen.size).toBe(count);
        },
      ),
      PROPERTY,
    );
  });
});
