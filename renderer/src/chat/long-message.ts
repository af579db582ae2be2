// Very long messages are shown cut, with "Show all": where to cut, found without splitting the text.

/** Over this many lines, or characters, a message is shown cut. */
export const LONG_MESSAGE_LINES = 40;
export const LONG_MESSAGE_CHARS = 6000;

/**
 * The part of a long message shown before "Show all", or null when the whole message is short
 * enough. Cut at a line end where there is one near, so a paragraph is not split mid-word.
 */
export function collapsedText(text: string): string | null {
  let end = -1;
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) {
    if (at >= LONG_MESSAGE_CHARS) break;
    lines += 1;
    if (lines > LONG_MESSAGE_LINES) {
      end = at;
      break;
    }
  }
  if (end < 0) {
    if (text.length <= LONG_MESSAGE_CHARS) return null;
    const lineEnd = text.lastIndexOf('\n', LONG_MESSAGE_CHARS);
    end = lineEnd > LONG_MESSAGE_CHARS / 2 ? lineEnd : LONG_MESSAGE_CHARS;
  }
  // Only cut what is worth cutting: the hidden part must be more than a line or two.
  if (text.length - end < 80 && lines <= LONG_MESSAGE_LINES) return null;
  return text.slice(0, end).trimEnd();
}
