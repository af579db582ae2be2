// The request of a chat turn, planned apart from the stream: where the sent history starts so it fits the context, the wire messages, the tokens a request took.
import { effectiveMaxTokens } from '../../../../shared/models';
import {
  estimateTokens,
  estimatedAttachmentTokens,
  isSentMessage,
  MESSAGE_OVERHEAD_TOKENS,
  messageTokens,
  systemPromptTokens,
} from '../../../../shared/tokens';
import type { ChatMessage, Conversation } from '../../../../shared/types';
import { serviceError } from '../../service/errors';
import type { ChatRequest, WireContentPart, WireMessage } from '../../service/types';
import { toolRoundsWire } from './tools';

/** The prompt tokens a request likely took, for a request the service gave no usage for. */
export function sentTokens(request: ChatRequest): number {
  let tokens = 0;
  for (const m of request.messages) {
    tokens += MESSAGE_OVERHEAD_TOKENS;
    const parts = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content;
    for (const part of parts) if (part.type === 'text') tokens += estimateTokens(part.text);
    for (const call of m.tool_calls ?? []) tokens += estimateTokens(call.function.arguments);
  }
  return tokens;
}

export interface ContextPlan {
  contextStart: number;
  /** The max_tokens sent; null: none (the account's setting decides the answer's length). */
  maxTokens: number | null;
  /**
   * Tokens of the prompt from contextStart with the system prompt, as the check counted them,
   * plus Atelier's estimates for pictures and audio (which the check itself leaves out).
   */
  promptTokens: number;
}

/**
 * Where the sent history must start for prompt + max_tokens to fit the context (the prompt alone
 * when no max_tokens is sent). Trims whole turns (a user message and the answers after it),
 * oldest first, only when allowed.
 */
export function planContext(
  conversation: Pick<
    Conversation,
    'systemPrompt' | 'contextStart' | 'maxTokens' | 'maxTokensByAccount'
  >,
  messages: readonly ChatMessage[],
  contextLength: number | null,
  trimOldest: boolean,
): ContextPlan {
  const maxTokens = conversation.maxTokensByAccount
    ? null
    : effectiveMaxTokens(conversation.maxTokens, contextLength);
  const room = maxTokens ?? 0;
  const start = Math.min(conversation.contextStart, messages.length - 1);
  const system = systemPromptTokens(conversation.systemPrompt);
  // suffix[i]: tokens of messages i.. to the end as counted; estimated[i]: Atelier's own
  // estimates for their pictures and audio, left out of the check (issue 41: the document states
  // no count for them, so no request is refused or trimmed on a guess).
  const suffix = new Array<number>(messages.length + 1).fill(0);
  const estimated = new Array<number>(messages.length + 1).fill(0);
  for (let i = messages.length - 1; i >= 0; i--) {
    const guess = estimatedAttachmentTokens(messages[i]!);
    estimated[i] = estimated[i + 1]! + guess;
    suffix[i] = suffix[i + 1]! + messageTokens(messages[i]!) - guess;
  }
  const planned = (contextStart: number): ContextPlan => ({
    contextStart,
    maxTokens,
    promptTokens: system + suffix[contextStart]! + estimated[contextStart]!,
  });
  const promptTokens = system + suffix[start]!;
  if (contextLength == null) return planned(start);
  const needed = promptTokens + room;
  if (needed <= contextLength) return planned(start);

  let fitStart: number | null = null;
  for (let s = start + 1; s < messages.length; s++) {
    if (messages[s]!.role !== 'user') continue;
    if (system + suffix[s]! + room <= contextLength) {
      fitStart = s;
      break;
    }
  }
  if (trimOldest && fitStart !== null) return planned(fitStart);
  throw serviceError(
    'context_exceeded',
    fitStart === null
      ? `${maxTokens === null ? 'The message does' : `The message and the answer's room (${maxTokens} tokens) do`} not fit in the model's context of ${contextLength} tokens, even without earlier history.`
      : `The conversation needs about ${needed} tokens${maxTokens === null ? '' : " with the answer's room"}, over the model's context of ${contextLength}. Leaving out the ${fitStart - start} oldest messages would make it fit.`,
    null,
    { needed, limit: contextLength, trimmable: fitStart === null ? 0 : fitStart - start },
  );
}

/**
 * The wire request: system prompt first, then the history from contextStart; messages with
 * attachments are sent as the content parts given for their ids.
 */
export function buildChatRequest(
  conversation: Pick<Conversation, 'model' | 'systemPrompt' | 'temperature'>,
  messages: readonly ChatMessage[],
  plan: ContextPlan,
  parts: ReadonlyMap<string, WireContentPart[]> = new Map(),
): ChatRequest {
  const wire: WireMessage[] = [];
  if (conversation.systemPrompt.trim() !== '') {
    wire.push({ role: 'system', content: conversation.systemPrompt });
  }
  for (const m of messages.slice(plan.contextStart)) {
    // An answer that used tools: its rounds (the calls and their results) come before its text.
    if (m.status !== 'error') wire.push(...toolRoundsWire(m));
    if (isSentMessage(m)) wire.push({ role: m.role, content: parts.get(m.id) ?? m.content });
  }
  const request: ChatRequest = { model: conversation.model, messages: wire };
  if (plan.maxTokens !== null) request.max_tokens = plan.maxTokens;
  if (conversation.temperature != null) request.temperature = conversation.temperature;
  return request;
}
