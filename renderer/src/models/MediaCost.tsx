// The cost line before a picture, a piece of music or a film is made: the estimate from the one price rule, or why there is none.
import { useDeferredValue } from 'react';
import {
  extractionEstimate,
  imageEstimate,
  musicEstimate,
  speechEstimate,
  transcriptionEstimate,
  videoEstimate,
  type EstimateResult,
} from '../../../shared/estimates';
import { estimateTokens } from '../../../shared/tokens';
import type { ModelInfo } from '../../../shared/types';
import { useAppStore } from '../store';
import { resultWords, type PriceReader, usePriceReader } from './price-words';

type Amount =
  { images: number } | { music: number | null } | { video: number | null } | { speech: number };

/** The estimate in words: a figure when the list prices the action, else one sentence why not. */
export function mediaCostWords(
  reader: PriceReader,
  model: ModelInfo | null,
  amount: Amount,
  prompt = '',
): string {
  // Only a model priced by tokens uses the prompt's count; a cheap guess is enough for it.
  const promptTokens = prompt.trim() === '' ? 0 : estimateTokens(prompt);
  if ('speech' in amount) {
    const speech = speechEstimate(model, { characters: amount.speech }, reader.basis);
    const result: EstimateResult = speech
      ? { estimate: speech, gap: null }
      : { estimate: null, gap: { kind: 'not_listed' } };
    return resultWords(reader, result, model);
  }
  const result =
    'images' in amount
      ? imageEstimate(model, { count: amount.images, promptTokens }, reader.basis)
      : 'music' in amount
        ? musicEstimate(model, { seconds: amount.music, promptTokens }, reader.basis)
        : videoEstimate(model, { seconds: amount.video, promptTokens }, reader.basis);
  return resultWords(reader, result, model);
}

export function MediaCost({
  model,
  amount,
  prompt,
}: {
  model: ModelInfo | null;
  amount: Amount;
  /** The description typed so far (a token-priced model charges for it). */
  prompt?: string;
}) {
  const reader = usePriceReader();
  const text = useDeferredValue(prompt ?? '');
  return (
    <p className="hint cost-estimate" role="status" aria-label={reader.t('prices.estimate')}>
      {mediaCostWords(reader, model, amount, text)}
    </p>
  );
}

/** Before Extract: the pages at the model's price per page, or that price alone until they are counted. */
export function DocumentCost({ modelId, pages }: { modelId: string; pages: number | null }) {
  const reader = usePriceReader();
  const model = useAppStore((s) => s.models.find((m) => m.id === modelId) ?? null);
  return (
    <p className="hint cost-estimate" role="status" aria-label={reader.t('prices.estimate')}>
      {resultWords(reader, extractionEstimate(model, { pages }, reader.basis), model, 'pages')}
    </p>
  );
}

/** Before a transcription: the recording's length at the model's price per minute or second. */
export function TranscriptionCost({
  modelId,
  seconds,
}: {
  modelId: string;
  seconds: number | null;
}) {
  const reader = usePriceReader();
  const model = useAppStore((s) => s.models.find((m) => m.id === modelId) ?? null);
  const estimate =
    seconds === null ? null : transcriptionEstimate(model, { seconds }, reader.basis);
  const unit = model?.unitPrice;
  const result: EstimateResult = estimate
    ? { estimate, gap: null }
    : unit && (unit.unit === 'minute' || unit.unit === 'second')
      ? { estimate: null, gap: { kind: 'amount_unknown' } }
      : { estimate: null, gap: { kind: 'not_listed' } };
  return (
    <p className="hint cost-estimate" role="status" aria-label={reader.t('prices.estimate')}>
      {resultWords(reader, result, model, 'recording')}
    </p>
  );
}
