// Looks up a key in the current language's dictionary and fills its {placeholders}.
import type { Language } from '../../../shared/types';
import { en, type EnglishDictionary, type MessageKey } from './en';

type Dictionary = { readonly [K in MessageKey]: string };

/**
 * English ships with the first screen; another language's strings are their own chunk, fetched
 * only once it is chosen (bootstrap waits for it before applying the settings that choose it).
 */
const dictionaries: Partial<Record<Language, Dictionary>> = { en };
const loaders: Record<Exclude<Language, 'en'>, () => Promise<Dictionary>> = {
  ru: () => import('./ru').then((module) => module.ru),
};
const loading = new Map<Language, Promise<void>>();
const listeners = new Set<() => void>();

export function isLanguageLoaded(language: Language): boolean {
  return dictionaries[language] !== undefined;
}

/** Fetches a language's strings once; resolves when `translate` has them (at once for English). */
export function loadLanguage(language: Language): Promise<void> {
  if (language === 'en' || dictionaries[language]) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = loaders[language]().then(
      (dictionary) => addLanguage(language, dictionary),
      (error: unknown) => {
        // A failed fetch may be tried again (the next settings change or render asks anew).
        loading.delete(language);
        throw error;
      },
    );
    loading.set(language, pending);
  }
  return pending;
}

/** Gives `translate` a language's strings already at hand (Node-side tests import them directly). */
export function addLanguage(language: Language, dictionary: Dictionary): void {
  dictionaries[language] = dictionary;
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever a language's strings arrive; returns the function that stops it. */
export function onLanguageLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The names of the {placeholders} in an English string, so a call must pass each one. */
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

export type TranslateArgs<K extends MessageKey> = [Placeholders<EnglishDictionary[K]>] extends [
  never,
]
  ? []
  : [vars: Record<Placeholders<EnglishDictionary[K]>, string | number>];

export type Translate = <K extends MessageKey>(key: K, ...args: TranslateArgs<K>) => string;

export function translate<K extends MessageKey>(
  language: Language,
  key: K,
  ...args: TranslateArgs<K>
): string {
  // Until its strings arrive, a language reads as English (useLanguage keeps screens in English then).
  const template = (dictionaries[language] ?? en)[key];
  const vars = args[0] as Record<string, string | number> | undefined;
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

export function translatorFor(language: Language): Translate {
  return (key, ...args) => translate(language, key, ...args);
}

/** BCP 47 locale for number and date formatting. */
export function localeOf(language: Language): string {
  return language === 'ru' ? 'ru-RU' : 'en-US';
}

const countFormats = new Map<string, Intl.NumberFormat>();

/**
 * A count (tokens, pictures) in the language's digits grouping. One formatter per locale: a
 * `toLocaleString(locale)` builds a new one on every call, which a long conversation's usage lines
 * paid dozens of times as it opened.
 */
export function formatCount(count: number, locale: string): string {
  let format = countFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    countFormats.set(locale, format);
  }
  return format.format(count);
}

/** For keys chosen at run time (error codes, model kinds) whose strings have no placeholders. */
export function translateDynamic(t: Translate, key: MessageKey): string {
  return (t as (key: MessageKey) => string)(key);
}
