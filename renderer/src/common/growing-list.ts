// A long list drawn in steps: the first rows at once, more each time its end scrolls near. A
// sidebar of thousands of conversations then costs its first screen a hundred rows, not all.
import { useEffect, useRef, useState } from 'react';

export const FIRST_ROWS = 100;
export const MORE_ROWS = 200;

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

  useEffect(() => () => observer.current?.disconnect(), []);

  function endRef(element: HTMLElement | null) {
    observer.current?.disconnect();
    observer.current = null;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    observer.current = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting))
          setShown((now) => moreRows(totalRef.current, Math.max(now, count)));
      },
      { rootMargin: '100% 0px' },
    );
    observer.current.observe(element);
  }

  return { count, endRef };
}
