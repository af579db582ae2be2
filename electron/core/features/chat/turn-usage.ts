// The tokens and cost of one request of a turn: the service's usage when its answer brought one, else Atelier's own count, marked as an estimate.
import { estimateTokens } from '../../../../shared/tokens';
import type { Usage } from '../../../../shared/types';
import type { ChatRequest, ChatResult } from '../../service/types';
import { sentTokens } from './turn-request';

/** Prompt and completion tokens, as the ledger and the price rule count them. */
export interface TokenUnits {
  promptTokens: number;
  completionTokens: number;
}

/** The text an answer brought, as Atelier counts its tokens: the reply, its reasoning and tool calls. */
export function receivedText(result: Pick<ChatResult, 'content' | 'reasoning' | 'toolCalls'>) {
  const calls = (result.toolCalls ?? []).map((call) => call.name + call.arguments).join('');
  return result.content + result.reasoning + calls;
}

/** Whether the service's usage states any token count (a cost alone counts no tokens). */
export function countsTokens(usage: Usage | null): boolean {
  return usage !== null && (usage.promptTokens !== null || usage.completionTokens !== null);
}

/**
 * A request's units: the service's counts when it gave them, else the prompt sent and the text
 * received counted by Atelier's tokenizer (the document shows no stream chunk, so a stream may
 * bring no usage at all).
 */
export function unitsOf(sent: ChatRequest, usage: Usage | null, received: string): TokenUnits {
  return usage !== null && countsTokens(usage)
    ? { promptTokens: usage.promptTokens ?? 0, completionTokens: usage.completionTokens ?? 0 }
    : { promptTokens: sentTokens(sent), completionTokens: estimateTokens(received) };
}

/**
 * The usage a finished request adds to its answer: the service's, or, when its answer brought
 * none, Atelier's count with the cost at the listed prices (`priceOf`; null when unlisted),
 * marked `estimated` so the page says so.
 */
export function requestUsage(
  sent: ChatRequest,
  result: Pick<ChatResult, 'usage' | 'content' | 'reasoning' | 'toolCalls'>,
  priceOf: ((model: string, units: TokenUnits) => string | null) | undefined,
): Usage {
  if (result.usage !== null) return result.usage;
  const units = unitsOf(sent, null, receivedText(result));
  return {
    promptTokens: units.promptTokens,
    completionTokens: units.completionTokens,
    totalTokens: units.promptTokens + units.completionTokens,
    cost: priceOf?.(sent.model, units) ?? null,
    estimated: true,
  };
}
