// ChatGPT's conversations.json read into conversations: the path from current_node up to the root, visible user and assistant text only.
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

function toConversation(conversation: GptConversation, now: string): Conversation {
  const createdAt = isoOf(conversation.create_time, now);
  const messages: ChatMessage[] = [];
  for (const nodeId of activePath(conversation)) {
    const message = conversation.mapping[nodeId]?.message;
    if (!message) continue;
    const content = visibleText(message);
    if (content === '') continue;
    const slug = message.metadata?.['model_slug'];
    messages.push({
      id: randomUUID(),
      role: message.author.role as ChatMessage['role'],
      content,
      createdAt: isoOf(message.create_time, createdAt),
      ...(message.author.role === 'assistant' && typeof slug === 'string' && slug.length <= 200
        ? { model: slug }
        : {}),
      status: 'done',
    });
  }
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
