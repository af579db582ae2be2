// What Settings says of the key, read from one place (core's settings view): whether a key is set,
// its end when it is long enough to show one, and the service's last verdict on it.
import type { SettingsView } from '../../../shared/types';
import type { Translate } from '../i18n/translate';

export type KeyStatus =
  { set: false } | { set: true; last4: string | null; verdict: 'working' | 'refused' | null };

export function keyStatusOf(settings: SettingsView | null): KeyStatus {
  if (!settings?.keySet) return { set: false };
  return { set: true, last4: settings.keyLast4, verdict: settings.keyCheck ?? null };
}

/** Whether a key is set, in words: never "No key set." for a key that is set but short. */
export function keyStatusWords(t: Translate, status: KeyStatus): string {
  if (!status.set) return t('settings.keyNotSet');
  return status.last4 ? t('settings.keySet', { last4: status.last4 }) : t('settings.keySetShort');
}
