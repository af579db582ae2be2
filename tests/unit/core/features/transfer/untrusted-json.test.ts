// Untrusted JSON: nesting measured without parsing (strings and escapes skipped), prototype keys refused in words.
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
