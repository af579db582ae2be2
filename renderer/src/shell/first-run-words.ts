// A connection check in words: what the service said of the address and the key, for the welcome screen and Settings.
import type { ConnectionCheck, Language, UserError } from '../../../shared/types';
import { countWords } from '../i18n/counts';
import { moneyWords } from '../i18n/money';
import type { Translate } from '../i18n/translate';

export interface CheckWords {
  /** connected: good news; otherwise something to fix. */
  ok: boolean;
  text: string;
}

/** The failure's own words: the service's text when it gave one, else Atelier's finding. */
function wordsOf(error: UserError | null): string {
  const text = error?.message.trim() ?? '';
  return text === '' ? String(error?.status ?? error?.code ?? '') : text;
}

export function checkWords(t: Translate, check: ConnectionCheck, language: Language): CheckWords {
  switch (check.outcome) {
    case 'connected': {
      const models = countWords(language, 'units.models', check.modelCount ?? 0);
      const balance = check.balance;
      if (balance?.state === 'ok' && balance.credits !== null)
        return {
          ok: true,
          // A balance is never shown above what it is: rounded down, in the one money format.
          text: t('firstrun.connected', {
            models,
            credits: moneyWords(balance.credits, language, 'down'),
          }),
        };
      if (balance?.state === 'off')
        return {
          ok: true,
          text: t('firstrun.connectedNoBalance', {
            models,
            reason: balance.reason ?? balance.userStatusText ?? '',
          }),
        };
      return { ok: true, text: t('firstrun.connectedPlain', { models }) };
    }
    case 'refused':
      return { ok: false, text: t('firstrun.refused', { words: wordsOf(check.error) }) };
    case 'unreachable':
      return { ok: false, text: t('firstrun.unreachable', { host: check.host }) };
    case 'failed':
      return {
        ok: false,
        text: t('firstrun.failed', { host: check.host, words: wordsOf(check.error) }),
      };
  }
}
