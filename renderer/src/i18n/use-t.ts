// The translator for the language in settings; components re-render when it changes.
import { useMemo } from 'react';
import type { Language } from '../../../shared/types';
import { useAppStore } from '../store';
import { translatorFor, type Translate } from './translate';

export function useLanguage(): Language {
  return useAppStore((s) => s.settings?.language ?? 'en');
}

export function useT(): Translate {
  const language = useLanguage();
  return useMemo(() => translatorFor(language), [language]);
}
