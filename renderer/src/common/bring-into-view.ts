// A result or an error that has just appeared is scrolled into view, so the person sees it where the eyes are, not below the fold.
import { useCallback, useRef } from 'react';

/**
 * A ref callback that scrolls its element into view each time `key` changes to something new (a
 * new result's id, a new error). What was there when the view opened, or the same key again,
 * leaves the page where the person has scrolled it.
 */
export function useBringIntoView(
  key: unknown,
  block: ScrollLogicalPosition = 'nearest',
): (element: HTMLElement | null) => void {
  const seen = useRef(key);
  return useCallback(
    (element: HTMLElement | null) => {
      if (!element || key === null || key === undefined || key === seen.current) return;
      seen.current = key;
      // Not in every DOM (jsdom in unit tests lacks it).
      if (typeof element.scrollIntoView !== 'function') return;
      const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
      element.scrollIntoView({ block, behavior: still ? 'auto' : 'smooth' });
    },
    // The callback changes with the key, so React calls it again with the element: that is the cue.
    [key, block],
  );
}
