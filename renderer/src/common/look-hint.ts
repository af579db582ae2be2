// The person's last theme and language, kept in this window's local storage, so that the first
// frame after a start is already in them instead of turning dark or Russian once core's settings
// arrive. Only a hint: the saved settings in core stay the truth and replace it when they come.
import type { Language, Theme } from '../../../shared/types';
import { LANGUAGES, THEMES } from '../../../shared/looks';
import { pageStorage, type HostStorage } from './page-storage';

const STORAGE_KEY = 'atelier.look';

export interface LookHint {
  theme: Theme;
  language: Language;
}

/** The look last remembered, or null when there is none or what is stored is not one. */
export function recalledLook(storage: HostStorage | null): LookHint | null {
  if (!storage) return null;
  try {
    const stored: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const { theme, language } = stored as Record<string, unknown>;
    if (!THEMES.includes(theme as Theme) || !LANGUAGES.includes(language as Language)) return null;
    return { theme: theme as Theme, language: language as Language };
  } catch {
    return null;
  }
}

export function rememberLook(storage: HostStorage | null, look: LookHint): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify({ theme: look.theme, language: look.language }));
  } catch {
    // A full or locked storage only costs the next start its first frame in the right look.
  }
}

let atStart: LookHint | null | undefined;

/** The look recalled when this window started, read once: what screens show until settings come. */
export function lookAtStart(): LookHint | null {
  if (atStart === undefined) atStart = recalledLook(pageStorage());
  return atStart;
}

/**
 * Starts the window as if `look` had been recalled: the first screen rendered at build time in each
 * language (src/shell/first-screen-markup.tsx) has no storage to recall one from.
 */
export function startWithLook(look: LookHint | null): void {
  atStart = look;
}
