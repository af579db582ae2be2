// Credits in words for the language on screen: the hook every money figure of a component uses.
import { useCallback } from 'react';
import { moneyWords, type MoneyRounding } from './money';
import { useLanguage } from './use-t';

/** `money("2.5")` is "2.5 credits" in English, "2,5 кредита" in Russian. */
export function useMoney(): (amount: string, rounding?: MoneyRounding) => string {
  const language = useLanguage();
  return useCallback(
    (amount: string, rounding?: MoneyRounding) => moneyWords(amount, language, rounding),
    [language],
  );
}
