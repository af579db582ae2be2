// Before a long turn is sent: about how many prompt tokens it carries, and what they cost at the listed price.
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { LONG_TURN_TOKENS, promptCost } from '../../../shared/prices';
import {
  MESSAGE_OVERHEAD_TOKENS,
  estimatePromptTokens,
  estimateTokens,
} from '../../../shared/tokens';
import { useTokenizerLoaded } from '../common/useTokenizer';
import { formatCount, localeOf } from '../i18n/translate';
import { useLanguage, useT } from '../i18n/use-t';
import { useAppStore } from '../store';
import './turn-cost.css';

interface TurnCostProps {
  conversationId: string | null;
  draft: string;
  model: string;
}

export function TurnCost({ conversationId, draft, model }: TurnCostProps) {
  const t = useT();
  const language = useLanguage();
  const conversation = useAppStore((s) => (conversationId ? s.open[conversationId] : undefined));
  const info = useAppStore((s) => s.models.find((m) => m.id === model) ?? null);
  // The tokenizer's chunk is fetched only when the cheap guess comes near a long turn.
  const [wanted, setWanted] = useState(false);
  const tokenizer = useTokenizerLoaded(wanted);
  // Typing stays quick in a long draft: the count follows a moment later.
  const text = useDeferredValue(draft);
  const typing = text.trim() !== '';
  // Nothing is shown for an empty draft, so a long conversation is not counted as it opens.
  const history = useMemo(
    () => (conversation && typing ? estimatePromptTokens(conversation) : 0),
    // Counted again once the tokenizer replaces the guess.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      conversation?.systemPrompt,
      conversation?.contextStart,
      conversation?.messages,
      tokenizer,
      typing,
    ],
  );
  const own = useMemo(
    () => (typing ? estimateTokens(text) + MESSAGE_OVERHEAD_TOKENS : 0),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [text, tokenizer],
  );
  const tokens = history + own;
  const near = tokens > LONG_TURN_TOKENS / 2;
  useEffect(() => {
    if (near) setWanted(true);
  }, [near]);
  if (own === 0 || tokens <= LONG_TURN_TOKENS) return null;
  const cost = promptCost(info, tokens);
  const count = formatCount(tokens, localeOf(language));
  return (
    <span className="turn-cost" role="status" aria-label={t('prices.estimate')}>
      {cost === null
        ? t('prices.turnNotListed', { tokens: count })
        : t('prices.turn', { tokens: count, cost })}
    </span>
  );
}
