// Build time only (scripts/first-screen.ts): the app's first screen as static markup, in a language.
// The page shows it until the app's scripts have run (public/first-screen.js); it is what the app's
// own first render draws, since both start from the store's initial state.
import { renderToStaticMarkup } from 'react-dom/server';
import type { Language } from '../../../shared/types';
import { startWithLook } from '../common/look-hint';
import { loadLanguage } from '../i18n/translate';
import { App } from './App';

export async function firstScreenMarkup(language: Language): Promise<string> {
  startWithLook({ theme: 'system', language });
  await loadLanguage(language);
  return renderToStaticMarkup(<App />);
}
