// ChatGPT's conversations.json read into conversations: the path to current_node shown, other branches kept as versions, visible user and assistant text only.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { ChatMessage, Conversation } from '../../../../shared/types';
import type { TransferSkip } from '../../../../shared/transfer';
import { CONVERSATION_VERSION } from '../../library/conversation-file';

const messageSchema = z.object({
  id: z.string().optional(),
  author: z.object({ role: z.string() }),
  content: z.object({
    content_type: z.string(),
    parts: z.array(z.unknown()).optional(),
  }),
  create_time: z.number().nullable().optional(),
  recipient: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
});

const nodeSchema = z.object({
  message: messageSchema.nullable().optional(),
  parent: z.string().nullable().optional(),
  children: z.array(z.string()).optional(),
});

const conversationSchema = z.object({
  title: z.string().nullable().optional(),
  create_time: z.number().nullable().optional(),
  update_time: z.number().nullable().optional(),
  mapping: z.record(z.string(), nodeSchema),
  current_node: z.string().nullable().optional(),
});

type GptMessage = z.infer<typeof messageSchema>;
type GptConversation = z.infer<typeof conversationSchema>;

/** Whether a value looks like ChatGPT's export (an array of objects with a mapping). */
export function looksLikeChatGpt(value: unknown): value is unknown[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    typeof value[0] === 'object' &&
    value[0] !== null &&
    'mapping' in value[0]
  );
}

function isoOf(seconds: number | null | undefined, fallback: string): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return fallback;
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? fallback : date.toISOString();
}

/** The visible text of a message, or '' for what a person does not see in ChatGPT. */
function visibleText(message: GptMessage): string {
  const role = message.author.role;
  if (role !== 'user' && role !== 'assistant') return '';
  if (message.recipient !== undefined && message.recipient !== 'all') return '';
  const meta = message.metadata ?? {};
  if (meta['is_visually_hidden_from_conversation'] === true) return '';
  const type = message.content.content_type;
  if (type !== 'text' && type !== 'multimodal_text') return '';
  const parts = (message.content.parts ?? []).filter((p): p is string => typeof p === 'string');
  return parts.join('\n').trim();
}

/** Sorts node ids in the order their parent lists them (unlisted last). */
function byPlaceIn(children: readonly string[] | undefined): (a: string, b: string) => number {
  const place = (id: string) => {
    const at = children?.indexOf(id) ?? -1;
    return at < 0 ? Number.MAX_SAFE_INTEGER : at;
  };
  return (a, b) => place(a) - place(b);
}

/** Node ids from the root down to current_node (a loop in the parents ends the walk). */
function activePath(conversation: GptConversation): string[] {
  const path: string[] = [];
  const seen = new Set<string>();
  let at = conversation.current_node ?? null;
  while (at !== null && !seen.has(at) && Object.hasOwn(conversation.mapping, at)) {
    seen.add(at);
    path.push(at);
    at = conversation.mapping[at]?.parent ?? null;
  }
  return path.reverse();
}

function messageOf(message: GptMessage, fallbackTime: string): ChatMessage | null {
  const content = visibleText(message);
  if (content === '') return null;
  const slug = message.metadata?.['model_slug'];
  return {
    id: randomUUID(),
    role: message.author.role as ChatMessage['role'],
    content,
    createdAt: isoOf(message.create_time, fallbackTime),
    ...(message.author.role === 'assistant' && typeof slug === 'string' && slug.length <= 200
      ? { model: slug }
      : {}),
    status: 'done',
  };
}

/** Versions waiting for the next visible message: the other branches of a fork and where the shown one sits. */
interface PendingVersions {
  others: ChatMessage[][];
  index: number;
}

/**
 * The other children of a fork as tails (each the visible messages down its latest branch, with
 * its own forks as versions), and the place of the child that is shown among them.
 */
function forkOf(
  conversation: GptConversation,
  kids: readonly string[],
  shown: string,
  seen: Set<string>,
  fallbackTime: string,
): PendingVersions | null {
  const order: Array<{ id: string; tail: ChatMessage[] | null }> = [];
  for (const id of kids) {
    if (id === shown) order.push({ id, tail: null });
    else {
      const tail = branchFrom(conversation, id, seen, fallbackTime);
      if (tail.length > 0) order.push({ id, tail });
    }
  }
  const others = order.flatMap((entry) => (entry.tail ? [entry.tail] : []));
  if (others.length === 0) return null;
  return { others, index: order.findIndex((entry) => entry.id === shown) };
}

function childrenOf(conversation: GptConversation, id: string, seen: Set<string>): string[] {
  return (conversation.mapping[id]?.children ?? []).filter(
    (child) => Object.hasOwn(conversation.mapping, child) && !seen.has(child),
  );
}

/** Puts waiting versions on the message that starts the shown branch. */
function settle(message: ChatMessage, pending: PendingVersions | null): void {
  if (!pending) return;
  message.alternatives = pending.others;
  message.alternativeIndex = Math.max(0, pending.index);
}

/** A branch ChatGPT does not show: from `start` down the latest child at each fork. */
function branchFrom(
  conversation: GptConversation,
  start: string,
  seen: Set<string>,
  fallbackTime: string,
): ChatMessage[] {
  const tail: ChatMessage[] = [];
  let pending: PendingVersions | null = null;
  let at: string | null = start;
  while (at !== null && !seen.has(at) && Object.hasOwn(conversation.mapping, at)) {
    seen.add(at);
    const node = conversation.mapping[at];
    const message = node?.message ? messageOf(node.message, fallbackTime) : null;
    if (message) {
      settle(message, pending);
      pending = null;
      tail.push(message);
    }
    const kids = childrenOf(conversation, at, seen);
    const next = kids.at(-1) ?? null;
    if (next !== null && kids.length > 1 && pending === null)
      pending = forkOf(conversation, kids, next, seen, fallbackTime);
    at = next;
  }
  return tail;
}

function toConversation(conversation: GptConversation, now: string): Conversation {
  const createdAt = isoOf(conversation.create_time, now);
  const messages: ChatMessage[] = [];
  const path = activePath(conversation);
  // The shown path first, so no other branch can take its nodes.
  const seen = new Set(path);
  let pending: PendingVersions | null = null;
  path.forEach((nodeId, i) => {
    const node = conversation.mapping[nodeId];
    const message = node?.message ? messageOf(node.message, createdAt) : null;
    if (message) {
      settle(message, pending);
      pending = null;
      messages.push(message);
    }
    // Edited questions and regenerated answers: the other children of a node on the path.
    const shown = path[i + 1];
    const kids = childrenOf(conversation, nodeId, seen);
    if (shown !== undefined && kids.length > 0 && pending === null)
      pending = forkOf(
        conversation,
        [...kids, shown].sort(byPlaceIn(node?.children)),
        shown,
        seen,
        createdAt,
      );
  });
  const model = messages.find((m) => m.model !== undefined)?.model ?? '';
  return {
    version: CONVERSATION_VERSION,
    id: randomUUID(),
    title: (conversation.title ?? '').replace(/\s+/g, ' ').trim().slice(0, 300),
    pinned: false,
    createdAt,
    updatedAt: isoOf(conversation.update_time, createdAt),
    model,
    messageCount: messages.length,
    systemPrompt: '',
    temperature: null,
    maxTokens: null,
    contextStart: 0,
    messages,
  };
}

export interface ChatGptRead {
  conversations: Conversation[];
  skipped: TransferSkip[];
}

/** Every conversation of the export that has visible text; the rest are reported as skipped. */
export function readChatGptExport(items: unknown[], now = new Date().toISOString()): ChatGptRead {
  const conversations: Conversation[] = [];
  const skipped: TransferSkip[] = [];
  items.forEach((item, index) => {
    const parsed = conversationSchema.safeParse(item);
    const titled =
      typeof item === 'object' &&
      item !== null &&
      typeof (item as GptConversation).title === 'string'
        ? String((item as GptConversation).title).slice(0, 120)
        : `#${index + 1}`;
    if (!parsed.success) {
      skipped.push({ what: titled, reason: 'malformed' });
      return;
    }
    const conversation = toConversation(parsed.data, now);
    if (conversation.messages.length === 0) skipped.push({ what: titled, reason: 'empty' });
    else conversations.push(conversation);
  });
  return { conversations, skipped };
}
