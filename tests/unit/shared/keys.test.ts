// A key must be visible ASCII: look-alikes, NUL and escapes are named with their position.
import { describe, expect, it } from 'vitest';
import { keyCharProblem } from '../../../shared/keys';

describe('keyCharProblem', () => {
  it('accepts visible ASCII keys', () => {
    expect(keyCharProblem('sim-fast')).toBeNull();
    expect(keyCharProblem('sk-AZaz09_-.~!$')).toBeNull();
  });

  it('names a Cyrillic look-alike by its code point and position', () => {
    // The "с" here is Cyrillic (U+0441), drawn like the Latin c.
    expect(keyCharProblem('sim-\u0441ard')).toEqual({
      code: 'U+0441',
      position: 5,
      kind: 'not_ascii',
    });
  });

  it('calls NUL, escape, DEL and C1 controls control characters', () => {
    expect(keyCharProblem('ab\u0000c')).toMatchObject({
      code: 'U+0000',
      position: 3,
      kind: 'control',
    });
    expect(keyCharProblem('\u001b[31mkey')).toMatchObject({ position: 1, kind: 'control' });
    expect(keyCharProblem('key\u007f')).toMatchObject({ code: 'U+007F', kind: 'control' });
    expect(keyCharProblem('key\u0085')).toMatchObject({ kind: 'control' });
  });

  it('counts an emoji as one character and refuses Latin-1 letters too', () => {
    expect(keyCharProblem('😀x\u00e9')).toEqual({
      code: 'U+1F600',
      position: 1,
      kind: 'not_ascii',
    });
    expect(keyCharProblem('x\u00e9')).toMatchObject({ code: 'U+00E9', position: 2 });
  });
});
