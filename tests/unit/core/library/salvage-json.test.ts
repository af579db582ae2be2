// Salvaging a damaged JSON list: the whole entries before the damage, never a half entry, never a throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wholeEntriesOf } from '../../../../electron/core/library/salvage-json';

/** Fixed in CI; FC_SEED and FC_RUNS ask for other or more runs. */
const params = {
  seed: Number(process.env.FC_SEED ?? 37),
  numRuns: Number(process.env.FC_RUNS ?? 200),
};

const entries = [
  { id: 'a', text: 'brackets ] } inside a string, and a \\"quote\\"', list: [1, [2, { x: 3 }]] },
  { id: 'b', text: 'second', nested: { deeper: { list: [] } } },
  { id: 'c', text: 'third' },
];

describe('wholeEntriesOf', () => {
  it('reads every entry of a whole file, and only the list under its key', () => {
    const text = JSON.stringify({ version: 1, other: [{ id: 'no' }], jobs: entries }, null, 1);
    expect(wholeEntriesOf(text, 'jobs')).toEqual(entries);
    expect(wholeEntriesOf(text, 'missing')).toEqual([]);
  });

  it('keeps the entries whole before a cut, and none after a bracket that does not match', () => {
    const text = JSON.stringify({ version: 1, jobs: entries });
    const cut = text.indexOf('"third"');
    expect(wholeEntriesOf(text.slice(0, cut), 'jobs')).toEqual(entries.slice(0, 2));
    const middle = text.indexOf('second');
    const garbled = `${text.slice(0, middle)}"]}{${text.slice(middle + 4)}`;
    expect(wholeEntriesOf(garbled, 'jobs')).toEqual(entries.slice(0, 1));
  });

  it('finds nothing in what is no JSON list at all', () => {
    for (const text of ['', 'null', '[{"id":"a"}]', '\u0000\u00ff{[', '{"jobs":"[{}]"}']) {
      expect(wholeEntriesOf(text, 'jobs')).toEqual([]);
    }
  });

  it('answers, for any list cut anywhere, exactly the entries that closed before the cut', () => {
    const entry = fc.record({ id: fc.string(), text: fc.string(), n: fc.array(fc.integer()) });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 6 }), fc.nat(), (list, at) => {
        const text = JSON.stringify({ version: 1, jobs: list });
        const cut = at % (text.length + 1);
        const kept = wholeEntriesOf(text.slice(0, cut), 'jobs');
        const closed = list.filter((_, i) => {
          const prefix = JSON.stringify({ version: 1, jobs: list.slice(0, i + 1) });
          return prefix.length - 2 <= cut;
        });
        expect(kept).toEqual(closed);
      }),
      params,
    );
  });
});
