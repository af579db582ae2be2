// Chat turns: builds the request from the conversation, checks the context, streams, saves, emits events.
import { randomUUID } from 'node:crypto';
import { effectiveMaxTokens } from '../../../../shared/models';
import {
  estimatePromptTokens,
  estimateTokens,
  isSentMessage,
  MESSAGE_OVERHEAD_TOKENS,
  messageTokens,
  systemPromptTokens,
} from '../../../../shared/tokens';
import type { ChatTurnAmount } from '../../../../shared/estimates';
import type { SpendRecord } from '../../../../shared/spending';
import type { MessageAttachment } from '../../../../shared/attachments';
import { CHAT_DELTA_INTERVAL_MS } from '../../../../shared/chat-stream';
import { summaryOf } from '../../../../shared/conversations';
import { versionsForNewTail } from '../../../../shared/versions';
import type { ChatEvent, ChatMessage, Conversation, UserError } from '../../../../shared/types';
import type { ToolRound } from '../../../../shared/tools';
import type { ConversationLibrary } from '../../library/conversations';
import { finishAnswer } from './answer-extras';
import { applyAnswerFormat } from './answer-format';
import { readToolsRefusal, ServiceError, serviceError, toUserError } from '../../service/errors';
import { untilAborted } from '../../service/http';
import type {
  ChatRequest,
  ChatResult,
  ServiceClient,
  WireContentPart,
  WireMessage,
} from '../../service/types';
import type { OfferedTool } from './tool-provider';
import {
  addUsage,
  recordFor,
  roundWireMessages,
  runToolRound,
  toolRoundsWire,
  toolsWanted,
  wireTools,
  type ToolDecision,
  type ToolTurnOptions,
} from './tools';
import { DEFAULT_TOOL_ROUND_LIMIT, TOOL_ROUND_LIMIT } from '../../../../shared/tools';

export interface ChatEngineOptions {
  library: ConversationLibrary;
  client: Pick<ServiceClient, 'chatStream'>;
  /** The model's context length from the catalog; null when unknown (then no check is made). */
  contextLengthOf: (modelId: string) => number | null;
  emit: (event: ChatEvent) => void;
  /** After a call the service may have charged for (the balance refreshes). */
  onPaidCall?: () => void;
  /** Each request of a turn the service answered, for the spending ledger (once per request). */
  record?: (r: SpendRecord) => void;
  /**
   * What the app says a request of this size costs before it is sent (chatTurnEstimate's upper
   * figure, as beside Send), kept with its ledger line; null when the list gives no price.
   */
  estimate?: (model: string, amount: ChatTurnAmount) => string | null;
  now?: () => Date;
  /** Longest time between saves of a streaming answer. */
  saveIntervalMs?: number;
  /** Longest time deltas are held to be sent as one event. */
  deltaIntervalMs?: number;
  /** Turns messages with attachments into content parts (images, audio, documents). */
  attachments?: AttachmentParts;
  /** An answer finished and was saved (the titler names the conversation after the first). */
  onAnswered?: (conversation: Conversation) => void;
  /** The catalog's badges of a model ('structured-outputs', 'web-search' …); null when unknown. */
  badgesOf?: (modelId: string) => readonly string[] | null;
  /** Tools (MCP servers) a turn may offer; absent: turns never offer tools. */
  tools?: ToolTurnOptions;
}

export interface AttachmentParts {
  /** The content parts of a user message with attachments: its text, documents, images, audio. */
  partsFor(message: ChatMessage, model: string): Promise<WireContentPart[]>;
}

export interface TurnStarted {
  messageId: string;
}

export interface ChatEngine {
  sendTurn(input: {
    conversationId: string;
    text: string;
    attachments?: MessageAttachment[];
    trimOldest?: boolean;
  }): Promise<TurnStarted>;
  /**
   * A new answer in place of the given assistant answer (default: the last); the earlier answer
   * and what followed it stay as another version (an empty failed answer simply gives way).
   */
  regenerate(input: {
    conversationId: string;
    messageId?: string;
    trimOldest?: boolean;
  }): Promise<TurnStarted>;
  /** Forks at a user message: the edited text becomes a new version there, and is sent. */
  editAndResend(input: {
    conversationId: string;
    messageId: string;
    text: string;
    trimOldest?: boolean;
  }): Promise<TurnStarted>;
  /**
   * Goes on writing a cut answer (stopped, interrupted, or failed with text): the history with
   * that answer and a short instruction (not saved) is sent, and the new text is added to it.
   */
  continueAnswer(input: {
    conversationId: string;
    messageId: string;
    trimOldest?: boolean;
  }): Promise<TurnStarted>;
  /** The person's answer to a tool call that waits for it; false when no such call waits. */
  decideTool(input: {
    conversationId: string;
    messageId: string;
    callId: string;
    decision: ToolDecision;
  }): { decided: boolean };
  /** Aborts the running turn; resolves once what arrived is saved with status 'stopped'. */
  stop(conversationId: string): Promise<{ stopped: boolean }>;
  isRunning(conversationId: string): boolean;
  /** Resolves when the conversation's running turn (if any) has ended and been saved. */
  settled(conversationId: string): Promise<void>;
  /** Stops every turn and waits for their final saves. */
  dispose(): Promise<void>;
}

interface RunningTurn {
  controller: AbortController;
  /** Settles when the turn has ended and its last save is done. */
  finished: Promise<void>;
}

const DEFAULT_SAVE_INTERVAL_MS = 500;

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

function roundLimitOf(tools: ToolTurnOptions): number {
  const n = tools.roundLimit();
  return Number.isInteger(n)
    ? Math.min(TOOL_ROUND_LIMIT.max, Math.max(TOOL_ROUND_LIMIT.min, n))
    : DEFAULT_TOOL_ROUND_LIMIT;
}

/** Sent after a cut answer to have it continued; never saved as a message. */
export const CONTINUE_INSTRUCTION =
  'Continue your previous answer exactly where it stopped. Do not repeat anything already written and do not comment on the interruption.';

/** Statuses of an answer that was cut before its end, so it may be continued. */
const CUT_STATUSES: ReadonlySet<ChatMessage['status']> = new Set([
  'stopped',
  'interrupted',
  'error',
]);

/** What a turn is made of: the new active path and how the answer is written. */
interface TurnShape {
  /** Ends with the user message to answer, or (continuing) with the answer to go on with. */
  messages: ChatMessage[];
  /** The new answer's place among versions (a regenerated answer keeps the earlier ones). */
  answerVersions?: Pick<ChatMessage, 'alternatives' | 'alternativeIndex'>;
  /** The last message is a cut answer to continue, not a question. */
  continuing?: boolean;
}

export interface ContextPlan {
  contextStart: number;
  maxTokens: number;
  /** Tokens of the prompt from contextStart with the system prompt, as the check counted them. */
  promptTokens: number;
}

/**
 * Where the sent history must start for prompt + max_tokens to fit the context. Trims whole
 * turns (a user message and the answers after it), oldest first, only when allowed.
 */
export function planContext(
  conversation: Pick<Conversation, 'systemPrompt' | 'contextStart' | 'maxTokens'>,
  messages: readonly ChatMessage[],
  contextLength: number | null,
  trimOldest: boolean,
): ContextPlan {
  const maxTokens = effectiveMaxTokens(conversation.maxTokens, contextLength);
  const start = Math.min(conversation.contextStart, messages.length - 1);
  const system = systemPromptTokens(conversation.systemPrompt);
  // suffix[i]: tokens of messages i.. to the end.
  const suffix = new Array<number>(messages.length + 1).fill(0);
  for (let i = messages.length - 1; i >= 0; i--) {
    suffix[i] = suffix[i + 1]! + messageTokens(messages[i]!);
  }
  const promptTokens = system + suffix[start]!;
  if (contextLength == null) return { contextStart: start, maxTokens, promptTokens };
  const needed = promptTokens + maxTokens;
  if (needed <= contextLength) return { contextStart: start, maxTokens, promptTokens };

  let fitStart: number | null = null;
  for (let s = start + 1; s < messages.length; s++) {
    if (messages[s]!.role !== 'user') continue;
    if (system + suffix[s]! + maxTokens <= contextLength) {
      fitStart = s;
      break;
    }
  }
  if (trimOldest && fitStart !== null)
    return { contextStart: fitStart, maxTokens, promptTokens: system + suffix[fitStart]! };
  throw serviceError(
    'context_exceeded',
    fitStart === null
      ? `The message and the answer's room (${maxTokens} tokens) do not fit in the model's context of ${contextLength} tokens, even without earlier history.`
      : `The conversation needs about ${needed} tokens with the answer's room, over the model's context of ${contextLength}. Leaving out the ${fitStart - start} oldest messages would make it fit.`,
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
  const request: ChatRequest = {
    model: conversation.model,
    messages: wire,
    max_tokens: plan.maxTokens,
  };
  if (conversation.temperature != null) request.temperature = conversation.temperature;
  return request;
}

function invalid(message: string): ServiceError {
  return serviceError('invalid_input', message);
}

export function createChatEngine(options: ChatEngineOptions): ChatEngine {
  const { library, client, emit } = options;
  const now = options.now ?? (() => new Date());
  const saveIntervalMs = options.saveIntervalMs ?? DEFAULT_SAVE_INTERVAL_MS;
  const deltaIntervalMs = options.deltaIntervalMs ?? CHAT_DELTA_INTERVAL_MS;
  const running = new Map<string, RunningTurn>();
  /** Tool calls waiting for the person, by conversation, message and call id. */
  const asking = new Map<string, (decision: ToolDecision) => void>();
  const askKey = (conversationId: string, messageId: string, callId: string) =>
    `${conversationId}\n${messageId}\n${callId}`;

  async function attachmentParts(
    model: string,
    sent: readonly ChatMessage[],
  ): Promise<Map<string, WireContentPart[]>> {
    const parts = new Map<string, WireContentPart[]>();
    const withAttachments = sent.filter(
      (m) => isSentMessage(m) && (m.attachments?.length ?? 0) > 0,
    );
    if (withAttachments.length === 0) return parts;
    if (!options.attachments) throw invalid('Attachments cannot be sent from here.');
    for (const m of withAttachments) parts.set(m.id, await options.attachments.partsFor(m, model));
    return parts;
  }

  /**
   * Shared path of send, regenerate, edit and continue: `rewrite` returns the new active path
   * without touching the conversation, so a refusal changes nothing.
   */
  async function startTurn(
    conversationId: string,
    trimOldest: boolean,
    rewrite: (messages: ChatMessage[]) => TurnShape,
  ): Promise<TurnStarted> {
    if (running.has(conversationId)) {
      throw serviceError(
        'invalid_input',
        'An answer is still being written in this conversation; stop it or wait for it to finish.',
      );
    }
    const controller = new AbortController();
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    // Taken before the first await, so a second send in the same tick is refused.
    running.set(conversationId, { controller, finished });
    try {
      const conversation = await library.get(conversationId);
      const shape = rewrite(conversation.messages.slice());
      const messages = shape.messages;
      const last = messages[messages.length - 1];
      const continuing = shape.continuing === true;
      if (!last || last.role !== (continuing ? 'assistant' : 'user'))
        throw invalid('There is no message to answer.');
      const questionIndex = continuing
        ? messages.map((m) => m.role).lastIndexOf('user')
        : messages.length - 1;
      const question = messages[questionIndex];
      if (!question) throw invalid('There is no message to answer.');
      // Continuing sends the cut answer as written (even one that ended in an error) and asks for the rest.
      const sent = continuing
        ? [
            ...messages.slice(0, -1),
            { ...last, status: 'stopped' as const },
            {
              id: 'continue',
              role: 'user' as const,
              content: CONTINUE_INSTRUCTION,
              createdAt: now().toISOString(),
              status: 'done' as const,
            },
          ]
        : messages;
      const plan = planContext(
        conversation,
        sent,
        options.contextLengthOf(conversation.model),
        trimOldest,
      );
      // Trimming may not leave out the question of an answer being continued.
      const contextStart = Math.min(plan.contextStart, questionIndex);
      const promptTokens =
        contextStart === plan.contextStart
          ? plan.promptTokens
          : estimatePromptTokens({ ...conversation, contextStart, messages: sent });
      const request = buildChatRequest(
        conversation,
        sent,
        { ...plan, contextStart },
        await attachmentParts(conversation.model, sent.slice(contextStart)),
      );
      applyAnswerFormat(request, conversation.answerFormat);
      // What the first save changes, put back if the disk refuses it (a full disk): memory stays
      // as on disk, with no empty answer left 'streaming'.
      const { title, updatedAt, messageCount, contextStart: savedStart } = conversation;
      const savedMessages = conversation.messages;
      const { status: lastStatus, error: lastError } = last;
      let answer: ChatMessage;
      if (continuing) {
        answer = last;
        answer.status = 'streaming';
        delete answer.error;
      } else {
        answer = {
          id: randomUUID(),
          role: 'assistant',
          content: '',
          createdAt: now().toISOString(),
          model: conversation.model,
          status: 'streaming',
          ...shape.answerVersions,
        };
        messages.push(answer);
      }
      conversation.messages = messages;
      conversation.contextStart = contextStart;
      try {
        await library.save(conversation);
      } catch (e) {
        Object.assign(conversation, {
          title,
          updatedAt,
          messageCount,
          contextStart: savedStart,
          messages: savedMessages,
        });
        if (continuing) {
          last.status = lastStatus;
          if (lastError) last.error = lastError;
        }
        throw e;
      }
      emit({
        type: 'start',
        conversationId,
        messageId: answer.id,
        model: continuing ? (answer.model ?? conversation.model) : conversation.model,
        question: { ...question },
        contextStart,
        summary: summaryOf(conversation),
        questionIndex,
        ...(continuing ? { continues: { ...answer } } : {}),
      });
      const useTools = toolsWanted(conversation, options.tools);
      void streamAnswer(conversation, answer, request, promptTokens, controller, useTools).finally(
        () => {
          running.delete(conversationId);
          finish();
        },
      );
      return { messageId: answer.id };
    } catch (e) {
      running.delete(conversationId);
      finish();
      throw e;
    }
  }

  async function streamAnswer(
    conversation: Conversation,
    answer: ChatMessage,
    firstRequest: ChatRequest,
    firstPromptTokens: number,
    controller: AbortController,
    useTools: boolean,
  ): Promise<void> {
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
      const counted = usage && (usage.promptTokens !== null || usage.completionTokens !== null);
      if (!counted && usage?.cost == null && received === '') return;
      options.record({
        feature: 'chat',
        model: sent.model,
        conversationId,
        units: counted
          ? { promptTokens: usage.promptTokens ?? 0, completionTokens: usage.completionTokens ?? 0 }
          : { promptTokens: sentTokens(sent), completionTokens: estimateTokens(received) },
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
        spend(request, result.usage, result.content);
        lastResult = result;
        turnUsage = addUsage(turnUsage, result.usage);
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
    }

    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = null;
    sendHeldDeltas();
    await saving;

    if (failure === null) {
      answer.status = 'done';
      if (turnUsage) answer.usage = turnUsage;
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

  function indexOf(messages: readonly ChatMessage[], messageId: string): number {
    const at = messages.findIndex((m) => m.id === messageId);
    if (at < 0) throw serviceError('not_found', 'That message is no longer in the conversation.');
    return at;
  }

  function userMessage(text: string, attachments: MessageAttachment[] = []): ChatMessage {
    if (text.trim() === '' && attachments.length === 0) throw invalid('Write a message first.');
    return {
      id: randomUUID(),
      role: 'user',
      content: text,
      createdAt: now().toISOString(),
      status: 'done',
      ...(attachments.length > 0 ? { attachments } : {}),
    };
  }

  return {
    sendTurn({ conversationId, text, attachments, trimOldest }) {
      const message = userMessage(text, attachments);
      return startTurn(conversationId, trimOldest ?? false, (messages) => ({
        messages: [...messages, message],
      }));
    },

    regenerate({ conversationId, messageId, trimOldest }) {
      return startTurn(conversationId, trimOldest ?? false, (messages) => {
        let cut: number;
        if (messageId !== undefined) {
          const at = indexOf(messages, messageId);
          // A user message is answered again; an answer is replaced.
          cut = messages[at]!.role === 'user' ? at + 1 : at;
        } else {
          // The last answer (and anything after the last user message) gives way.
          cut = messages.map((m) => m.role).lastIndexOf('user') + 1;
        }
        const replaced = messages[cut];
        // An answer that failed before writing anything is not worth keeping as a version.
        const keep =
          replaced !== undefined &&
          !(replaced.status === 'error' && replaced.content === '' && messages.length === cut + 1);
        const answerVersions = keep
          ? versionsForNewTail(messages, cut)
          : replaced?.alternatives
            ? { alternatives: replaced.alternatives, alternativeIndex: replaced.alternativeIndex }
            : undefined;
        return { messages: messages.slice(0, cut), answerVersions };
      });
    },

    editAndResend({ conversationId, messageId, text, trimOldest }) {
      const edited = userMessage(text);
      return startTurn(conversationId, trimOldest ?? false, (messages) => {
        const at = indexOf(messages, messageId);
        const original = messages[at]!;
        if (original.role !== 'user') throw invalid('Only your own messages can be edited.');
        // The original and what followed it stay as the earlier version at this place.
        const forked: ChatMessage = {
          ...edited,
          ...(original.attachments ? { attachments: original.attachments } : {}),
          ...versionsForNewTail(messages, at),
        };
        return { messages: [...messages.slice(0, at), forked] };
      });
    },

    continueAnswer({ conversationId, messageId, trimOldest }) {
      return startTurn(conversationId, trimOldest ?? false, (messages) => {
        const at = indexOf(messages, messageId);
        const answer = messages[at]!;
        if (answer.role !== 'assistant' || at !== messages.length - 1)
          throw invalid('Only the last answer can be continued.');
        if (!CUT_STATUSES.has(answer.status) || answer.content.trim() === '')
          throw invalid('This answer has no cut text to continue.');
        // The saved answer is changed only once the turn starts.
        return { messages: [...messages.slice(0, at), { ...answer }], continuing: true };
      });
    },

    decideTool({ conversationId, messageId, callId, decision }) {
      const resolve = asking.get(askKey(conversationId, messageId, callId));
      if (!resolve) return { decided: false };
      resolve(decision);
      return { decided: true };
    },

    async stop(conversationId) {
      const turn = running.get(conversationId);
      if (!turn) return { stopped: false };
      turn.controller.abort();
      await turn.finished;
      return { stopped: true };
    },

    isRunning(conversationId) {
      return running.has(conversationId);
    },

    async settled(conversationId) {
      await running.get(conversationId)?.finished;
    },

    async dispose() {
      const turns = [...running.values()];
      for (const t of turns) t.controller.abort();
      await Promise.all(turns.map((t) => t.finished));
    },
  };
}
