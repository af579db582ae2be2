// The chat.*, conversations.* and attachments.* channels: turns streamed by the engine, the saved conversations, what a message carries.
import { summaryOf } from '../../../../shared/conversations';
import { chatTurnEstimate, chatTurnUnits } from '../../../../shared/estimates';
import { costOf } from '../../../../shared/prices';
import { CHAT_MODEL_WITHOUT_LIST } from '../../../../shared/model-defaults';
import { titleCost } from '../../../../shared/titles';
import type { Conversation } from '../../../../shared/types';
import { serviceError } from '../../service/errors';
import { modelForTask } from '../account/models';
import type { ChannelsOf, Feature, FeatureContext } from '../context';
import type { DocumentsFeature } from '../documents/feature';
import { estimateBefore } from '../spending/estimate';
import { assertAnswerFormat } from './answer-format';
import { createAttachments } from './attachments';
import { createCompareRunner } from './compare';
import { createChatEngine } from './engine';
import type { ChatEngineOptions } from './engine-options';
import { branchConversation } from './fork';
import { createConversationHistory } from './history';
import { createTitler } from './titles';
import type { ToolProvider } from './tool-provider';
import { toolTurnOptions } from './tool-options';

export type ChatChannel = ChannelsOf<'chat' | 'conversations' | 'attachments'>;

export interface ChatDeps {
  /** Document attachments are extracted and kept by the documents feature. */
  documents: Pick<DocumentsFeature, 'extract' | 'store'>;
  /** The MCP servers' tools; absent: no turn offers tools. */
  provider?: ToolProvider;
}

export async function openChatFeature(
  ctx: FeatureContext,
  deps: ChatDeps,
): Promise<Feature<ChatChannel>> {
  const { conversations, emit, state } = ctx;
  const attachments = createAttachments(ctx, deps.documents);
  const titler = createTitler({
    library: conversations,
    client: ctx.client,
    settings: () => state.current(),
    models: () => ctx.models.list(),
    onTitled: (summary) => emit('conversations.changed', { id: summary.id, summary }),
    record: (r) => ctx.spending.record(r),
    // A title's cost as Settings and the welcome screen show it: a typical title's.
    estimate: (model) =>
      estimateBefore(ctx, model, (info, basis) => {
        const cost = titleCost(info, basis);
        return cost === null ? null : { low: cost, high: cost };
      }),
  });
  const engineOptions: ChatEngineOptions = {
    library: conversations,
    client: ctx.client,
    contextLengthOf: (id) => ctx.models.contextLengthOf(id),
    emit: (event) => emit('chat.event', event),
    onPaidCall: () => ctx.balance.refreshSoon(),
    // Each request's line carries the model's per-call fee when the list states one, as the
    // estimate before it and the service's charge do.
    record: (r) =>
      ctx.spending.record({
        ...r,
        units: chatTurnUnits(
          ctx.models.modelOf(r.model),
          r.units.promptTokens ?? 0,
          r.units.completionTokens ?? 0,
        ),
      }),
    estimate: (model, amount) =>
      estimateBefore(ctx, model, (info, basis) => chatTurnEstimate(info, amount, basis)),
    priceOf: (model, units) => {
      const info = ctx.models.modelOf(model);
      return costOf(
        info,
        chatTurnUnits(info, units.promptTokens, units.completionTokens),
        state.current().priceBasis,
      );
    },
    attachments,
    onAnswered: (conversation) => titler.afterAnswer(conversation),
    badgesOf: (id) => ctx.models.badgesOf(id),
    tools: deps.provider ? toolTurnOptions(ctx, deps.provider) : undefined,
  };
  const chat = createChatEngine(engineOptions);
  const compare = createCompareRunner({
    ...engineOptions,
    emitCompare: (event) => emit('compare.event', event),
    busy: (id) => chat.isRunning(id),
  });
  const history = createConversationHistory({
    library: conversations,
    isRunning: (id) => chat.isRunning(id) || compare.isRunning(id),
  });

  /** A single turn waits while a compare's answers are written in the conversation. */
  function notComparing(conversationId: string): void {
    if (compare.isRunning(conversationId))
      throw serviceError(
        'invalid_input',
        'Answers are still being written in this conversation; stop them or wait for them to finish.',
      );
  }

  /** The list entry follows a change of the path (title, count, time). */
  function changed(conversation: Conversation): Conversation {
    emit('conversations.changed', { id: conversation.id, summary: summaryOf(conversation) });
    return conversation;
  }

  /** A turn without a service to ask would only save an error answer; say what is missing instead. */
  function ensureConnection(): void {
    if (state.current().baseUrl === '') {
      throw serviceError(
        'bad_base_url',
        'No service is set: enter the base URL in Settings, or use the demo service.',
      );
    }
    if (state.apiKey() === null) {
      throw serviceError('no_key', 'No API key is set: enter it in Settings.');
    }
  }

  return {
    handlers: {
      ...attachments.handlers,

      'conversations.list': ({ limit }) => {
        const list = conversations.list();
        return limit === undefined ? list : { ...list, items: list.items.slice(0, limit) };
      },

      'conversations.get': async ({ id, lastMessages }) => {
        const conversation = await conversations.get(id);
        const earlierMessages = conversation.messages.length - (lastMessages ?? Infinity);
        if (earlierMessages <= 0) return conversation;
        return {
          ...conversation,
          messages: conversation.messages.slice(earlierMessages),
          earlierMessages,
        };
      },

      'conversations.create': async ({ model, ...preset }) => {
        const conversation = await conversations.create({
          model: await modelForTask(
            ctx.models,
            'chat',
            model?.trim() || state.current().defaultModel,
            state.current().priceBasis,
            CHAT_MODEL_WITHOUT_LIST,
          ),
          ...preset,
        });
        emit('conversations.changed', { id: conversation.id, summary: summaryOf(conversation) });
        return conversation;
      },

      'conversations.update': async ({ id, ...patch }) => {
        assertAnswerFormat(patch.answerFormat);
        const conversation = await conversations.update(id, patch);
        emit('conversations.changed', { id, summary: summaryOf(conversation) });
        return conversation;
      },

      'conversations.fork': async (input) =>
        changed(await branchConversation(conversations, input, state.current().language)),

      'conversations.delete': async ({ id }) => {
        await chat.stop(id);
        await compare.stopAll(id);
        await conversations.remove(id);
        emit('conversations.changed', { id, summary: null });
        return { id };
      },

      'chat.send': ({ conversationId, text, trimOldest, attachments: attached }) => {
        ensureConnection();
        notComparing(conversationId);
        return chat.sendTurn({ conversationId, text, trimOldest, attachments: attached });
      },

      'chat.stop': ({ conversationId }) => chat.stop(conversationId),

      'chat.decideTool': (input) => chat.decideTool(input),

      'chat.regenerate': ({ conversationId, messageId, trimOldest }) => {
        ensureConnection();
        notComparing(conversationId);
        return chat.regenerate({ conversationId, messageId, trimOldest });
      },

      'chat.edit': ({ conversationId, messageId, text, trimOldest }) => {
        ensureConnection();
        notComparing(conversationId);
        return chat.editAndResend({ conversationId, messageId, text, trimOldest });
      },

      'chat.continue': ({ conversationId, messageId, trimOldest }) => {
        ensureConnection();
        notComparing(conversationId);
        return chat.continueAnswer({ conversationId, messageId, trimOldest });
      },

      'chat.switchVersion': async (input) => changed(await history.switchVersion(input)),

      'chat.deleteMessage': async (input) => {
        const done = await history.deleteMessage(input);
        changed(done.conversation);
        return done;
      },

      'chat.undoDelete': async (input) => changed(await history.undoDelete(input)),

      'chat.compare': (input) => {
        ensureConnection();
        return compare.start(input);
      },
      'chat.compareStop': ({ conversationId, messageId }) =>
        compare.stop(conversationId, messageId),
      'chat.compareRetry': ({ conversationId, messageId }) => {
        ensureConnection();
        return compare.retry(conversationId, messageId);
      },
      'chat.compareChoose': async ({ conversationId, messageId }) =>
        changed(await compare.choose(conversationId, messageId)),
    },
    dispose: async () => {
      await chat.dispose();
      await compare.dispose();
      await titler.dispose();
    },
  };
}
