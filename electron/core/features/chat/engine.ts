// Chat turns: send, regenerate, edit and continue shape the conversation, check the context, save, start the answer's stream (answer-stream.ts); stop, tool decisions.
import { randomUUID } from 'node:crypto';
import { estimatePromptTokens } from '../../../../shared/tokens';
import type { MessageAttachment } from '../../../../shared/attachments';
import { summaryOf } from '../../../../shared/conversations';
import { versionsForNewTail } from '../../../../shared/versions';
import type { ChatMessage } from '../../../../shared/types';
import { applyAnswerFormat } from './answer-format';
import { askKey, streamAnswer } from './answer-stream';
import type { ChatEngineOptions } from './engine-options';
import { ServiceError, serviceError } from '../../service/errors';
import { toolsWanted, type ToolDecision } from './tools';
import { attachmentParts } from './turn-attachments';
import { buildChatRequest, planContext } from './turn-request';

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
   * Goes on writing a cut answer (stopped, interrupted, failed with text, or ended at max_tokens):
   * the history with that answer and a short instruction (not saved) is sent, and the new text is
   * added to it.
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

function invalid(message: string): ServiceError {
  return serviceError('invalid_input', message);
}

export function createChatEngine(options: ChatEngineOptions): ChatEngine {
  const { library, emit } = options;
  const now = options.now ?? (() => new Date());
  const running = new Map<string, RunningTurn>();
  /** Tool calls waiting for the person, by conversation, message and call id. */
  const asking = new Map<string, (decision: ToolDecision) => void>();

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
        await attachmentParts(options.attachments, conversation.model, sent.slice(contextStart)),
      );
      applyAnswerFormat(request, conversation.answerFormat);
      // What the first save changes, put back if the disk refuses it (a full disk): memory stays
      // as on disk, with no empty answer left 'streaming'.
      const { title, updatedAt, messageCount, contextStart: savedStart } = conversation;
      const savedMessages = conversation.messages;
      const { status: lastStatus, error: lastError, cutAtMaxTokens: lastCut } = last;
      let answer: ChatMessage;
      if (continuing) {
        answer = last;
        answer.status = 'streaming';
        delete answer.error;
        delete answer.cutAtMaxTokens;
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
          if (lastCut) last.cutAtMaxTokens = lastCut;
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
      void streamAnswer(
        { options, asking },
        conversation,
        answer,
        request,
        promptTokens,
        controller,
        useTools,
      ).finally(() => {
        running.delete(conversationId);
        finish();
      });
      return { messageId: answer.id };
    } catch (e) {
      running.delete(conversationId);
      finish();
      throw e;
    }
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
        const cut = CUT_STATUSES.has(answer.status) || answer.cutAtMaxTokens === true;
        if (!cut || answer.content.trim() === '')
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
