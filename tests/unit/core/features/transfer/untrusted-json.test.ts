// Untrusted JSON: nesting measured without parsing (strings and escapes skipped), prototype keys refused in words.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  nestingDepth,
  parseUntrustedJson,
} from '../../../../../electron/core/features/transfer/untrusted-json';

describe('nestingDepth', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestingDepth('{"a":[1,{"b":2}]}', 100)).toBe(3);
    expect(nestingDepth('{"a":"[[[[\\"[[[["}', 100)).toBe(1);
    expect(nestingDepth('[[[[[[', 3)).toBe(4);
  });

  it('ends a string at the first quote after an even run of backslashes', () => {
    expect(nestingDepth('"\\\\"[', 100)).toBe(1);
    expect(nestingDepth('"\\\\\\"[', 100)).toBe(0);
    expect(nestingDepth('"never closed [[[', 100)).toBe(0);
  });

  it('measures any text as a walk character by character does', () => {
    /** The plain walk: inside a string a backslash skips the next character, a quote ends it. */
    function walked(text: string, limit: number): number {
      let depth = 0;
      let deepest = 0;
      let inString = false;
      for (let i = 0; i < text.length; i += 1) {
        const c = text[i];
        if (inString) {
          if (c === '\\') i += 1;
          else if (c === '"') inString = false;
        } else if (c === '"') inString = true;
        else if (c === '{' || c === '[') {
          depth += 1;
          deepest = Math.max(deepest, depth);
          if (deepest > limit) return deepest;
        } else if (c === '}' || c === ']') depth -= 1;
      }
      return deepest;
    }
    // Quotes and backslashes often, and runs of them: where a string ends is what is measured.
    const piece = fc.oneof(
      fc.constantFrom('[', ']', '{', '}', 'a'),
      fc.stringMatching(/^\\{0,5}"$/),
    );
    const text = fc.array(piece, { maxLength: 40 }).map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 8 }), (t, limit) => {
        expect(nestingDepth(t, limit)).toBe(walked(t, limit));
      }),
      { seed: Number(process.env.FC_SEED ?? 40), numRuns: Number(process.env.FC_RUNS ?? 2000) },
    );
  });
});

describe('parseUntrustedJson', () => {
  it('parses plain JSON', () => {
    expect(parseUntrustedJson('{"title":"ok","n":[1,2]}', 'the file')).toEqual({
      title: 'ok',
      n: [1, 2],
    });
  });

  it.each(['__proto__', 'constructor', 'prototype'])('refuses the key %s', (key) => {
    expect(() => parseUntrustedJson(`{"a":{"${key}":{"x":1}}}`, 'the file')).toThrow(
      `the file contains the key "${key}"`,
    );
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });

  it('refuses deep nesting before parsing and says what is wrong with broken JSON', () => {
    expect(() => parseUntrustedJson('['.repeat(65) + ']'.repeat(65), 'the file')).toThrow(
      /nests deeper than 64 levels/,
    );
    expect(() => parseUntrustedJson('{"a":', 'the file')).toThrow(/the file is not valid JSON/);
  });
});
