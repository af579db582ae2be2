// The languages and themes a person may choose: the one list core's settings store and the
// renderer's look hint both check stored values against.
import type { Language, Theme } from './types';

export const LANGUAGES: readonly Language[] = ['en', 'ru'];
export const THEMES: readonly Theme[] = ['light', 'dark', 'system'];
