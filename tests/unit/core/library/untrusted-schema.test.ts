// Untrusted schemas: patterns on RE2 within a cost bound, size and depth checked first, answer schemas refused in words.
import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { PATTERN_COST_LIMITS, TOOL_SCHEMA_LIMITS } from '../../../../shared/schema-limits';
import {
  answerSchemaProblem,
  compileUntrustedSchema,
  patternCost,
  schemaBoundsProblem,
  UncheckablePatternError,
} from '../../../../electron/core/library/untrusted-schema';

const ATTACK = 'a'.repeat(40) + '!';

describe('compileUntrustedSchema', () => {
  it('runs patterns on RE2: a catastrophic one ends, and still means what it says', () => {
    for (const pattern of ['^(a+)+$', '^(a|a)+$', '^(a|aa)+$', '^(\\w+\\s?)*$', '^(.*a){12}$']) {
      const { validate } = compileUntrustedSchema(
        { type: 'string', pattern },
        { uncheckable: 'refuse' },
      );
      expect(validate(ATTACK)).toBe(false);
      expect(validate('a'.repeat(12))).toBe(new RegExp(pattern).test('a'.repeat(12)));
    }
  });

  it('refuses or skips, as asked, a pattern RE2 cannot run', () => {
    const schema = { type: 'string', pattern: '^(?=a)a$' };
    expect(() => compileUntrustedSchema(schema, { uncheckable: 'refuse' })).toThrow(
      UncheckablePatternError,
    );
    const skipped = compileUntrustedSchema(schema, { uncheckable: 'skip' });
    expect(skipped.skippedPatterns).toEqual(['^(?=a)a$']);
    expect(skipped.validate('b')).toBe(true);
  });

  it('never prepares a pattern whose repeats would take seconds (RE2 itself would)', () => {
    const costly = 'a{1000}'.repeat(500);
    expect(patternCost(costly)).toBeGreaterThan(PATTERN_COST_LIMITS.pattern);
    const { skippedPatterns } = compileUntrustedSchema(
      { type: 'string', pattern: costly },
      { uncheckable: 'skip' },
    );
    expect(skippedPatterns).toEqual([costly]);
  });

  it("counts a schema's patterns together", () => {
    const pattern = (i: number) => `^a{1000}b{1000}c{1000}${i}$`;
    const properties = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`p${i}`, { type: 'string', pattern: pattern(i) }]),
    );
    const { skippedPatterns } = compileUntrustedSchema(
      { type: 'object', properties },
      { uncheckable: 'skip' },
    );
    expect(skippedPatterns.length).toBeGreaterThan(20);
    expect(() =>
      compileUntrustedSchema({ type: 'object', properties }, { uncheckable: 'refuse' }),
    ).toThrow(/patterns together/);
  });
});

describe('uniqueItems', () => {
  const { validate } = compileUntrustedSchema(
    { type: 'array', uniqueItems: true },
    { uncheckable: 'refuse', allErrors: true },
  );

  it('checks 100,000 distinct objects in one pass (ajv compares every pair: minutes)', () => {
    expect(validate(Array.from({ length: 100_000 }, (_, i) => ({ a: i, b: [i] })))).toBe(true);
  });

  it('finds equal items whatever their key order, and says so', () => {
    expect(
      validate([
        { a: 1, b: { c: 2, d: 3 } },
        { b: { d: 3, c: 2 }, a: 1 },
      ]),
    ).toBe(false);
    expect(validate.errors?.[0]?.message).toBe('must not have duplicate items');
    expect(validate([1, '1', [1], { 1: 1 }, null, true])).toBe(true);
    expect(validate([0, -0])).toBe(false);
  });
});

describe('patternCost', () => {
  it('counts at least what RE2 makes of the pattern', () => {
    for (const pattern of [
      'abc',
      '^[a-z0-9-]{1,63}$',
      '(abc){1000}',
      '(a|b|c|d){100}',
      '^\\d{3}-\\d{4}$',
      '((a{10}){10}){10}',
      '^(?:[A-Za-z]+\\s?)+$',
    ])
      expect(patternCost(pattern)).toBeGreaterThanOrEqual(
        RE2JS.compile(RE2JS.translateRegExp(pattern)).programSize() - 2,
      );
  });
});

describe('schemaBoundsProblem', () => {
  const limits = { maxChars: 1e9, maxDepth: 64, maxNodes: 1e6, maxBranches: 100 };

  it('measures depth without recursion, however deep', () => {
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = { items: deep };
    expect(schemaBoundsProblem(deep, limits)).toBe(
      'The schema is nested more than 64 levels deep.',
    );
  });

  it('counts parts, anyOf and oneOf choices, and characters', () => {
    const parts = { properties: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [i, {}])) };
    expect(schemaBoundsProblem(parts, { ...limits, maxNodes: 20 })).toBe(
      'The schema has more than 20 parts (objects and lists).',
    );
    const choices = {
      anyOf: Array.from({ length: 60 }, () => ({})),
      items: { oneOf: Array.from({ length: 60 }, () => ({})) },
    };
    expect(schemaBoundsProblem(choices, limits)).toBe(
      "The schema's anyOf and oneOf have more than 100 choices together.",
    );
    expect(schemaBoundsProblem({ a: 'x'.repeat(100) }, { ...limits, maxChars: 50 })).toBe(
      'The schema is longer than 50 characters.',
    );
  });

  it('keeps each compile within the bounds short enough to count (an anyOf of 4,000 overflowed)', () => {
    const anyOf = { anyOf: Array.from({ length: 4000 }, (_, i) => ({ const: i })) };
    expect(schemaBoundsProblem(anyOf, TOOL_SCHEMA_LIMITS)).toMatch(/choices together/);
  });
});

describe('answerSchemaProblem', () => {
  it('is null for a usable schema, and a sentence otherwise', () => {
    expect(answerSchemaProblem({ type: 'object', properties: { a: { type: 'string' } } })).toBe(
      null,
    );
    expect(answerSchemaProblem({ type: 'strin' })).toMatch(
      /^The schema is not a valid JSON Schema/,
    );
    expect(answerSchemaProblem({ type: 'string', pattern: '(a)\\1' })).toMatch(
      /^The pattern "\(a\)\\1" cannot be checked safely/,
    );
  });
});
