// Text from a page, a service or a configuration made safe for the web host's terminal: one clean line to log, or every hidden character shown for a question the person answers there.

/**
 * Characters that move the cursor, start an escape sequence, break a line or reorder what is
 * shown: C0 and C1 controls (ESC, CR, LF, tab), DEL, format characters (the bidirectional marks,
 * embeddings, overrides and isolates U+200E/F, U+202A–U+202E, U+2066–U+2069, U+061C; zero-width
 * characters; the BOM) and the line and paragraph separators U+2028 and U+2029.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** Spaces that look like an ordinary space but are another character. */
const LOOKALIKE_SPACE = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/gu;

/** So many spaces in a row push what follows out of sight: they are counted instead. */
const LONG_SPACE_RUN = / {8,}/g;

/**
 * One line for the terminal: hidden characters dropped, so nothing printed can forge or hide
 * lines or turn a link around, and the length capped.
 */
export function terminalSafe(text: string, max = 2000): string {
  const clean = text.replace(HIDDEN, '');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

const codePoint = (char: string): string =>
  `<U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`;

/**
 * The text with every hidden character and look-alike space shown as `<U+XXXX>` and long runs of
 * spaces as `<N spaces>`, so what the person reads is exactly what would run. Nothing is cut.
 */
export function visibleText(text: string): string {
  return text
    .replace(HIDDEN, codePoint)
    .replace(LOOKALIKE_SPACE, codePoint)
    .replace(LONG_SPACE_RUN, (run) => `<${run.length} spaces>`);
}
