// Applies the theme setting to the document; "system" follows prefers-color-scheme live.
import { useEffect } from 'react';
import type { Theme } from '../../shared/types';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function useDocumentTheme(theme: Theme): void {
  useEffect(() => {
    const root = document.documentElement;
    if (theme !== 'system') {
      root.dataset.theme = theme;
      return;
    }
    const query = window.matchMedia(DARK_QUERY);
    const follow = () => {
      root.dataset.theme = query.matches ? 'dark' : 'light';
    };
    follow();
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [theme]);
}
