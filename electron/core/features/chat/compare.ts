// Compare models: one question sent to 2 to 4 models at once, each answer streamed as a version of the same answer position, with its own Stop and Retry, and the person's choice kept on the path.
import { randomUUID } from 'node:crypto';
import { COMPARE_MODELS, compareModels, type CompareEvent } from '../../../../shared/compare';
import type { MessageAttachment } from '../../../../shared/attachments';
import { summaryOf } from '../../../../shared/conversations';
import { estimatePromptTokens } from '../../../../shared/tokens';
import type { ChatMessage, Conversation } from '../../../../shared/types';
import { switchVersion, versionInfo, withoutVersions } from '../../../../shared/versions';
import { serviceError } from '../../service/errors';
import type { ChatRequest, ServiceClient } from '../../service/types';
import { applyAnswerFormat } from './answer-format';
import { streamAnswer } from './answer-stream';
import type { ChatEngineOptions } from './engine-options';
import { attachmentParts } from './turn-attachments';
import { buildChatRequest, planContext } from './turn-request';

export interface CompareStarted {
  questionId: string;
  answers: Array<{ messageId: string; model: string }>;
}

export interface CompareRunner {
  start(input: {
    conversationId: string;
    text: string;
    models: string[];
    attachments?: MessageAttachment[];
    trimOldest?: boolean;
  }): Promise<CompareStarted>;
  /** Stops one column; resolves once its text so far is saved with status 'stopped'. */
  stop(conversationId: string, messageId: string): Promise<{ stopped: boolean }>;
  /** Stops every column of the conversation (it is being deleted). */
  stopAll(conversationId: string): Promise<void>;
  /** Streams a finished column of the last compare again (a failure, a Stop), alone. */
  retry(conversationId: string, messageId: string): Promise<{ messageId: string }>;
  /** Makes the answer the path's one; the others stay as its versions. */
  choose(conversationId: string, messageId: string): Promise<Conversation>;
  isRunning(conversationId: string): boolean;
  /** Resolves when every column of the conversation has ended and been saved. */
  settled(conversationId: string): Promise<void>;
  dispose(): Promise<void>;
}

export interface CompareOptions extends ChatEngineOptions {
  /** Where the compare's events go (its own channel: a chat stream is one answer per conversation). */
  emitCompare: (event: CompareEvent) => void;
  /** A single turn runs in the conversation: nothing of a compare may start or change it. */
  busy: (conversationId: string) => boolean;
}

interface Column {
  controller: AbortController;
  finished: Promise<void>;
}

function invalid(message: string): never {
  throw serviceError('invalid_input', message);
}

const STILL_WRITING =
  'An answer is still being written in this conversation; stop it or wait for it to finish.';

/** The answer object with this id among the versions at the path's position `at`, or null. */
function versionAt(messages: readonly ChatMessage[], at: number, messageId: string) {
  const head = messages[at];
  if (!head) return null;
  if (head.id === messageId) return { answer: head, index: versionInfo(head).index };
  const others = head.alternatives ?? [];
  const found = others.findIndex((tail) => tail[0]?.id === messageId);
  if (found < 0) return null;
  const { index } = versionInfo(head);
  return {
    answer: others[found]![0]!,
    index: found < index ? found : found + 1,
    tail: others[found]!,
  };
}

export function createCompareRunner(options: CompareOptions): CompareRunner {
  const { library, emitCompare, busy } = options;
  const now = options.now ?? (() => new Date());
  /** Running columns by conversation, then by answer id. */
  const running = new Map<string, Map<string, Column>>();
  /** Conversations whose compare is being set up (taken before the first await). */
  const starting = new Set<string>();

  const isRunning = (conversationId: string) =>
    starting.has(conversationId) || (running.get(conversationId)?.size ?? 0) > 0;

  function ensureIdle(conversationId: string): void {
    if (busy(conversationId) || isRunning(conversationId)) invalid(STILL_WRITING);
  }

  /** The client of one column: its request's departure and first text timed on the answer. */
  function timedClient(
    conversationId: string,
    answer: ChatMessage,
  ): Pick<ServiceClient, 'chatStream'> {
    return {
      chatStream(request, callOptions = {}) {
        let sentAt = Date.now();
        let firstAt: number | null = null;
        let lastAt = 0;
        // Kept as numbers while the text streams; written on the answer at the first text (for
        // partial saves) and once more when the stream settles, before the answer is saved.
        const writeTiming = () => {
          if (firstAt !== null)
            answer.timing = { firstTokenMs: firstAt - sentAt, streamMs: lastAt - firstAt };
        };
        return options.client
          .chatStream(request, {
            ...callOptions,
            onSent: () => {
              sentAt = Date.now();
              callOptions.onSent?.();
            },
            onDelta: (content, reasoning) => {
              if (content !== '' || reasoning !== '') {
                lastAt = Date.now();
                if (firstAt === null) {
                  firstAt = lastAt;
                  writeTiming();
                  emitCompare({
                    type: 'firstToken',
                    conversationId,
                    messageId: answer.id,
                    firstTokenMs: firstAt - sentAt,
                  });
                }
              }
              callOptions.onDelta?.(content, reasoning);
            },
          })
          .finally(writeTiming);
      },
    };
  }

  /** Streams one column into its answer (already saved as streaming), to its end. */
  function run(
    conversation: Conversation,
    answer: ChatMessage,
    request: ChatRequest,
    promptTokens: number,
  ): void {
    const conversationId = conversation.id;
    const controller = new AbortController();
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const columns = running.get(conversationId) ?? new Map<string, Column>();
    columns.set(answer.id, { controller, finished });
    running.set(conversationId, columns);
    const columnOptions: ChatEngineOptions = {
      ...options,
      client: timedClient(conversationId, answer),
      emit: (event) => {
        if (event.type !== 'start') emitCompare(event);
      },
    };
    void streamAnswer(
      { options: columnOptions, asking: new Map() },
      conversation,
      answer,
      request,
      promptTokens,
      controller,
      false,
    ).finally(() => {
      columns.delete(answer.id);
      if (columns.size === 0 && running.get(conversationId) === columns)
        running.delete(conversationId);
      finish();
    });
  }

  /** An empty answer about to stream: nothing of an earlier attempt carries over. */
  function freshAnswer(id: string, model: string): ChatMessage {
    return {
      id,
      role: 'assistant',
      content: '',
      createdAt: now().toISOString(),
      model,
      status: 'streaming',
    };
  }

  /** Saves the conversation; when the disk refuses, puts back what `undo` names and rethrows. */
  async function saveOrUndo(conversation: Conversation, undo: () => void): Promise<void> {
    try {
      await library.save(conversation);
    } catch (e) {
      undo();
      throw e;
    }
  }

  /** One model's request for the path `sent` (ending with the question) from `contextStart`. */
  async function requestFor(
    conversation: Conversation,
    model: string,
    sent: ChatMessage[],
    plan: { contextStart: number; maxTokens: number | null; promptTokens: number },
  ): Promise<ChatRequest> {
    const request = buildChatRequest(
      { ...conversation, model },
      sent,
      plan,
      await attachmentParts(options.attachments, model, sent.slice(plan.contextStart)),
    );
    applyAnswerFormat(request, conversation.answerFormat);
    return request;
  }

  return {
    async start({ conversationId, text, models, attachments = [], trimOldest = false }) {
      const chosen = compareModels(models);
      if (chosen.length < COMPARE_MODELS.min || chosen.length > COMPARE_MODELS.max)
        invalid(
          `Choose ${COMPARE_MODELS.min} to ${COMPARE_MODELS.max} different models to compare.`,
        );
      if (text.trim() === '' && attachments.length === 0) invalid('Write a message first.');
      ensureIdle(conversationId);
      starting.add(conversationId);
      try {
        const conversation = await library.get(conversationId);
        const question: ChatMessage = {
          id: randomUUID(),
          role: 'user',
          content: text,
          createdAt: now().toISOString(),
          status: 'done',
          comparing: true,
          ...(attachments.length > 0 ? { attachments } : {}),
        };
        const messages = [...conversation.messages, question];
        // Each model is checked against its own context; the history sent is the same for all,
        // from the latest start any of them needs.
        const plans = chosen.map((model) =>
          planContext(conversation, messages, options.contextLengthOf(model), trimOldest),
        );
        const contextStart = Math.max(...plans.map((p) => p.contextStart));
        const requests: ChatRequest[] = [];
        const prompts: number[] = [];
        for (const [i, model] of chosen.entries()) {
          const plan = { ...plans[i]!, contextStart };
          requests.push(await requestFor(conversation, model, messages, plan));
          prompts.push(
            plans[i]!.contextStart === contextStart
              ? plans[i]!.promptTokens
              : estimatePromptTokens({ ...conversation, contextStart, messages }),
          );
        }
        const answers = chosen.map((model) => freshAnswer(randomUUID(), model));
        // The first column is the path's answer; the others are its versions, each streamed in
        // place (the version lists hold the same objects the streams write to).
        const head = answers[0]!;
        head.alternatives = answers.slice(1).map((a) => [a]);
        head.alternativeIndex = 0;
        const saved = { messages: conversation.messages, contextStart: conversation.contextStart };
        const { title, updatedAt, messageCount } = conversation;
        conversation.messages = [...messages, head];
        conversation.contextStart = contextStart;
        await saveOrUndo(conversation, () =>
          Object.assign(conversation, { ...saved, title, updatedAt, messageCount }),
        );
        emitCompare({
          type: 'start',
          conversationId,
          question: { ...question },
          answers: answers.map((a) => withoutVersions({ ...a })),
          contextStart,
          questionIndex: messages.length - 1,
          summary: summaryOf(conversation),
        });
        for (const [i, answer] of answers.entries())
          run(conversation, answer, requests[i]!, prompts[i]!);
        return {
          questionId: question.id,
          answers: answers.map((a) => ({ messageId: a.id, model: a.model! })),
        };
      } finally {
        starting.delete(conversationId);
      }
    },

    async stop(conversationId, messageId) {
      const column = running.get(conversationId)?.get(messageId);
      if (!column) return { stopped: false };
      column.controller.abort();
      await column.finished;
      return { stopped: true };
    },

    async stopAll(conversationId) {
      const columns = [...(running.get(conversationId)?.values() ?? [])];
      for (const c of columns) c.controller.abort();
      await Promise.all(columns.map((c) => c.finished));
    },

    async retry(conversationId, messageId) {
      if (busy(conversationId) || starting.has(conversationId)) invalid(STILL_WRITING);
      if (running.get(conversationId)?.has(messageId))
        invalid('This answer is still being written.');
      const conversation = await library.get(conversationId);
      const at = conversation.messages.length - 1;
      const found = versionAt(conversation.messages, at, messageId);
      const question = conversation.messages[at - 1];
      if (!found || found.answer.role !== 'assistant' || question?.role !== 'user')
        throw serviceError('not_found', 'Only an answer of the last question can be tried again.');
      if (found.tail && found.tail.length > 1)
        invalid('This answer has a conversation after it; it cannot be tried again.');
      const { answer } = found;
      const model = answer.model ?? conversation.model;
      const sent = conversation.messages.slice(0, at);
      const plan = planContext(conversation, sent, options.contextLengthOf(model), false);
      const request = await requestFor(conversation, model, sent, plan);
      const fresh = freshAnswer(messageId, model);
      const { tail } = found;
      const saved = conversation.messages;
      if (tail) {
        tail[0] = fresh;
      } else {
        // The path's answer holds the other versions, whose streams may still write to them.
        if (answer.alternatives) fresh.alternatives = answer.alternatives;
        if (answer.alternativeIndex !== undefined) fresh.alternativeIndex = answer.alternativeIndex;
        conversation.messages = [...saved.slice(0, at), fresh];
      }
      await saveOrUndo(conversation, () => {
        if (tail) tail[0] = answer;
        else conversation.messages = saved;
      });
      emitCompare({ type: 'restart', conversationId, message: withoutVersions({ ...fresh }) });
      run(conversation, fresh, request, plan.promptTokens);
      return { messageId };
    },

    async choose(conversationId, messageId) {
      ensureIdle(conversationId);
      const conversation = await library.get(conversationId);
      const { messages } = conversation;
      const at = messages.findIndex((_, i) => versionAt(messages, i, messageId) !== null);
      if (at < 0) throw serviceError('not_found', 'That answer is no longer in the conversation.');
      const { index } = versionAt(messages, at, messageId)!;
      const next = switchVersion(conversation, messages[at]!.id, index) ?? conversation;
      const path = next.messages.slice();
      const question = path[at - 1];
      if (question?.comparing) {
        const chosen = { ...question };
        delete chosen.comparing;
        path[at - 1] = chosen;
      }
      const saved = { messages: conversation.messages, contextStart: conversation.contextStart };
      conversation.messages = path;
      conversation.contextStart = next.contextStart;
      await saveOrUndo(conversation, () => Object.assign(conversation, saved));
      return conversation;
    },

    isRunning,

    async settled(conversationId) {
      await Promise.all([...(running.get(conversationId)?.values() ?? [])].map((c) => c.finished));
    },

    async dispose() {
      const columns = [...running.values()].flatMap((c) => [...c.values()]);
      for (const c of columns) c.controller.abort();
      await Promise.all(columns.map((c) => c.finished));
    },
  };
}
