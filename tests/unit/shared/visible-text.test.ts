// visibleText: what a person approves reads as what it is: nothing hidden, reordered or pushed away.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasHiddenCharacters, visibleText } from '../../../shared/visible-text';

const seed = Number(process.env.FC_SEED ?? 38);
const numRuns = Number(process.env.FC_RUNS ?? 200);

describe('visibleText', () => {
  it('writes line breaks and tabs as escapes and doubles a backslash', () => {
    expect(visibleText('a\nb\r\tc\\n')).toBe('a\\nb\\r\\tc\\\\n');
  });

  it('names controls, format and direction characters and unusual spaces by code point', () => {
    expect(visibleText('x\u202Ey\u200Bz\u2028\u0000\u00A0\uFEFF\u{E0041}')).toBe(
      'x⟨U+202E⟩y⟨U+200B⟩z⟨U+2028⟩⟨U+0000⟩⟨U+00A0⟩⟨U+FEFF⟩⟨U+E0041⟩',
    );
    expect(visibleText('lone \uD800 half')).toBe('lone ⟨U+D800⟩ half');
  });

  it('counts long runs of spaces and leaves short ones and ordinary text alone', () => {
    expect(visibleText('a' + ' '.repeat(8000) + 'b')).toBe('a⟨8000 spaces⟩b');
    expect(visibleText('a    b')).toBe('a    b');
    expect(visibleText('Файлы: 日本 😀')).toBe('Файлы: 日本 😀');
  });

  it('cuts the middle of a long value with a marker, never inside a named character', () => {
    const shown = visibleText('\u202E'.repeat(100) + 'END', 50);
    expect(shown).toMatch(/^(⟨U\+202E⟩)+⟨[\d,]+ characters cut⟩(⟨U\+202E⟩)*E?N?D$/);
    expect(visibleText('x'.repeat(10_000), 30)).toBe(
      `${'x'.repeat(20)}⟨9,970 characters cut⟩${'x'.repeat(10)}`,
    );
  });

  it('never lets a hidden character through, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        const shown = visibleText(text, 120);
        expect(hasHiddenCharacters(shown)).toBe(false);
        expect(shown).not.toMatch(/ {5}/);
        expect(shown.length).toBeLessThanOrEqual(120 + 30);
      }),
      { seed, numRuns },
    );
  });
});
