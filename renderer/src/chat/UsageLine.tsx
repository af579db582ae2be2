// An answer's tokens and cost under it: the service's figures, or Atelier's own count, said to be an estimate, when the service sent none.
import type { ChatMessage } from '../../../shared/types';
import { useLanguage, useT } from '../i18n/use-t';
import { useMoney } from '../i18n/use-money';
import { formatCount, localeOf } from '../i18n/translate';

export function UsageLine({ message }: { message: ChatMessage }) {
  const t = useT();
  const money = useMoney();
  const locale = localeOf(useLanguage());
  const usage = message.usage;
  if (!usage) return null;
  const count = (n: number | null) => (n == null ? '—' : formatCount(n, locale));
  const hasTokens = usage.promptTokens != null || usage.completionTokens != null;
  return (
    <p className="usage">
      {usage.estimated && `${t('chat.usageEstimated')} `}
      {hasTokens &&
        t('chat.usage', {
          prompt: count(usage.promptTokens),
          completion: count(usage.completionTokens),
          total: count(usage.totalTokens),
        })}
      {hasTokens && usage.cost != null && ' · '}
      {usage.cost != null && t('chat.cost', { cost: money(usage.cost) })}
    </p>
  );
}
