// Streaming one answer: deltas sent in batches, partial saves, tool rounds and their questions, one ledger line per request, the final save and event.
import { CHAT_DELTA_INTERVAL_MS } from '../../../../shared/chat-stream';
import { summaryOf } from '../../../../shared/conversations';
import {
  DEFAULT_TOOL_ROUND_LIMIT,
  TOOL_ROUND_LIMIT,
  type ToolRound,
} from '../../../../shared/tools';
import type { ChatMessage, Conversation, UserError } from '../../../../shared/types';
import { readToolsRefusal, ServiceError, serviceError, toUserError } from '../../service/errors';
import { untilAborted } from '../../service/http';
import type { ChatRequest, ChatResult } from '../../service/types';
import { finishAnswer } from './answer-extras';
import { readPictureAddressRefusal } from './picture-address';
import type { ChatEngineOptions } from './engine-options';
import type { OfferedTool } from './tool-provider';
import {
  addUsage,
  recordFor,
  roundWireMessages,
  runToolRound,
  wireTools,
  type ToolDecision,
  type ToolTurnOptions,
} from './tools';
import { sentTokens } from './turn-request';
import { countsTokens, receivedText, requestUsage, unitsOf } from './turn-usage';

const DEFAULT_SAVE_INTERVAL_MS = 500;

/** What streaming an answer takes from the engine that runs it. */
export interface AnswerStreamContext {
  options: ChatEngineOptions;
  /** Tool calls waiting for the person, by askKey. */
  asking: Map<string, (decision: ToolDecision) => void>;
}

/** The key of a tool call waiting for the person: its conversation, message and call id. */
export const askKey = (conversationId: string, messageId: string, callId: string) =>
  `${conversationId}\n${messageId}\n${callId}`;

function roundLimitOf(tools: ToolTurnOptions): number {
  const n = tools.roundLimit();
  return Number.isInteger(n)
    ? Math.min(TOOL_ROUND_LIMIT.max, Math.max(TOOL_ROUND_LIMIT.min, n))
    : DEFAULT_TOOL_ROUND_LIMIT;
}

/** Runs a started turn to its end: the answer streamed (with its tool rounds), saved, and its last event sent. */
export async function streamAnswer(
  context: AnswerStreamContext,
  conversation: Conversation,
  answer: ChatMessage,
  firstRequest: ChatRequest,
  firstPromptTokens: number,
  controller: AbortController,
  useTools: boolean,
): Promise<void> {
  const { options, asking } = context;
  const { library, client, emit } = options;
  const saveIntervalMs = options.saveIntervalMs ?? DEFAULT_SAVE_INTERVAL_MS;
  const deltaIntervalMs = options.deltaIntervalMs ?? CHAT_DELTA_INTERVAL_MS;
  const conversationId = conversation.id;
  let request = firstRequest;
  // A continued answer already has text: what the service sends is added after it (and each
  // round after tool calls starts anew).
  let baseContent = answer.content.length;
  let baseReasoning: number;
  const newContent = () => answer.content.slice(baseContent);
  /** The prompt of the round's request as the context check counts it (tool rounds add theirs). */
  let promptTokens = firstPromptTokens;
  /** What the app said the round's request would cost, worked out before it was sent. */
  let estimate: string | null = null;
  /**
   * One ledger line per request: its usage, or when the service gave none (a stream cut, a
   * Stop) an estimate of the prompt sent and the text received, with nothing reported.
   * A request that brought nothing was not charged and records nothing.
   */
  const spend = (sent: ChatRequest, usage: ChatResult['usage'], received: string) => {
    if (!options.record) return;
    if (!countsTokens(usage) && usage?.cost == null && received === '') return;
    options.record({
      feature: 'chat',
      model: sent.model,
      conversationId,
      units: unitsOf(sent, usage, received),
      estimate,
      reported: usage?.cost ?? null,
    });
  };
  /** The request of this round is out and its answer not yet in. */
  let roundOpen = false;
  let heldContent = '';
  let heldReasoning = '';
  let deltaTimer: NodeJS.Timeout | null = null;
  let lastDeltaAt = 0;
  let saveTimer: NodeJS.Timeout | null = null;
  let saving: Promise<void> = Promise.resolve();

  const sendHeldDeltas = () => {
    if (deltaTimer) clearTimeout(deltaTimer);
    deltaTimer = null;
    if (heldContent === '' && heldReasoning === '') return;
    lastDeltaAt = Date.now();
    emit({
      type: 'delta',
      conversationId,
      messageId: answer.id,
      content: heldContent,
      reasoning: heldReasoning,
    });
    heldContent = '';
    heldReasoning = '';
  };

  const savePartial = () => {
    saveTimer = null;
    // A failed partial save is not fatal: the final save reports problems.
    saving = saving.then(() => library.save(conversation)).catch(() => undefined);
  };

  const append = (content: string, reasoning: string) => {
    if (content === '' && reasoning === '') return;
    answer.content += content;
    if (reasoning !== '') answer.reasoning = (answer.reasoning ?? '') + reasoning;
    heldContent += content;
    heldReasoning += reasoning;
    // The first text of an answer (or the first after a pause) goes out at once; what follows
    // within the interval waits for it, as one event.
    if (deltaTimer === null) {
      const wait = lastDeltaAt + deltaIntervalMs - Date.now();
      if (wait <= 0) sendHeldDeltas();
      else deltaTimer = setTimeout(sendHeldDeltas, wait);
    }
    saveTimer ??= setTimeout(savePartial, saveIntervalMs);
  };

  /** Saves the answer and tells the renderer its rounds (after every state change of a call). */
  const toolsChanged = async () => {
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = null;
    sendHeldDeltas();
    saving = saving.then(() => library.save(conversation)).catch(() => undefined);
    await saving;
    emit({
      type: 'tools',
      conversationId,
      messageId: answer.id,
      rounds: structuredClone(answer.toolRounds ?? []),
      content: answer.content,
    });
  };

  const decide = (callId: string) =>
    new Promise<ToolDecision>((resolve, reject) => {
      const key = askKey(conversationId, answer.id, callId);
      const onAbort = () => {
        asking.delete(key);
        reject(new Error('stopped'));
      };
      if (controller.signal.aborted) return onAbort();
      controller.signal.addEventListener('abort', onAbort, { once: true });
      asking.set(key, (decision) => {
        asking.delete(key);
        controller.signal.removeEventListener('abort', onAbort);
        resolve(decision);
      });
    });

  let failure: UserError | null = null;
  let toolsOffered = false;
  /** What every request of the turn used, added up (a tool turn sends several). */
  let turnUsage: ChatResult['usage'] = null;
  /** The last request's result: the answer's own (citations, the text checked as JSON). */
  let lastResult: ChatResult | null = null;
  try {
    const tools = options.tools;
    let offered: OfferedTool[] = [];
    if (useTools && tools) {
      const found = await tools.provider.toolsFor(
        conversation.tools?.servers ?? null,
        controller.signal,
      );
      // Copies: "Always allow" during the turn changes them.
      offered = found.tools.map((t) => ({ ...t }));
      // Shown with the finished answer: which chosen servers could not start, and why.
      if (found.unavailable.length > 0) answer.toolsUnavailable = found.unavailable;
    }
    const limit = tools ? roundLimitOf(tools) : DEFAULT_TOOL_ROUND_LIMIT;
    let rounds = 0;
    for (;;) {
      if (offered.length > 0) {
        toolsOffered = true;
        // At the limit the model is still told of the tools (the history holds calls) but may not call.
        request = {
          ...request,
          tools: wireTools(offered),
          tool_choice: rounds >= limit ? 'none' : 'auto',
        };
      }
      baseContent = answer.content.length;
      baseReasoning = (answer.reasoning ?? '').length;
      estimate =
        options.estimate?.(request.model, {
          promptTokens,
          maxTokens: conversation.maxTokens,
          byAccount: conversation.maxTokensByAccount === true,
        }) ?? null;
      // Stop ends the turn at once, whatever the call is doing: a call that does not heed its
      // signal is left behind, and nothing it brings later is added.
      roundOpen = true;
      const call = client.chatStream(request, {
        signal: controller.signal,
        priority: 'user',
        onDelta: (content, reasoning) => {
          if (!controller.signal.aborted) append(content, reasoning);
        },
        onRetry: (info) => {
          sendHeldDeltas();
          emit({
            type: 'retrying',
            conversationId,
            messageId: answer.id,
            attempt: info.attempt,
            maxAttempts: info.maxAttempts,
            reason: info.reason,
          });
          emit({ type: 'waiting', conversationId, messageId: answer.id, untilMs: info.untilMs });
        },
      });
      const result = await untilAborted(call, controller.signal);
      roundOpen = false;
      spend(request, result.usage, receivedText(result));
      lastResult = result;
      turnUsage = addUsage(turnUsage, requestUsage(request, result, options.priceOf));
      // The final answer may hold text the deltas did not (a client that buffers the tail).
      if (result.content.startsWith(newContent())) {
        append(result.content.slice(newContent().length), '');
      }
      const reasoningSoFar = (answer.reasoning ?? '').slice(baseReasoning);
      if (result.reasoning.startsWith(reasoningSoFar)) {
        append('', result.reasoning.slice(reasoningSoFar.length));
      }
      const calls = result.toolCalls ?? [];
      if (calls.length === 0 || offered.length === 0 || !tools) break;
      if (rounds >= limit) {
        // Calls asked for after the limit are not run (the note is already in the answer).
        break;
      }
      rounds++;
      const round: ToolRound = {
        content: answer.content,
        calls: calls.map((c) => recordFor(c, offered)),
      };
      answer.toolRounds = [...(answer.toolRounds ?? []), round];
      answer.content = '';
      await runToolRound(round, {
        provider: tools.provider,
        offered,
        signal: controller.signal,
        savePicture: tools.savePicture,
        decide,
        changed: toolsChanged,
      });
      await toolsChanged();
      if (controller.signal.aborted) throw serviceError('cancelled', 'Stopped.');
      const added = roundWireMessages(round);
      promptTokens += sentTokens({ ...request, messages: added });
      request = { ...request, messages: [...request.messages, ...added] };
      if (rounds >= limit) {
        // The last request of the turn: the page says why the answer ends without more tools.
        answer.toolRoundLimit = limit;
      }
    }
  } catch (e) {
    failure = toUserError(e);
    if (e instanceof ServiceError && e.partial) {
      // Keep whatever the client saw arrive, even if a delta callback was missed.
      if (e.partial.content.startsWith(newContent())) {
        append(e.partial.content.slice(newContent().length), '');
      }
    }
    if (roundOpen) spend(request, null, newContent());
    // The service may refuse the tools themselves (a model without them).
    if (toolsOffered && !controller.signal.aborted) failure = readToolsRefusal(failure);
    // A picture sent by address that the service could not fetch (issue 41).
    if (!controller.signal.aborted) failure = readPictureAddressRefusal(failure, request);
  }

  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
  sendHeldDeltas();
  await saving;

  if (failure === null) {
    answer.status = 'done';
    if (turnUsage) answer.usage = turnUsage;
    // The service ended it at max_tokens (or the account's own limit): the page offers Continue.
    if (lastResult?.finishReason === 'length') answer.cutAtMaxTokens = true;
    const badges = options.badgesOf?.(answer.model ?? conversation.model) ?? [];
    finishAnswer(answer, conversation.answerFormat, lastResult, badges);
  } else if (controller.signal.aborted) {
    answer.status = 'stopped';
  } else {
    answer.status = 'error';
    answer.error = failure;
  }

  let saveFailure: UserError | null = null;
  try {
    await library.save(conversation);
  } catch (e) {
    saveFailure = toUserError(e);
  }

  const message = { ...answer };
  const summary = summaryOf(conversation);
  if (answer.status === 'error' && failure) {
    emit({ type: 'error', conversationId, message, error: failure, summary });
  } else if (saveFailure) {
    emit({ type: 'error', conversationId, message, error: saveFailure, summary });
  } else {
    emit({ type: 'done', conversationId, message, summary });
    options.onAnswered?.(conversation);
  }
  // A refusal before the service answered (no key, bad URL, network) costs nothing.
  const reachedService =
    failure === null || failure.status !== null || answer.content.length > baseContent;
  if (reachedService) options.onPaidCall?.();
}
