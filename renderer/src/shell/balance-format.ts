// Formats balance facts for people: the subscription end in Moscow time with its zone, in their locale.
import type { Language } from '../../../shared/types';
import { localeOf } from '../i18n/translate';

/** The service's subscription_end is Moscow time; it is shown there, named, whatever the user's zone. */
export function formatSubscriptionEnd(utcIso: string, language: Language): string | null {
  const instant = new Date(utcIso);
  if (Number.isNaN(instant.getTime())) return null;
  return new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Moscow',
  }).format(instant);
}

/** The same instant in the user's own zone, for the tooltip. */
export function formatLocalInstant(utcIso: string, language: Language): string | null {
  const instant = new Date(utcIso);
  if (Number.isNaN(instant.getTime())) return null;
  // dateStyle/timeStyle cannot be combined with timeZoneName, so the parts are spelled out.
  return new Intl.DateTimeFormat(localeOf(language), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(instant);
}
