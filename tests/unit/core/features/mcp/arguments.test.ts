// Arguments checked against a tool server's schema: a hostile `pattern` cannot hold core, and a
// pattern RE2 cannot run is left to the server while the rest of the schema is still checked.
import { describe, expect, it } from 'vitest';
import {
  argumentFinding,
  argumentProblem,
} from '../../../../../electron/core/features/mcp/arguments';

/** Catastrophic for a backtracking engine: 2^40 ways to fail on the last character. */
const HOSTILE = '^(a+)+$';
const ATTACK = 'a'.repeat(40) + '!';

describe('argumentProblem', () => {
  it('ends at once on a catastrophic pattern, and still applies it (it used to hold core for good)', () => {
    const schema = { type: 'object', properties: { text: { type: 'string', pattern: HOSTILE } } };
    expect(argumentProblem(schema, { text: ATTACK })).toBe(
      `The arguments do not fit the tool's schema: "/text" must match pattern "${HOSTILE}".`,
    );
    expect(argumentProblem(schema, { text: 'aaaa' })).toBeNull();
  });

  it('runs patternProperties on the same engine', () => {
    const schema = {
      type: 'object',
      patternProperties: { '^(a|aa)+$': { type: 'string' } },
    };
    expect(argumentFinding(schema, { [ATTACK]: 1, aaaa: 2 })).toBe('"/aaaa" must be string');
  });

  it('leaves a pattern RE2 cannot run (lookahead, backreference) to the server, checking the rest', () => {
    const schema = {
      type: 'object',
      properties: {
        ahead: { type: 'string', pattern: '^(?=x)x+$' },
        back: { type: 'string', pattern: '^(a)\\1$' },
        named: { type: 'string', pattern: '^(?<n>a)\\k<n>$' },
        count: { type: 'integer' },
      },
    };
    expect(argumentProblem(schema, { ahead: 'y', back: 'ab', named: 'ab' })).toBeNull();
    expect(argumentFinding(schema, { ahead: 'y', count: 'two' })).toBe('"/count" must be integer');
  });

  it('leaves a schema past the size cap to the server', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 20_000 }, (_, i) => [`p${i}`, { type: 'string', pattern: HOSTILE }]),
    );
    expect(argumentProblem({ type: 'object', properties }, { p1: ATTACK })).toBeNull();
  });
});
