// Each reason to ask before spending, said in words with its figures (money through the one money format).
import type { SpendQuestion } from '../../../shared/spending';
import type { Language } from '../../../shared/types';
import { moneyWords } from '../i18n/money';
import type { Translate } from '../i18n/translate';

/** The sentence that says why an action asks first. */
export function questionWords(t: Translate, language: Language, q: SpendQuestion): string {
  const cost = (amount: string) => moneyWords(amount, language, 'up');
  switch (q.kind) {
    case 'above_threshold':
      return t('spending.why.threshold', {
        estimate: cost(q.estimate),
        threshold: cost(q.threshold),
      });
    case 'status_red':
      return q.text ? t('spending.why.redText', { text: q.text }) : t('spending.why.red');
    case 'status_yellow':
      return q.text ? t('spending.why.yellowText', { text: q.text }) : t('spending.why.yellow');
    case 'above_balance':
      return t('spending.why.aboveBalance', {
        estimate: cost(q.estimate),
        balance: moneyWords(q.balance, language, 'down'),
      });
    case 'no_balance':
      return t('spending.why.noBalance', { balance: moneyWords(q.balance, language, 'down') });
    case 'daily_budget':
    case 'monthly_budget':
    case 'conversation_budget': {
      const key =
        q.kind === 'daily_budget'
          ? 'spending.why.daily'
          : q.kind === 'monthly_budget'
            ? 'spending.why.monthly'
            : 'spending.why.conversation';
      return t(key, { budget: cost(q.budget), spent: cost(q.spent), adds: cost(q.adds) });
    }
  }
}
