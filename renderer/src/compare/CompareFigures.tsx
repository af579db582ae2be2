// A compared answer's figures: time to first token, tokens per second, tokens and cost (the answer's own usage, priced by the one price rule in core).
import { guessTokens } from '../../../shared/tokens';
import type { ChatMessage } from '../../../shared/types';
import { formatCount, localeOf } from '../i18n/translate';
import { useLanguage, useT } from '../i18n/use-t';
import { useMoney } from '../i18n/use-money';
import { useAppStore } from '../store';
import type { CompareColumnLive } from '../store/compare-events';
import { useLiveText } from '../store/live-text';

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

/**
 * While it streams: the text's tokens guessed (the app's one cheap guess; the exact count comes
 * with the answer) and their pace since the first text; null before it.
 */
function livePace(
  content: string | undefined,
  live: CompareColumnLive,
): { tokens: number; perSecond: number | null } | null {
  if (content === undefined || live.firstTextAt === null) return null;
  const tokens = guessTokens(content);
  const seconds = (performance.now() - live.firstTextAt) / 1000;
  return { tokens, perSecond: seconds >= 0.5 ? tokens / seconds : null };
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
  const text = useLiveText(
    useAppStore((s) => s.compareTexts),
    message.id,
    live !== undefined,
  );
  const pace = live ? livePace(text?.content, live) : null;
  const none = t('compare.none');
  const first = live?.firstTokenMs ?? message.timing?.firstTokenMs ?? null;
  const speed = live ? (pace?.perSecond ?? null) : tokensPerSecond(message);
  const usage = live ? undefined : message.usage;
  const tokens = usage?.totalTokens ?? usage?.completionTokens ?? null;
  // Atelier's own count (the stream brought no usage, or the text still grows): marked, and said
  // in full on hover.
  const guessed = live !== undefined || usage?.estimated === true;
  const marked = (value: string) =>
    guessed ? (
      <span title={t(live ? 'compare.liveHint' : 'compare.estimatedHint')}>
        {t('compare.estimated', { value })}
      </span>
    ) : (
      value
    );
  const shownTokens = live ? (pace?.tokens ?? null) : tokens;
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
          {speed === null
            ? none
            : marked(t('compare.perSecond', { value: decimal(speed, locale, 1) }))}
        </dd>
      </div>
      <div>
        <dt>{t('compare.tokens')}</dt>
        <dd>{shownTokens === null ? none : marked(formatCount(shownTokens, locale))}</dd>
      </div>
      <div>
        <dt>{t('compare.cost')}</dt>
        <dd>{usage?.cost == null ? none : marked(money(usage.cost))}</dd>
      </div>
    </dl>
  );
}
