// Looks up a key in the current language's dictionary and fills its {placeholders}.
import type { Language } from '../../../shared/types';
import { en, type EnglishDictionary, type MessageKey } from './en';
import { ru } from './ru';

const dictionaries: Record<Language, { readonly [K in MessageKey]: string }> = { en, ru };

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
  const template = dictionaries[language][key];
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

/** For keys chosen at run time (error codes, model kinds) whose strings have no placeholders. */
export function translateDynamic(t: Translate, key: MessageKey): string {
  return (t as (key: MessageKey) => string)(key);
}
