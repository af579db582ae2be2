// A message row's height before the list has measured it, guessed from its text.
import type { ChatMessage } from '../../../shared/types';
import { LONG_MESSAGE_LINES } from './long-message';

/** The guess's measures: a row's header, padding and usage line; a line of text at the usual width. */
export const ROW_CHROME_PX = 72;
export const LINE_PX = 22;
export const CHARS_PER_LINE = 90;

/**
 * A row's height before it is measured, guessed from its text: a good guess draws the rows that
 * end up on screen, not rows a constant guess put there and the measure then scrolls away.
 */
export function estimateRowHeight(message: ChatMessage | undefined): number {
  if (!message) return ROW_CHROME_PX;
  const known = guessedHeights.get(message);
  if (known !== undefined) return known;
  const text = message.content;
  let lines = 0;
  for (let start = 0; start <= text.length && lines < LONG_MESSAGE_LINES;) {
    const end = text.indexOf('\n', start);
    const lineEnd = end < 0 ? text.length : end;
    lines += Math.max(1, Math.ceil((lineEnd - start) / CHARS_PER_LINE));
    if (end < 0) break;
    start = end + 1;
  }
  const height = ROW_CHROME_PX + Math.min(lines, LONG_MESSAGE_LINES) * LINE_PX;
  guessedHeights.set(message, height);
  return height;
}

/** Messages are immutable: a message's guess is made once, however often the list mounts. */
const guessedHeights = new WeakMap<ChatMessage, number>();
