// A long list drawn in steps: the first rows at once, more each time its end scrolls near. A
// sidebar of thousands of conversations then costs its first screen the rows a tall window shows,
// not all.
import { useEffect, useRef, useState } from 'react';
import { whenIdle } from './idle';

/** A tall window's sidebar (1,400 px of rows about 35 px high): drawn with the first screen. */
export const FIRST_ROWS = 40;
/** Each step after: about a tenth of a second of rendering on a slow machine. */
export const MORE_ROWS = 100;
/**
 * A step waits for an idle moment (at most this long), so it is not drawn in the frame right after
 * the first screen or between a click and its answer. The end is a screen ahead when it asks.
 */
const MORE_ROWS_WAIT_MS = 200;

/**
 * How many of `total` rows to draw: at least `shown` (never fewer once drawn), at least the first
 * `FIRST_ROWS`, and always far enough to include the row at `mustShow` (the open conversation).
 */
export function rowsToDraw(total: number, shown: number, mustShow = -1): number {
  return Math.min(total, Math.max(shown, FIRST_ROWS, mustShow + 1));
}

/** The next count when the end of the drawn rows comes near. */
export function moreRows(total: number, shown: number): number {
  return Math.min(total, shown + MORE_ROWS);
}

/**
 * The number of rows to draw, and a ref for an element placed after them: when it comes within a
 * screen of view, more rows are drawn.
 */
export function useGrowingList(
  total: number,
  mustShow = -1,
): { count: number; endRef: (element: HTMLElement | null) => void } {
  const [shown, setShown] = useState(FIRST_ROWS);
  const count = rowsToDraw(total, shown, mustShow);
  const observer = useRef<IntersectionObserver | null>(null);
  const totalRef = useRef(total);
  totalRef.current = total;

  const cancelStep = useRef(() => {});
  useEffect(
    () => () => {
      observer.current?.disconnect();
      cancelStep.current();
    },
    [],
  );

  function endRef(element: HTMLElement | null) {
    observer.current?.disconnect();
    observer.current = null;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    observer.current = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        cancelStep.current();
        cancelStep.current = whenIdle(
          () => setShown((now) => moreRows(totalRef.current, Math.max(now, count))),
          MORE_ROWS_WAIT_MS,
        );
      },
      { rootMargin: '100% 0px' },
    );
    observer.current.observe(element);
  }

  return { count, endRef };
}
