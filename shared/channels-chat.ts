// The channels of chat: conversations, turns, attachments, folders, assistants and MCP servers.
import { z } from 'zod';
import { MAX_ATTACHMENTS, type MessageAttachment, PICTURE_ADDRESS_MAX_CHARS } from './attachments';
import type { InvokeChannel } from './channel-names';
import type {
  Assistant,
  ChatEvent,
  Conversation,
  OpenedConversation,
  ConversationList,
  ConversationSummary,
  Folder,
} from './types';
import { ANSWER_SCHEMA_MAX_CHARS, ANSWER_SCHEMA_NAME } from './answer-format';
import { MCP_LIMITS, mcpServerName, mcpTransportSchema } from './mcp';
import type { McpServerView } from './tools';
import { ASSISTANT_NAME_MAX, FOLDER_NAME_MAX } from './organise';
import { credits, id, text } from './channels-fields';
import { COMPARE_MODELS, type CompareEvent } from './compare';

const folderName = z.string().trim().min(1).max(FOLDER_NAME_MAX);

/** An attachment as attachments.prepare answered it; core re-reads the file, so names are only shown. */
const messageAttachment = z
  .object({
    kind: z.enum(['image', 'audio', 'document', 'text']),
    fileId: id.optional(),
    mediaId: id.optional(),
    documentId: id.optional(),
    name: z.string().max(500),
    mime: z.string().max(200),
    size: z.number().int().min(0),
    tokens: z.number().int().min(0),
    pages: z.number().int().min(0).optional(),
    format: z.string().max(20).optional(),
    /** A picture by address: core checks it is http(s) again before it is sent. */
    url: z.string().max(PICTURE_ADDRESS_MAX_CHARS).optional(),
  })
  .strict();

/** A conversation's Answer format; a schema must be an object and fit the size cap. */
const answerFormatInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text') }).strict(),
  z.object({ type: z.literal('json') }).strict(),
  z
    .object({
      type: z.literal('json_schema'),
      name: z.string().regex(ANSWER_SCHEMA_NAME),
      schema: z
        .record(z.string(), z.unknown())
        .refine((schema) => JSON.stringify(schema).length <= ANSWER_SCHEMA_MAX_CHARS, {
          message: `The schema is longer than ${ANSWER_SCHEMA_MAX_CHARS} characters.`,
        }),
    })
    .strict(),
]);

export const chatInvokeSchemas = {
  // `limit`: only the list's first page (the start paints it before the rest arrives).
  'conversations.list': z.object({ limit: z.number().int().positive().optional() }).strict(),
  'conversations.get': z
    .object({
      id,
      /** Only the last messages (a long conversation opening shows these first). */
      lastMessages: z.number().int().min(1).max(1000).optional(),
    })
    .strict(),
  'conversations.create': z
    .object({
      model: z.string().max(200).optional(),
      /** Started from an assistant: its prompt and parameters. */
      systemPrompt: z.string().max(200_000).optional(),
      temperature: z.number().min(0).max(2).nullable().optional(),
      maxTokens: z.number().int().min(1).max(1_000_000).nullable().optional(),
      folderId: id.nullable().optional(),
      /** The assistant it is started from, shown with the conversation. */
      assistant: z
        .object({ id: z.string().max(200), name: z.string().max(200) })
        .strict()
        .optional(),
    })
    .strict(),
  'conversations.update': z
    .object({
      id,
      title: z.string().max(300).optional(),
      pinned: z.boolean().optional(),
      model: z.string().max(200).optional(),
      systemPrompt: z.string().max(200_000).optional(),
      temperature: z.number().min(0).max(2).nullable().optional(),
      maxTokens: z.number().int().min(1).max(1_000_000).nullable().optional(),
      /** Send no max_tokens: the account's own setting decides the answer's length. */
      maxTokensByAccount: z.boolean().optional(),
      folderId: id.nullable().optional(),
      archived: z.boolean().optional(),
      answerFormat: answerFormatInput.optional(),
      tools: z
        .object({ enabled: z.boolean(), servers: z.array(z.string().max(200)).max(200).nullable() })
        .optional(),
      /** The conversation's own budget in credits; null: none. */
      budget: credits.nullable().optional(),
    })
    .strict(),
  'conversations.delete': z.object({ id }).strict(),
  /** A new conversation holding the path up to and including the message, with the same settings. */
  'conversations.fork': z.object({ id, messageId: id }).strict(),
  'chat.send': z
    .object({
      conversationId: id,
      text,
      trimOldest: z.boolean().optional(),
      attachments: z.array(messageAttachment).max(MAX_ATTACHMENTS).optional(),
    })
    .strict(),
  'chat.stop': z.object({ conversationId: id }).strict(),
  /** The person's answer to a tool call that waits for it. */
  'chat.decideTool': z
    .object({
      conversationId: id,
      messageId: id,
      callId: z.string().min(1).max(200),
      decision: z.enum(['allow', 'deny', 'always']),
    })
    .strict(),
  'chat.regenerate': z
    .object({ conversationId: id, messageId: id.optional(), trimOldest: z.boolean().optional() })
    .strict(),
  'chat.edit': z
    .object({ conversationId: id, messageId: id, text, trimOldest: z.boolean().optional() })
    .strict(),
  /** Goes on writing a cut answer (the last one) into the same message. */
  'chat.continue': z
    .object({ conversationId: id, messageId: id, trimOldest: z.boolean().optional() })
    .strict(),
  /** Shows version `index` (from 0) at the message's place; the rest of the path follows it. */
  'chat.switchVersion': z
    .object({ conversationId: id, messageId: id, index: z.number().int().min(0).max(100_000) })
    .strict(),
  /** Deletes one message (or, when its place has other versions, only that version). */
  'chat.deleteMessage': z
    .object({ conversationId: id, messageId: id, withAnswer: z.boolean().optional() })
    .strict(),
  /** Puts a deleted message back where it was. */
  'chat.undoDelete': z.object({ conversationId: id, undoToken: id }).strict(),
  /** One question to 2 to 4 models at once; the answers are versions of one answer (shared/compare.ts). */
  'chat.compare': z
    .object({
      conversationId: id,
      text,
      models: z
        .array(z.string().trim().min(1).max(200))
        .min(COMPARE_MODELS.min)
        .max(COMPARE_MODELS.max),
      trimOldest: z.boolean().optional(),
      attachments: z.array(messageAttachment).max(MAX_ATTACHMENTS).optional(),
    })
    .strict(),
  /** Stops one column of a compare; the others go on. */
  'chat.compareStop': z.object({ conversationId: id, messageId: id }).strict(),
  /** Streams one failed or stopped column of the last compare again, alone. */
  'chat.compareRetry': z.object({ conversationId: id, messageId: id }).strict(),
  /** "Continue with this answer": it becomes the path's answer, the others stay its versions. */
  'chat.compareChoose': z.object({ conversationId: id, messageId: id }).strict(),
  /** An upload, or a picture already in the library (Images' "Send to chat"), made ready to send. */
  'attachments.prepare': z.union([
    z.object({ fileId: id }).strict(),
    z.object({ mediaId: id }).strict(),
    /** A picture by its http(s) address, sent as the address: nothing is fetched. */
    z.object({ url: z.string().max(PICTURE_ADDRESS_MAX_CHARS) }).strict(),
  ]),
  'folders.list': z.object({}).strict(),
  'folders.create': z.object({ name: folderName }).strict(),
  'folders.rename': z.object({ id, name: folderName }).strict(),
  /** Its conversations stay, in no folder. */
  'folders.delete': z.object({ id }).strict(),
  'assistants.list': z.object({}).strict(),
  /** Creates (no id) or changes one of the person's own assistants. */
  'assistants.save': z
    .object({
      id: id.optional(),
      name: z.string().trim().min(1).max(ASSISTANT_NAME_MAX),
      systemPrompt: z.string().max(200_000),
      model: z.string().max(200),
      temperature: z.number().min(0).max(2).nullable(),
      maxTokens: z.number().int().min(1).max(1_000_000).nullable(),
    })
    .strict(),
  'assistants.delete': z.object({ id }).strict(),
  'mcp.list': z.object({}).strict(),
  /** `{"mcpServers": {...}}` as other apps write it; checked by parseMcpImport. */
  'mcp.import': z.object({ json: z.string().max(MCP_LIMITS.importChars * 4) }).strict(),
  'mcp.add': z.object({ name: mcpServerName, transport: mcpTransportSchema }).strict(),
  'mcp.update': z
    .object({ id, name: mcpServerName.optional(), transport: mcpTransportSchema.optional() })
    .strict(),
  'mcp.remove': z.object({ id }).strict(),
  'mcp.setEnabled': z.object({ id, enabled: z.boolean() }).strict(),
  'mcp.setToolEnabled': z
    .object({ id, tool: z.string().min(1).max(512), enabled: z.boolean() })
    .strict(),
  /** Starts a stopped or failed server, or stops and starts a running one. */
  'mcp.restart': z.object({ id }).strict(),
  'mcp.confirmAddress': z.object({ id }).strict(),
  'mcp.stderr': z.object({ id }).strict(),
  'mcp.problems': z.object({}).strict(),
} as const satisfies Partial<Record<InvokeChannel, z.ZodType>>;

export interface ChatInvokeOutputs {
  'conversations.list': ConversationList;
  'conversations.get': OpenedConversation;
  'conversations.create': Conversation;
  'conversations.update': Conversation;
  'conversations.delete': { id: string };
  'conversations.fork': Conversation;
  /** The new assistant message's id; the answer itself arrives as chat.event. */
  'chat.send': { messageId: string };
  'chat.stop': { stopped: boolean };
  'chat.decideTool': { decided: boolean };
  'chat.regenerate': { messageId: string };
  'chat.edit': { messageId: string };
  'chat.continue': { messageId: string };
  'chat.switchVersion': Conversation;
  /**
   * version: the message's place had other versions and only this one went (its neighbour shows);
   * turn: a question went with its answer.
   */
  'chat.deleteMessage': {
    conversation: Conversation;
    undoToken: string;
    kind: 'message' | 'version' | 'turn';
  };
  'chat.undoDelete': Conversation;
  /** The saved question and each model's answer id, in column order; the answers arrive as compare.event. */
  'chat.compare': { questionId: string; answers: Array<{ messageId: string; model: string }> };
  'chat.compareStop': { stopped: boolean };
  'chat.compareRetry': { messageId: string };
  'chat.compareChoose': Conversation;
  'attachments.prepare': MessageAttachment;
  /** Folders by name. */
  'folders.list': Folder[];
  'folders.create': Folder;
  'folders.rename': Folder;
  'folders.delete': { id: string };
  /** Built-in ones first (in the person's language), then the person's own by name. */
  'assistants.list': Assistant[];
  'assistants.save': Assistant;
  'assistants.delete': { id: string };
  /** In the order they were added. */
  'mcp.list': McpServerView[];
  /** Names added and names updated (same name: its configuration replaced). */
  'mcp.import': { added: string[]; updated: string[]; servers: McpServerView[] };
  'mcp.add': McpServerView;
  'mcp.update': McpServerView;
  'mcp.remove': { id: string };
  'mcp.setEnabled': McpServerView;
  'mcp.setToolEnabled': McpServerView;
  /** Answers once the server connected or failed. */
  'mcp.restart': McpServerView;
  /** The person confirmed an imported address on this computer or a private network: it may be used now. */
  'mcp.confirmAddress': McpServerView;
  /** The last lines the server wrote to stderr, oldest first. */
  'mcp.stderr': string[];
  /** Sentences on what could not be read at start (a corrupt mcp-servers.json). */
  'mcp.problems': string[];
}

export interface ChatEventPayloads {
  'chat.event': ChatEvent;
  /** The answers of a compare, each streaming by its message id. */
  'compare.event': CompareEvent;
  /** One conversation's new list entry, or null when it was deleted; id null: read the whole list again. */
  'conversations.changed': { id: string; summary: ConversationSummary | null } | { id: null };
  /** Every server, whenever a state, the tools or the configuration change. */
  'mcp.changed': McpServerView[];
}
