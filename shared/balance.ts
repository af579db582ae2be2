// The balance with no figures (before the first answer, without a key, when asking failed) and what to say about one.
import type { Balance, UserError } from './types';

export function blankBalance(
  state: Balance['state'],
  error: UserError | null = null,
  checkedAt: string | null = null,
): Balance {
  return {
    state,
    credits: null,
    userStatus: null,
    userStatusText: null,
    subscriptionStatus: null,
    subscriptionEnd: null,
    subscriptionEndUtc: null,
    reason: error?.message ?? null,
    error,
    checkedAt,
  };
}

/**
 * The service's subscription_status when it is not `ok`, as given: the document names no other
 * value, so whatever arrives is shown raw rather than guessed at.
 */
export function subscriptionProblem(balance: Pick<Balance, 'subscriptionStatus'>): string | null {
  const status = balance.subscriptionStatus;
  if (status == null || status.trim() === '') return null;
  return status.trim().toLowerCase() === 'ok' ? null : status;
}

/** user_status_text when it says something: the reason for yellow or red, or any other problem. */
export function userStatusNote(balance: Pick<Balance, 'userStatusText'>): string | null {
  const text = balance.userStatusText;
  return text != null && text.trim() !== '' ? text : null;
}
