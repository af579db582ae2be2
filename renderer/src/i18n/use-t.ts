// The translator for the language in settings; components re-render when it changes.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Language } from '../../../shared/types';
import { useAppStore } from '../store';
import { lookAtStart } from '../common/look-hint';
import {
  isLanguageLoaded,
  loadLanguage,
  onLanguageLoaded,
  translatorFor,
  type Translate,
} from './translate';

/**
 * The language screens are shown in: the one in settings once its strings have arrived (before
 * settings come, the one the person had last time), English until then, so strings and number or
 * date formats never mix two languages.
 */
export function useLanguage(): Language {
  const wanted = useAppStore((s) => s.settings?.language ?? lookAtStart()?.language ?? 'en');
  const isLoaded = () => isLanguageLoaded(wanted);
  const loaded = useSyncExternalStore(onLanguageLoaded, isLoaded, isLoaded);
  useEffect(() => {
    if (!loaded) loadLanguage(wanted).catch(() => undefined);
  }, [wanted, loaded]);
  return loaded ? wanted : 'en';
}

export function useT(): Translate {
  const language = useLanguage();
  return useMemo(() => translatorFor(language), [language]);
}
