// Text from a page, a service or a configuration made safe for the web host's terminal: one clean line to log (a question the person answers there shows every hidden character with shared/visible-text.ts).

/**
 * Characters that move the cursor, start an escape sequence, break a line or reorder what is
 * shown: C0 and C1 controls (ESC, CR, LF, tab), DEL, format characters (the bidirectional marks,
 * embeddings, overrides and isolates U+200E/F, U+202A–U+202E, U+2066–U+2069, U+061C; zero-width
 * characters; the BOM) and the line and paragraph separators U+2028 and U+2029.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * One line for the terminal: hidden characters dropped, so nothing printed can forge or hide
 * lines or turn a link around, and the length capped.
 */
export function terminalSafe(text: string, max = 2000): string {
  const clean = text.replace(HIDDEN, '');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
