// Applies the theme setting to the document; "system" follows prefers-color-scheme live.
import { useEffect } from 'react';
import type { Theme } from '../../shared/types';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Sets the document's theme at once: before the first render, so its first frame is in it. */
export function applyTheme(theme: Theme): void {
  const dark = theme === 'dark' || (theme === 'system' && window.matchMedia(DARK_QUERY).matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

export function useDocumentTheme(theme: Theme): void {
  useEffect(() => {
    applyTheme(theme);
    if (theme !== 'system') return;
    const query = window.matchMedia(DARK_QUERY);
    const follow = () => applyTheme('system');
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [theme]);
}
