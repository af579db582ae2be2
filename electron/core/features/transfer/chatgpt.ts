// ChatGPT's conversations.json read into conversations: the path to current_node shown, other branches kept as versions, visible user and assistant text only.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { ChatMessage } from '../../../../shared/types';
import {
  TRANSFER_LIMITS,
  type TransferReport,
  type TransferSkip,
} from '../../../../shared/transfer';
import {
  CONVERSATION_VERSION,
  type ConversationOrigin,
  type StoredConversation,
} from '../../library/conversation-file';
import { contentHash, type Placer } from './placing';

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
  // ChatGPT's own ids for the conversation, when the export has them (not needed to read it).
  id: z.string().max(200).optional().catch(undefined),
  conversation_id: z.string().max(200).optional().catch(undefined),
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

/**
 * Sorts node ids in the order their parent lists them (unlisted last). Each place is looked up,
 * not searched for: a node of an export may have hundreds of thousands of children.
 */
function byPlaceIn(children: readonly string[] | undefined): (a: string, b: string) => number {
  const places = new Map<string, number>();
  children?.forEach((id, at) => {
    if (!places.has(id)) places.set(id, at);
  });
  const place = (id: string) => places.get(id) ?? Number.MAX_SAFE_INTEGER;
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

/** A fork being read: its children in order, each other one's tail once read. */
interface Fork {
  kids: string[];
  shown: string;
  /** The next child to read. */
  next: number;
  order: Array<{ id: string; tail: ChatMessage[] | null }>;
}

/**
 * One line of messages being read: the shown path (`path` set) or a branch ChatGPT does not show
 * (from `at` down the latest child at each fork). Its forks' other children are read first, each
 * as a walk of its own one level deeper; their tails become the versions of its next message.
 */
interface Walk {
  level: number;
  start: string;
  messages: ChatMessage[];
  pending: PendingVersions | null;
  /** The shown path and the place in it; null for a branch. */
  path: string[] | null;
  step: number;
  /** A branch's next node. */
  at: string | null;
  fork: Fork | null;
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

/** The versions a read fork gives, or null when no other branch had a visible message. */
function versionsOf(fork: Fork): PendingVersions | null {
  const others = fork.order.flatMap((entry) => (entry.tail ? [entry.tail] : []));
  if (others.length === 0) return null;
  return { others, index: fork.order.findIndex((entry) => entry.id === fork.shown) };
}

/** The node a walk reads next (marking a branch's as seen), or null at its end. */
function nextNode(walk: Walk, conversation: GptConversation, seen: Set<string>): string | null {
  if (walk.path) return walk.path[walk.step++] ?? null;
  const at = walk.at;
  if (at === null || seen.has(at) || !Object.hasOwn(conversation.mapping, at)) return null;
  seen.add(at);
  return at;
}

/**
 * The visible messages down the shown path, every other branch kept as versions at the place it
 * forks. Read with a stack of walks rather than by recursion, since forks inside hidden branches
 * may nest as deep as the export has nodes; past TRANSFER_LIMITS.versionDepth a hidden branch's
 * own forks are not read (`cut` says so), so the conversation stays readable everywhere.
 */
function readMessages(
  conversation: GptConversation,
  path: string[],
  fallbackTime: string,
): { messages: ChatMessage[]; cut: boolean } {
  // The shown path first, so no other branch can take its nodes.
  const seen = new Set(path);
  const walk = (start: string, level: number, shownPath: string[] | null): Walk => ({
    level,
    start,
    messages: [],
    pending: null,
    path: shownPath,
    step: 0,
    at: shownPath ? null : start,
    fork: null,
  });
  const root = walk(path[0] ?? '', 0, path);
  const stack: Walk[] = [root];
  let cut = false;
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const fork = top.fork;
    if (fork) {
      const id = fork.kids[fork.next++];
      if (id === undefined) {
        top.pending = versionsOf(fork);
        top.fork = null;
      } else if (id === fork.shown) {
        fork.order.push({ id, tail: null });
      } else {
        stack.push(walk(id, top.level + 1, null));
      }
      continue;
    }
    const nodeId = nextNode(top, conversation, seen);
    if (nodeId === null) {
      stack.pop();
      const parent = stack[stack.length - 1];
      if (parent?.fork && top.messages.length > 0)
        parent.fork.order.push({ id: top.start, tail: top.messages });
      continue;
    }
    const node = conversation.mapping[nodeId];
    const message = node?.message ? messageOf(node.message, fallbackTime) : null;
    if (message) {
      settle(message, top.pending);
      top.pending = null;
      top.messages.push(message);
    }
    const kids = childrenOf(conversation, nodeId, seen);
    let shown: string | undefined;
    let forkKids: string[] = [];
    if (top.path) {
      // Edited questions and regenerated answers: the other children of a node on the path.
      shown = top.path[top.step];
      if (shown !== undefined && kids.length > 0)
        forkKids = [...kids, shown].sort(byPlaceIn(node?.children));
    } else {
      shown = kids.at(-1);
      top.at = shown ?? null;
      if (kids.length > 1) forkKids = kids;
    }
    if (shown === undefined || forkKids.length === 0 || top.pending !== null) continue;
    if (top.level >= TRANSFER_LIMITS.versionDepth) cut = true;
    else top.fork = { kids: forkKids, shown, next: 0, order: [] };
  }
  return { messages: root.messages, cut };
}

/** A ChatGPT conversation as stored here, with where it came from. */
export type ChatGptConversation = StoredConversation & { origins: [ConversationOrigin] };

function toConversation(
  conversation: GptConversation,
  now: string,
): { conversation: ChatGptConversation; cut: boolean } {
  const createdAt = isoOf(conversation.create_time, now);
  const { messages, cut } = readMessages(conversation, activePath(conversation), createdAt);
  const model = messages.find((m) => m.model !== undefined)?.model ?? '';
  const title = (conversation.title ?? '').replace(/\s+/g, ' ').trim().slice(0, 300);
  const sourceId = conversation.id ?? conversation.conversation_id ?? '';
  return {
    conversation: {
      version: CONVERSATION_VERSION,
      id: randomUUID(),
      title,
      // ChatGPT's title stays: the first question does not replace it (issue 37).
      ...(title !== '' ? { titleEdited: true } : {}),
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
      // What was read of the export, hashed: the same conversation in a later export is known by
      // it, whatever ids and times this reading gave its messages.
      origins: [{ source: 'chatgpt', id: sourceId, hash: contentHash(conversation) }],
    },
    cut,
  };
}

export interface ChatGptRead {
  conversations: ChatGptConversation[];
  skipped: TransferSkip[];
}

/** Every conversation of the export that has visible text; the rest are reported as skipped. */
export function readChatGptExport(items: unknown[], now = new Date().toISOString()): ChatGptRead {
  const conversations: ChatGptConversation[] = [];
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
    const { conversation, cut } = toConversation(parsed.data, now);
    if (conversation.messages.length === 0) {
      skipped.push({ what: titled, reason: 'empty' });
      return;
    }
    conversations.push(conversation);
    if (cut) skipped.push({ what: titled, reason: 'too-deep' });
  });
  return { conversations, skipped };
}

/** Adds an export's conversations to the library; one already added (this export's or an earlier one's) is skipped. */
export async function importChatGptExport(
  items: unknown[],
  placer: Placer,
  report: TransferReport,
): Promise<void> {
  const read = readChatGptExport(items);
  report.skipped.push(...read.skipped);
  for (const conversation of read.conversations) {
    await placer.placeConversation(conversation, conversation.origins[0]);
  }
}
