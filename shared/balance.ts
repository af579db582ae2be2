// The balance with no figures: before the first answer, without a key, or when asking failed.
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
