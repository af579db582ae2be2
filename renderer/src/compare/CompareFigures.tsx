// A compared answer's figures: time to first token, tokens per second, tokens and cost (the answer's own usage, priced by the one price rule in core).
import type { ChatMessage } from '../../../shared/types';
import { formatCount, localeOf } from '../i18n/translate';
import { useLanguage, useT } from '../i18n/use-t';
import { useMoney } from '../i18n/use-money';
import type { CompareColumnLive } from '../store/compare-events';

function decimal(value: number, locale: string, digits: number): string {
  return new Intl.NumberFormat(locale, {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  }).format(value);
}

/** Tokens a second from the first text to the last; null when the text came all at once. */
export function tokensPerSecond(message: ChatMessage): number | null {
  const tokens = message.usage?.completionTokens;
  const ms = message.timing?.streamMs;
  if (tokens == null || ms == null || ms <= 0) return null;
  return (tokens * 1000) / ms;
}

export function CompareFigures({
  message,
  live,
}: {
  message: ChatMessage;
  live?: CompareColumnLive;
}) {
  const t = useT();
  const money = useMoney();
  const locale = localeOf(useLanguage());
  const none = t('compare.none');
  const first = live?.firstTokenMs ?? message.timing?.firstTokenMs ?? null;
  const speed = live ? null : tokensPerSecond(message);
  const usage = live ? undefined : message.usage;
  const tokens = usage?.totalTokens ?? usage?.completionTokens ?? null;
  // Atelier's own count (the stream brought no usage): marked, and said in full on hover.
  const marked = (value: string) =>
    usage?.estimated ? (
      <span title={t('compare.estimatedHint')}>{t('compare.estimated', { value })}</span>
    ) : (
      value
    );
  return (
    <dl className="compare-figures">
      <div>
        <dt>{t('compare.firstToken')}</dt>
        <dd>
          {first === null
            ? none
            : t('compare.seconds', { value: decimal(first / 1000, locale, 2) })}
        </dd>
      </div>
      <div>
        <dt>{t('compare.speed')}</dt>
        <dd>
          {speed === null ? none : t('compare.perSecond', { value: decimal(speed, locale, 1) })}
        </dd>
      </div>
      <div>
        <dt>{t('compare.tokens')}</dt>
        <dd>{tokens === null ? none : marked(formatCount(tokens, locale))}</dd>
      </div>
      <div>
        <dt>{t('compare.cost')}</dt>
        <dd>{usage?.cost == null ? none : marked(money(usage.cost))}</dd>
      </div>
    </dl>
  );
}
