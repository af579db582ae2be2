// A conversation's file form and the index file's, as checked when read back from disk.
import { z } from 'zod';
import { MCP_FAILURE_KINDS } from '../../../shared/tools';
import { CREDITS_TEXT } from '../../../shared/spending';
import type { Conversation, ConversationSummary } from '../../../shared/types';

/**
 * Where an imported or restored conversation came from: the kind of source, the source's own id
 * for it, and a hash of its content there. An import finds by these what it has added before.
 */
export interface ConversationOrigin {
  /** 'chatgpt' (conversations.json) or 'atelier' (the app's JSON export or a backup). */
  source: string;
  id: string;
  /** SHA-256 (hex) of the content as the source held it. */
  hash: string;
}

/** The key an origin is looked up by: the same content from the same kind of source. */
export function originKey(origin: ConversationOrigin): string {
  return `${origin.source}:${origin.hash}`;
}

/** The file form: the domain type plus whether the user named it (then it is no longer derived). */
export interface StoredConversation extends Conversation {
  /** The title was given (by the person, or by the file it was imported from): it is kept. */
  titleEdited?: boolean;
  /** A model named it after the first answer: the first message no longer sets the title. */
  titleByModel?: boolean;
  /** The imports and restores that brought it, oldest first (absent: made here). */
  origins?: ConversationOrigin[];
}

export interface IndexEntry extends ConversationSummary {
  /** File size and mtime when the summary was taken: a mismatch at startup means re-read the file. */
  size: number;
  mtimeMs: number;
  /** A message was still streaming at the last save: check it for crash recovery at startup. */
  streaming: boolean;
  /** originKey of each of its origins (absent: none), so an import finds them without the files. */
  origins?: string[];
}

export const INDEX_VERSION = 1;
/** The conversation file's form: 2 added message versions (alternatives); 1 still loads as is. */
export const CONVERSATION_VERSION = 2;

const usageSchema = z.object({
  promptTokens: z.number().nullable(),
  completionTokens: z.number().nullable(),
  totalTokens: z.number().nullable(),
  cost: z.string().nullable(),
  estimated: z.boolean().optional(),
});

const userErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  status: z.number().nullable(),
  retryable: z.boolean(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});

interface MessageShape {
  alternatives?: MessageShape[][];
}

const toolRoundSchema = z.object({
  content: z.string(),
  calls: z.array(
    z.object({
      id: z.string(),
      wireName: z.string(),
      serverId: z.string(),
      serverName: z.string(),
      tool: z.string(),
      arguments: z.string(),
      state: z.enum(['asking', 'running', 'done', 'denied', 'failed', 'stopped']),
      result: z
        .array(
          z.discriminatedUnion('type', [
            z.object({ type: z.literal('text'), text: z.string() }),
            z.object({ type: z.literal('image'), mime: z.string(), uploadId: z.string() }),
            z.object({
              type: z.literal('resource_link'),
              uri: z.string(),
              name: z.string().optional(),
              mime: z.string().optional(),
            }),
            z.object({ type: z.literal('other'), note: z.string() }),
          ]),
        )
        .optional(),
      error: z.string().optional(),
      failure: z
        .object({
          kind: z.enum([
            'not_offered',
            'bad_json',
            'invalid_arguments',
            'server_down',
            'timeout',
            'unknown_tool',
            'tool_error',
          ]),
          detail: z.string().optional(),
        })
        .optional(),
    }),
  ),
});

const baseMessageSchema = z.object({
  id: z.string().min(1),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  reasoning: z.string().optional(),
  createdAt: z.string(),
  model: z.string().optional(),
  status: z.enum(['done', 'streaming', 'stopped', 'error', 'interrupted']),
  usage: usageSchema.optional(),
  error: userErrorSchema.optional(),
  attachments: z
    .array(
      z.object({
        // Every kind a message can carry (shared/attachments.ts): a text file's message was read
        // as damaged and set aside at the next start.
        kind: z.enum(['image', 'audio', 'document', 'text']),
        fileId: z.string().optional(),
        mediaId: z.string().optional(),
        documentId: z.string().optional(),
        name: z.string(),
        mime: z.string(),
        size: z.number(),
        tokens: z.number(),
        pages: z.number().optional(),
        format: z.string().optional(),
        // A picture sent by its address (issue 41); older files have none.
        url: z.string().optional(),
      }),
    )
    .optional(),
  alternativeIndex: z.number().int().min(0).optional(),
  toolRounds: z.array(toolRoundSchema).optional(),
  toolRoundLimit: z.number().int().min(1).optional(),
  toolsUnavailable: z
    .array(
      z.object({
        serverName: z.string(),
        reason: z.string(),
        failure: z.object({ kind: z.enum(MCP_FAILURE_KINDS), detail: z.string() }).optional(),
      }),
    )
    .optional(),
  jsonCheck: z
    .object({
      parsed: z.boolean(),
      valid: z.boolean().nullable(),
      problems: z.array(z.string()),
      fenced: z.boolean().optional(),
      withoutBadge: z.boolean().optional(),
    })
    .optional(),
  sources: z
    .array(z.object({ url: z.string(), title: z.string().optional(), site: z.string() }))
    .optional(),
  cutAtMaxTokens: z.boolean().optional(),
  comparing: z.boolean().optional(),
  timing: z
    .object({
      firstTokenMs: z.number().nonnegative().nullable(),
      streamMs: z.number().nonnegative(),
    })
    .optional(),
});

type StoredMessage = z.infer<typeof baseMessageSchema> & MessageShape;

/** One message, its other versions (tails of messages of the same shape) left to `messagesSchema`. */
const messageSchema = baseMessageSchema.extend({
  alternatives: z.array(z.array(z.unknown()).min(1)).optional(),
});

/**
 * Messages and every version inside them, checked by a walk, not by recursion: a conversation
 * imported with thousands of nested forks is that deep, and a recursive check ran out of stack
 * at 700 of them (then the file could not be read, nor its words indexed). Each message comes out
 * as its own check gives it; a wrong one is reported at its whole path.
 */
const messagesSchema = z.array(z.unknown()).transform((messages, ctx): StoredMessage[] => {
  interface Tail {
    list: unknown[];
    from: Tail | null;
    /** Where it sits in the tail it comes from: [message, 'alternatives', version]. */
    at: (string | number)[];
  }
  /** The tail's place among the messages, read up through its parents (a walk too). */
  const pathOf = (tail: Tail): (string | number)[] => {
    const parts: (string | number)[][] = [];
    for (let t: Tail | null = tail; t !== null; t = t.from) parts.push(t.at);
    return parts.reverse().flat();
  };
  const pending: Tail[] = [{ list: messages, from: null, at: [] }];
  while (pending.length > 0) {
    const tail = pending.pop()!;
    for (let i = 0; i < tail.list.length; i++) {
      const checked = messageSchema.safeParse(tail.list[i]);
      if (!checked.success) {
        const where = [...pathOf(tail), i];
        for (const issue of checked.error.issues)
          ctx.addIssue({ code: 'custom', message: issue.message, path: [...where, ...issue.path] });
        return z.NEVER;
      }
      tail.list[i] = checked.data;
      checked.data.alternatives?.forEach((list, version) =>
        pending.push({ list, from: tail, at: [i, 'alternatives', version] }),
      );
    }
  }
  return messages as StoredMessage[];
});

const assistantSchema = z.object({ id: z.string(), name: z.string() }).optional().catch(undefined);

export const conversationSchema = z.object({
  // Version 1 files have no versions of messages: they read as version 2 unchanged.
  version: z
    .union([z.literal(1), z.literal(CONVERSATION_VERSION)])
    .transform(() => CONVERSATION_VERSION),
  id: z.string(),
  title: z.string(),
  pinned: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  model: z.string(),
  messageCount: z.number().optional(),
  systemPrompt: z.string().default(''),
  temperature: z.number().nullable().default(null),
  maxTokens: z.number().nullable().default(null),
  maxTokensByAccount: z.boolean().optional(),
  contextStart: z.number().int().min(0).default(0),
  messages: messagesSchema,
  titleEdited: z.boolean().optional(),
  titleByModel: z.boolean().optional(),
  // Only a memory of imports: a damaged one is dropped rather than costing the conversation.
  origins: z
    .array(
      z.object({
        source: z.string().max(50),
        id: z.string().max(500),
        hash: z.string().regex(/^[0-9a-f]{64}$/),
      }),
    )
    .optional()
    .catch(undefined),
  // Files written before folders and the archive have neither: no folder, not archived.
  folderId: z.string().nullable().default(null),
  archived: z.boolean().default(false),
  tools: z.object({ enabled: z.boolean(), servers: z.array(z.string()).nullable() }).optional(),
  answerFormat: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('text') }),
      z.object({ type: z.literal('json') }),
      z.object({
        type: z.literal('json_schema'),
        name: z.string(),
        schema: z.record(z.string(), z.unknown()),
      }),
    ])
    .optional(),
  // Only a limit the person set: one that cannot be read is dropped, never the conversation.
  budget: z.string().regex(CREDITS_TEXT).nullable().optional().catch(undefined),
  // Only a label: one that cannot be read is dropped, never the conversation.
  assistant: assistantSchema,
});

export const indexSchema = z.object({
  version: z.literal(INDEX_VERSION),
  entries: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      pinned: z.boolean(),
      createdAt: z.string(),
      updatedAt: z.string(),
      model: z.string(),
      messageCount: z.number(),
      folderId: z.string().nullable().default(null),
      archived: z.boolean().default(false),
      assistant: assistantSchema,
      size: z.number(),
      mtimeMs: z.number(),
      streaming: z.boolean(),
      origins: z.array(z.string()).optional(),
    }),
  ),
});
