// What a service key may hold: visible ASCII only, since it travels in an HTTP header (Bearer, Key) and a URL path.

/** The first character of a key that cannot travel in a header, and where it is (1-based). */
export interface KeyCharProblem {
  /** The character as `U+0441`, so a look-alike is named, not drawn. */
  code: string;
  /** 1-based position in the key as typed (after trimming). */
  position: number;
  kind: 'control' | 'not_ascii';
}

/**
 * Null when every character is visible ASCII (`!` to `~`); otherwise the first that is not. Keys
 * are issued as plain Latin letters, digits and signs: a Cyrillic look-alike, a NUL or an escape
 * pasted with the key would be accepted by nothing, and fetch refuses a header outside Latin-1
 * with a TypeError on every call.
 */
export function keyCharProblem(key: string): KeyCharProblem | null {
  let position = 0;
  for (const char of key) {
    position += 1;
    const point = char.codePointAt(0)!;
    if (point >= 0x21 && point <= 0x7e) continue;
    const code = `U+${point.toString(16).toUpperCase().padStart(4, '0')}`;
    const control = point < 0x20 || point === 0x7f || (point >= 0x80 && point < 0xa0);
    return { code, position, kind: control ? 'control' : 'not_ascii' };
  }
  return null;
}
