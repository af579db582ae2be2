// Beside Send while a draft is typed: about how many prompt tokens the turn carries and what it will cost, from the prompt alone up to the whole answer's room.
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { chatTurnEstimate } from '../../../shared/estimates';
import { LONG_TURN_TOKENS } from '../../../shared/prices';
import {
  MESSAGE_OVERHEAD_TOKENS,
  estimatePromptTokens,
  estimateTokens,
} from '../../../shared/tokens';
import { useTokenizerLoaded } from '../common/useTokenizer';
import { moneyFigure, moneyWords } from '../i18n/money';
import { countWords } from '../i18n/counts';
import { usePriceReader } from '../models/price-words';
import { useAppStore } from '../store';
import './turn-cost.css';

interface TurnCostProps {
  conversationId: string | null;
  draft: string;
  model: string;
}

export function TurnCost({ conversationId, draft, model }: TurnCostProps) {
  const { t, language, basis } = usePriceReader();
  const conversation = useAppStore((s) => (conversationId ? s.open[conversationId] : undefined));
  const info = useAppStore((s) => s.models.find((m) => m.id === model) ?? null);
  const pending = useAppStore((s) => s.pendingAttachments[conversationId ?? '']);
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
  const attached = (pending ?? []).reduce((sum, item) => sum + (item.attachment?.tokens ?? 0), 0);
  const tokens = history + own + attached;
  const near = tokens > LONG_TURN_TOKENS / 2;
  useEffect(() => {
    if (near) setWanted(true);
  }, [near]);
  if (own === 0) return null;
  const estimate = chatTurnEstimate(
    info,
    {
      promptTokens: tokens,
      maxTokens: conversation?.maxTokens ?? null,
      byAccount: conversation?.maxTokensByAccount === true,
    },
    basis,
  );
  const count = countWords(language, 'units.tokens', tokens);
  return (
    <span className="turn-cost" role="status" aria-label={t('prices.estimate')}>
      {estimate === null
        ? t('prices.turnNotListed', { tokens: count })
        : t('prices.turn', {
            tokens: count,
            low: moneyFigure(estimate.low, language),
            high: moneyWords(estimate.high, language),
          })}
    </span>
  );
}
