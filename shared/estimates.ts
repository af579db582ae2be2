// What each paid action will cost before it is made, from the one price rule (costOf): the forms show it, core's ledger keeps it.
import { DEFAULT_MAX_TOKENS, effectiveMaxTokens } from './models';
import { costOf, isPositiveCredits, parseDecimal, type PriceBasis } from './prices';
import type { SpendUnits } from './spending';
import type { ModelInfo } from './types';

/**
 * An action's cost in credits (decimal strings): `low` what it takes at the least, `high` at the
 * most; equal when the action's units are known before it is made.
 */
export interface Estimate {
  low: string;
  high: string;
}

/** Why an action has no figure before it is made; each is said in one sentence by the UI. */
export type EstimateGap =
  /** The list gives the model no price at all. */
  | { kind: 'not_listed' }
  /** A media model listed only with token prices of 0 and no price per picture or second. */
  | { kind: 'zero_token_prices' }
  /**
   * A media model priced by tokens whose output tokens are not known before: only the prompt's
   * part (`prompt`) is.
   */
  | { kind: 'output_unknown'; prompt: string }
  /** The model's unit price is per another unit than the action counts (e.g. per call for music). */
  | { kind: 'other_unit' }
  /** How much the action makes is not known before (a film's length, a document's pages). */
  | { kind: 'amount_unknown' };

export type EstimateResult =
  { estimate: Estimate; gap: null } | { estimate: null; gap: EstimateGap };

function single(cost: string | null): Estimate | null {
  return cost === null ? null : { low: cost, high: cost };
}

/** A per-call fee the list states is added to every request the model answers (a search model's). */
function withCallFee(model: ModelInfo | null, units: SpendUnits): SpendUnits {
  return model?.unitPrice?.unit === 'call' ? { ...units, calls: 1 } : units;
}

/** What a chat turn's request asks for: its prompt and the conversation's own max_tokens, if set. */
export interface ChatTurnAmount {
  promptTokens: number;
  /** The conversation's chosen max_tokens; null: the engine's default for the model. */
  maxTokens: number | null;
  /** No max_tokens is sent (the account's setting decides): the answer may fill the context. */
  byAccount?: boolean;
}

/**
 * The most completion tokens a turn's request allows: the max_tokens it sends, or, when it sends
 * none, the room the model's context leaves after the prompt (DEFAULT_MAX_TOKENS when the list
 * states no context: Atelier's guess, the answer's length is then the account's).
 */
export function completionRoom(amount: ChatTurnAmount, contextLength: number | null): number {
  if (!amount.byAccount) return effectiveMaxTokens(amount.maxTokens, contextLength);
  if (contextLength == null) return DEFAULT_MAX_TOKENS;
  return Math.max(1, contextLength - amount.promptTokens);
}

/**
 * A chat turn: `low` the prompt at the prompt price, `high` adds every completion token the
 * request allows (`completionRoom`: the max_tokens the engine sends) at the completion price
 * (chatEstimate's rule), and a per-call fee when the list states one.
 */
export function chatTurnEstimate(
  model: ModelInfo | null,
  amount: ChatTurnAmount,
  basis: PriceBasis = 'auto',
): Estimate | null {
  if (!model) return null;
  const maxTokens = completionRoom(amount, model.contextLength);
  const low = costOf(model, withCallFee(model, { promptTokens: amount.promptTokens }), basis);
  const high = costOf(
    model,
    withCallFee(model, { promptTokens: amount.promptTokens, completionTokens: maxTokens }),
    basis,
  );
  return low === null || high === null ? null : { low, high };
}

/** The units a chat turn's request carries, for the ledger (the call fee included when listed). */
export function chatTurnUnits(
  model: ModelInfo | null,
  promptTokens: number,
  completionTokens: number,
): SpendUnits {
  return withCallFee(model, { promptTokens, completionTokens });
}

/** Both token prices stated and 0: on a media model these say nothing about what it makes. */
function zeroTokenPrices(model: ModelInfo): boolean {
  const zero = (p: string | null) => p !== null && parseDecimal(p)?.digits === BigInt(0);
  return zero(model.promptPrice) && zero(model.completionPrice);
}

/**
 * A media action (pictures, sound, film) at the model's unit price when the list states one in
 * the action's unit, else at its token prices: the prompt at the prompt price, with the output's
 * tokens only when the completion price is 0 (they are not known before the answer).
 */
function mediaEstimate(
  model: ModelInfo | null,
  units: SpendUnits,
  promptTokens: number,
  basis: PriceBasis,
): EstimateResult {
  if (!model) return { estimate: null, gap: { kind: 'not_listed' } };
  const unit = model.unitPrice;
  if (unit && unit.unit !== 'call') {
    const counted = units.images !== undefined || units.seconds !== undefined;
    const cost = counted ? single(costOf(model, units, basis)) : null;
    return cost ? { estimate: cost, gap: null } : { estimate: null, gap: { kind: 'other_unit' } };
  }
  if (model.promptPrice === null && model.completionPrice === null && !unit)
    return { estimate: null, gap: { kind: 'not_listed' } };
  if (zeroTokenPrices(model) && !(unit && isPositiveCredits(unit.price)))
    return { estimate: null, gap: { kind: 'zero_token_prices' } };
  const calls = 'images' in units ? (units.images ?? 1) : 1;
  const tokens: SpendUnits = { promptTokens: promptTokens * calls };
  const prompt = costOf(model, unit ? { ...tokens, calls } : tokens, basis);
  if (prompt === null) return { estimate: null, gap: { kind: 'not_listed' } };
  if (model.completionPrice !== null && isPositiveCredits(model.completionPrice))
    return { estimate: null, gap: { kind: 'output_unknown', prompt } };
  return { estimate: { low: prompt, high: prompt }, gap: null };
}

/** Pictures made or edited: `count` at the price per picture, or by tokens (see mediaEstimate). */
export function imageEstimate(
  model: ModelInfo | null,
  amount: { count: number; promptTokens: number },
  basis: PriceBasis = 'auto',
): EstimateResult {
  return mediaEstimate(model, { images: amount.count }, amount.promptTokens, basis);
}

/** Music of `seconds` at the price per second (or minute), or by tokens. */
export function musicEstimate(
  model: ModelInfo | null,
  amount: { seconds: number | null; promptTokens: number },
  basis: PriceBasis = 'auto',
): EstimateResult {
  return secondsEstimate(model, amount, basis);
}

/** A film of `seconds` at the price per second, or by tokens. */
export function videoEstimate(
  model: ModelInfo | null,
  amount: { seconds: number | null; promptTokens: number },
  basis: PriceBasis = 'auto',
): EstimateResult {
  return secondsEstimate(model, amount, basis);
}

function secondsEstimate(
  model: ModelInfo | null,
  amount: { seconds: number | null; promptTokens: number },
  basis: PriceBasis,
): EstimateResult {
  const perTime = model?.unitPrice?.unit === 'second' || model?.unitPrice?.unit === 'minute';
  if (perTime && (amount.seconds === null || amount.seconds <= 0))
    return { estimate: null, gap: { kind: 'amount_unknown' } };
  const seconds = amount.seconds === null ? undefined : Math.ceil(amount.seconds);
  return mediaEstimate(model, perTime ? { seconds } : {}, amount.promptTokens, basis);
}

/** Speech: the text's characters at the prompt price (how the service charges speech). */
export function speechEstimate(
  model: ModelInfo | null,
  amount: { characters: number },
  basis: PriceBasis = 'auto',
): Estimate | null {
  return single(costOf(model, { characters: amount.characters }, basis));
}

/**
 * Transcription: the recording's length at the price per minute or second, whole seconds rounded
 * up (never understated); null without that price.
 */
export function transcriptionEstimate(
  model: ModelInfo | null,
  amount: { seconds: number },
  basis: PriceBasis = 'auto',
): Estimate | null {
  if (!Number.isFinite(amount.seconds) || amount.seconds < 0) return null;
  return single(costOf(model, { seconds: Math.ceil(amount.seconds) }, basis));
}

/**
 * Text taken from a document: `pages` at the price per page; with the pages not yet known the
 * gap says so (the form then shows the price per page in words).
 */
export function extractionEstimate(
  model: ModelInfo | null,
  amount: { pages: number | null },
  basis: PriceBasis = 'auto',
): EstimateResult {
  if (!model?.unitPrice) return { estimate: null, gap: { kind: 'not_listed' } };
  if (model.unitPrice.unit !== 'page') {
    const call = single(costOf(model, { calls: 1 }, basis));
    return call ? { estimate: call, gap: null } : { estimate: null, gap: { kind: 'other_unit' } };
  }
  if (amount.pages === null) return { estimate: null, gap: { kind: 'amount_unknown' } };
  const cost = single(costOf(model, { pages: amount.pages }, basis));
  return cost ? { estimate: cost, gap: null } : { estimate: null, gap: { kind: 'not_listed' } };
}

/** Semantic indexing (embeddings): the passages' tokens at the prompt price. */
export function embeddingEstimate(
  model: ModelInfo | null,
  amount: { tokens: number },
  basis: PriceBasis = 'auto',
): Estimate | null {
  return single(costOf(model, { promptTokens: amount.tokens }, basis));
}

/** Decisions: the state and the questions at the prompt price (an answer is a few tokens). */
export function decisionEstimate(
  model: ModelInfo | null,
  amount: { promptTokens: number },
  basis: PriceBasis = 'auto',
): Estimate | null {
  return single(costOf(model, { promptTokens: amount.promptTokens }, basis));
}

/** An action's upper figure (the ask-first check's and the ledger's); null when there is none. */
export function upperOf(estimate: Estimate | EstimateResult | null): string | null {
  if (!estimate) return null;
  return 'gap' in estimate ? (estimate.estimate?.high ?? null) : estimate.high;
}
