// Titles made by a model: after a conversation's first answer, one background request to the cheapest chat model (or the one chosen) names it; the answer is cleaned, and any failure keeps the first-words title.
import { summaryOf } from '../../../../shared/conversations';
import { MODEL_TITLE_MAX } from '../../../../shared/organise';
import type { PriceBasis } from '../../../../shared/prices';
import type { SpendRecord } from '../../../../shared/spending';
import { estimateTokens } from '../../../../shared/tokens';
import { titleModelFor } from '../../../../shared/titles';
import type { Conversation, ConversationSummary, ModelInfo } from '../../../../shared/types';
import type { StoredConversation } from '../../library/conversation-file';
import type { ConversationLibrary } from '../../library/conversations';
import type { ChatRequest, ServiceClient } from '../../service/types';
import { sentTokens } from './turn-request';

/** What the request asks; the simulator recognises "conversation title" in it. */
export const TITLE_INSTRUCTION =
  'Write a short conversation title (at most six words) for the exchange below, in the language of the conversation. Answer with the title only: no quotes, no label, no final period.';
/** How much of the question and of the answer is sent. */
const EXCERPT_CHARS = 1500;
const TITLE_MAX_TOKENS = 60;

/** Labels a model may put before the title, in English and Russian. */
const LABEL =
  /^(?:(?:conversation|chat|suggested|short)\s+)?(?:title|topic|subject|name|heading)\s*[:：\-–—]\s*|^(?:название|заголовок|тема|имя)(?:\s+(?:беседы|разговора|чата|диалога))?\s*[:：\-–—]\s*/iu;
const QUOTES = /^[\s"'“”„«»‘’‚`]+|[\s"'“”„«»‘’‚`]+$/gu;

function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.\-–—]+$/u, '') + '…';
}

/**
 * A model's answer made into a title: reasoning blocks, markdown, labels ("Title:",
 * "Название:"), quotes and a final period removed, whitespace collapsed, cut at a word near
 * `max` characters. null when nothing usable is left.
 */
export function cleanTitle(raw: string, max = MODEL_TITLE_MAX): string | null {
  const withoutThinking = raw.replace(/<think>[\s\S]*?(?:<\/think>|$)/giu, '');
  const line = withoutThinking
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.replace(/[#*_`>\-\s"'“”«»]/gu, '') !== '');
  if (!line) return null;
  let title = line
    .replace(/^#{1,6}\s*/u, '')
    .replace(/^>\s*/u, '')
    .replace(/^[-*+]\s+/u, '')
    .replace(/\*\*|__|`+/gu, '')
    .replace(/^\*(.*)\*$/u, '$1')
    .replace(/^_(.*)_$/u, '$1')
    .replace(/\s+/gu, ' ')
    .trim();
  // Labels, quotes and one final period (an ellipsis stays), in whatever order they wrap it.
  for (let before = ''; before !== title;) {
    before = title;
    title = title.replace(QUOTES, '').replace(LABEL, '').trim();
    if (/[^.]\.$/u.test(title)) title = title.slice(0, -1);
  }
  title = title.replace(/[\s,;:]+$/u, '').trim();
  if (title === '') return null;
  return cutAtWord(title, max);
}

export interface TitleSettings {
  autoTitle: boolean;
  /** '' for the cheapest chat model on the list (shared/titles.ts). */
  titleModel: string;
  /** How the list's token prices are read when the cheapest is chosen; absent: 'auto'. */
  priceBasis?: PriceBasis;
}

export interface TitlerOptions {
  library: Pick<ConversationLibrary, 'setModelTitle'>;
  client: Pick<ServiceClient, 'chat'>;
  settings: () => TitleSettings;
  /** The service's model list (cached), for the cheapest chat model. */
  models: () => Promise<ModelInfo[]>;
  /** The conversation's new list entry after a model named it. */
  onTitled: (summary: ConversationSummary) => void;
  /** Each naming request the service answered, for the spending ledger (a line of its own). */
  record?: (r: SpendRecord) => void;
  /** What the app says a title with `model` costs, before the request (the ledger keeps it). */
  estimate?: (model: string) => string | null;
}

export interface Titler {
  /** Call after an answer is saved: names the conversation if this was its first answer. */
  afterAnswer(conversation: Conversation): void;
  /** The same, awaited (tests): the title set, or null when none was. */
  nameNow(conversation: Conversation): Promise<string | null>;
  /** Cancels the requests in flight. */
  dispose(): Promise<void>;
}

function excerpt(text: string): string {
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
}

/** The request that names a conversation, or null when it has no answered question yet. */
export function titleRequest(conversation: Conversation, model: string): ChatRequest | null {
  const question = conversation.messages.find((m) => m.role === 'user' && m.content.trim() !== '');
  const answer = conversation.messages.find((m) => m.role === 'assistant' && m.status === 'done');
  if (!question || !answer || answer.content.trim() === '') return null;
  return {
    model,
    messages: [
      { role: 'system', content: TITLE_INSTRUCTION },
      {
        role: 'user',
        content: `${excerpt(question.content)}\n\n---\n\n${excerpt(answer.content)}`,
      },
    ],
    max_tokens: TITLE_MAX_TOKENS,
    temperature: 0.3,
  };
}

export function createTitler(options: TitlerOptions): Titler {
  const running = new Map<string, { controller: AbortController; done: Promise<unknown> }>();

  function wanted(conversation: Conversation): boolean {
    const stored = conversation as StoredConversation;
    if (!options.settings().autoTitle) return false;
    if (stored.titleEdited || stored.titleByModel) return false;
    if (running.has(conversation.id)) return false;
    // Only the first answer: later turns keep whatever title it got.
    const answers = conversation.messages.filter((m) => m.role === 'assistant');
    return answers.length === 1 && answers[0]!.status === 'done';
  }

  async function name(conversation: Conversation, controller: AbortController) {
    const settings = options.settings();
    try {
      // Without a list (it cannot be fetched now) the conversation's own model names it.
      const models =
        settings.titleModel.trim() === '' ? await options.models().catch(() => []) : [];
      const model = titleModelFor(
        settings.titleModel,
        models,
        settings.priceBasis ?? 'auto',
        conversation.model,
      );
      const request = titleRequest(conversation, model);
      if (!request) return null;
      const estimate = options.estimate?.(request.model) ?? null;
      // Background work: a person's own requests go first in the scheduler.
      const result = await options.client.chat(request, {
        priority: 'background',
        signal: controller.signal,
      });
      const usage = result.usage;
      const counted = usage && (usage.promptTokens !== null || usage.completionTokens !== null);
      options.record?.({
        feature: 'titles',
        model: request.model,
        conversationId: conversation.id,
        units: counted
          ? { promptTokens: usage.promptTokens ?? 0, completionTokens: usage.completionTokens ?? 0 }
          : { promptTokens: sentTokens(request), completionTokens: estimateTokens(result.content) },
        estimate,
        reported: usage?.cost ?? null,
      });
      const title = cleanTitle(result.content);
      if (title === null) return null;
      const named = await options.library.setModelTitle(conversation.id, title);
      if (!named) return null;
      options.onTitled(summaryOf(named));
      return title;
    } catch {
      // Nobody asked for this request: the first-line title stays and nothing is shown.
      return null;
    }
  }

  function start(conversation: Conversation): Promise<string | null> {
    if (!wanted(conversation)) return Promise.resolve(null);
    const controller = new AbortController();
    const done = name(conversation, controller).finally(() => running.delete(conversation.id));
    running.set(conversation.id, { controller, done });
    return done;
  }

  return {
    afterAnswer(conversation) {
      void start(conversation);
    },
    nameNow: start,
    async dispose() {
      const all = [...running.values()];
      for (const r of all) r.controller.abort();
      await Promise.allSettled(all.map((r) => r.done));
    },
  };
}
