// Conversation titles: the cheapest chat model that names them, what one title costs, and the first-words name used without a model.
import { compareCredits, costOf, type PriceBasis } from './prices';
import type { ModelInfo } from './types';

/**
 * A typical title request: the instruction and excerpts of the first question and answer in, a
 * title of a few words out. The question and answer excerpts are at most 1,500 characters each,
 * so a request is rarely far above this.
 */
export const TYPICAL_TITLE_UNITS = { promptTokens: 450, completionTokens: 15 } as const;

/** The most a title request can take: two excerpts of 1,500 characters, the instruction, 60 out. */
export const TITLE_REQUEST_MAX_TOKENS = 1200;

/** Credits for a million prompt and a million completion tokens: how chat models are compared. */
function pairPrice(model: ModelInfo, basis: PriceBasis): string | null {
  if (model.promptPrice === null || model.completionPrice === null) return null;
  return costOf(model, { promptTokens: 1_000_000, completionTokens: 1_000_000 }, basis);
}

/**
 * The cheapest chat model on the list by the price rule (prompt plus completion price at `basis`).
 * Only models of kind chat with both token prices listed count: one priced per unit (a call, a
 * picture) says nothing about tokens, and a model whose stated context cannot hold a title request
 * would refuse it. Ties go to the first id in alphabetical order, so the choice does not depend on
 * the list's order. Null when no model qualifies.
 */
export function cheapestChatModel(
  models: readonly ModelInfo[],
  basis: PriceBasis = 'auto',
): ModelInfo | null {
  let best: { model: ModelInfo; price: string } | null = null;
  for (const model of models) {
    if (model.kind !== 'chat' || model.unitPrice) continue;
    if (model.contextLength !== null && model.contextLength < TITLE_REQUEST_MAX_TOKENS) continue;
    const price = pairPrice(model, basis);
    if (price === null) continue;
    const order = best === null ? -1 : compareCredits(price, best.price);
    if (order < 0 || (order === 0 && best !== null && model.id < best.model.id))
      best = { model, price };
  }
  return best?.model ?? null;
}

/**
 * The model that names a conversation: the one chosen in Settings (`titleModel`), else the
 * cheapest chat model on the list, else (no priced chat model) the conversation's own.
 */
export function titleModelFor(
  chosen: string,
  models: readonly ModelInfo[],
  basis: PriceBasis,
  conversationModel: string,
): string {
  const named = chosen.trim();
  if (named !== '') return named;
  return cheapestChatModel(models, basis)?.id ?? conversationModel;
}

/** What a typical title costs with `model` (credits), or null when the list gives no price. */
export function titleCost(model: ModelInfo | null, basis: PriceBasis = 'auto'): string | null {
  return costOf(model, { ...TYPICAL_TITLE_UNITS }, basis);
}

/** A name from the first words is at most this many words… */
export const FIRST_WORDS_MAX_WORDS = 8;
/** …and this many characters. */
export const FIRST_WORDS_MAX_CHARS = 50;

/** Markdown and quoting marks that open a line, and signs a name should not end with. */
const LEADING_MARKS = /^(?:[#>*\-+`_~"'“”„«»‘’\s]|\d+[.)]\s)+/u;
const TRAILING_SIGNS = /[\s,;:.…!?\-–—(/\\"'“”„«»‘’`*_~]+$/u;

/**
 * A conversation's name from its first question when no model names it: the first words of its
 * first line with words, markdown marks and closing signs taken off, cut at a word boundary
 * (at most FIRST_WORDS_MAX_WORDS words and FIRST_WORDS_MAX_CHARS characters; a single longer word
 * is cut at the limit). No ellipsis is added, so the name makes a clean file name too. A question
 * that ends with "?" keeps it when whole. '' when the text has no words.
 */
export function firstWordsTitle(text: string): string {
  const line = text
    .split('\n')
    .map((l) => l.replace(LEADING_MARKS, '').replace(/\s+/gu, ' ').trim())
    .find((l) => /[\p{L}\p{N}]/u.test(l));
  if (!line) return '';
  const words = line.replace(/\*\*|__|`+/gu, '').split(' ');
  let name = '';
  let count = 0;
  for (const word of words) {
    const next = name === '' ? word : `${name} ${word}`;
    if (count === FIRST_WORDS_MAX_WORDS || next.length > FIRST_WORDS_MAX_CHARS) break;
    name = next;
    count += 1;
  }
  if (name === '') name = [...words[0]!].slice(0, FIRST_WORDS_MAX_CHARS).join('');
  const whole = count === words.length;
  const kept = whole && /[^?]\?$/u.test(name) ? name : name.replace(TRAILING_SIGNS, '');
  return kept.trim();
}
