// The IPC channel map: every call the renderer may make, with its input schema, and every event.
// main and the web host validate inputs with these schemas; the renderer imports only the types.
import { z } from 'zod';
import { MAX_ATTACHMENTS, type MessageAttachment } from './attachments';
import type { DebugReceived, DebugTestResult, DiagnosticsView } from './diagnostics';
import type { DecisionRun, DocumentList, DocumentRecord, DocumentSummary } from './documents';
import type { SemanticEstimate, SemanticStatus } from './semantic';
import { TOOL_ROUND_LIMIT } from './tools';
import { PRICE_BASES } from './prices';
import { CREDITS_TEXT, type SpendEntry, type SpendSummary } from './spending';
import type { EventChannel, InvokeChannel } from './channel-names';
import type {
  Assistant,
  Balance,
  ChatEvent,
  Conversation,
  OpenedConversation,
  ConversationList,
  ConversationSummary,
  Folder,
  MediaItem,
  MediaKind,
  MediaPage,
  ModelInfo,
  SearchHit,
  WordIndexStatus,
  SettingsView,
  ConnectionCheck,
  ServiceRetry,
  StoredFile,
  Transcript,
  MediaUsage,
  VideoJob,
} from './types';
import { ANSWER_SCHEMA_MAX_CHARS, ANSWER_SCHEMA_NAME } from './answer-format';
import { MCP_LIMITS, mcpServerName, mcpTransportSchema } from './mcp';
import type { McpServerView } from './tools';
import type { RecoveredFiles } from './storage';
import { MAX_UPLOAD_BYTES, UPLOAD_CHUNK_BYTES } from './upload-limits';
import {
  IMAGE_PROMPT_MAX_CHARS,
  MAX_SOURCE_IMAGES,
  SD_TXT2IMG,
  type ImageProgress,
  type ImageRunResult,
} from './images';
import {
  MUSIC_PROMPT_MAX_CHARS,
  MUSIC_SECONDS,
  SPEECH_FORMATS,
  SPEECH_MAX_CHARS,
  TRANSCRIBE_LANGUAGE_MAX_CHARS,
  VOICES,
} from './audio';
import { CUSTOM_RATE, RATE_PLANS, type ServiceHold } from './rate';
import {
  EXPORT_FORMATS,
  TRANSFER_LIMITS,
  type TransferProgress,
  type TransferReport,
  type TransferSaved,
} from './transfer';
import { ASSISTANT_NAME_MAX, FOLDER_NAME_MAX } from './organise';
import { VIDEO_ASPECT_RATIOS, VIDEO_DURATION_MAX_SECONDS, VIDEO_PROMPT_MAX_CHARS } from './video';

const id = z.string().min(1).max(200);
const folderName = z.string().trim().min(1).max(FOLDER_NAME_MAX);
const text = z.string().max(2_000_000);

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
  })
  .strict();

const decisionQuestion = z
  .object({
    type: z.enum(['noul', 'choice', 'score']),
    instructions: z.string().trim().min(1).max(4000),
    options: z
      .array(z.object({ label: z.string().max(200), description: z.string().max(2000) }).strict())
      .max(20),
  })
  .strict();
const mediaKind = z.enum(['image', 'audio', 'video']);
const sdSide = z
  .number()
  .int()
  .min(SD_TXT2IMG.minSide)
  .max(SD_TXT2IMG.maxSide)
  .multipleOf(SD_TXT2IMG.sideStep);

/** One image request: the renderer names it, so images.cancel and images.progress can refer to it. */
const imageRun = z
  .object({
    requestId: id,
    model: id,
    prompt: z.string().trim().min(1).max(IMAGE_PROMPT_MAX_CHARS),
    size: z
      .string()
      .regex(/^\d{2,5}x\d{2,5}$/)
      .optional(),
    aspectRatio: z
      .string()
      .regex(/^\d{1,2}:\d{1,2}$/)
      .optional(),
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

/** An amount of credits as the person types it: a plain decimal, never a float. */
const credits = z.string().regex(CREDITS_TEXT);

export const invokeSchemas = {
  'settings.get': z.object({}).strict(),
  'settings.update': z
    .object({
      baseUrl: z.string().max(2000).optional(),
      ratePlan: z.enum(RATE_PLANS).optional(),
      customRequestsPerSecond: z.number().min(CUSTOM_RATE.min).max(CUSTOM_RATE.max).optional(),
      defaultModel: z.string().max(200).optional(),
      language: z.enum(['en', 'ru']).optional(),
      theme: z.enum(['light', 'dark', 'system']).optional(),
      autoTitle: z.boolean().optional(),
      titleModel: z.string().max(200).optional(),
      toolRoundLimit: z
        .number()
        .int()
        .min(TOOL_ROUND_LIMIT.min)
        .max(TOOL_ROUND_LIMIT.max)
        .optional(),
      priceBasis: z.enum(PRICE_BASES).optional(),
      spendLimits: z
        .object({
          askAbove: credits.nullable(),
          daily: credits.nullable(),
          monthly: credits.nullable(),
        })
        .strict()
        .optional(),
    })
    .strict(),
  'key.set': z
    .object({
      key: z.string().min(1).max(500),
      /** Store it although the system has no keychain (the person chose to). */
      withoutKeychain: z.boolean().optional(),
    })
    .strict(),
  'key.clear': z.object({}).strict(),
  /** Asks the service (GET /models, GET /balance) with this address and key, storing nothing. */
  'key.check': z
    .object({
      baseUrl: z.string().max(2000),
      /** Absent: the key already kept for this address's host. */
      key: z.string().max(500).optional(),
    })
    .strict(),
  'demo.use': z.object({}).strict(),
  'demo.leave': z.object({}).strict(),
  'rate.hold': z.object({}).strict(),
  'rate.retryNow': z.object({}).strict(),
  'models.list': z.object({ refresh: z.boolean().optional() }).strict(),
  'balance.get': z.object({ refresh: z.boolean().optional() }).strict(),
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
  'shell.openExternal': z.object({ url: z.string().url().max(4000) }).strict(),
  /** An upload, or a picture already in the library (Images' "Send to chat"), made ready to send. */
  'attachments.prepare': z.union([
    z.object({ fileId: id }).strict(),
    z.object({ mediaId: id }).strict(),
  ]),
  'documents.list': z.object({}).strict(),
  'documents.get': z.object({ id }).strict(),
  'documents.extract': z
    .object({ fileId: id, mode: z.enum(['extract', 'ocr']), returnImages: z.boolean().optional() })
    .strict(),
  'documents.delete': z.object({ id }).strict(),
  'documents.decide': z
    .object({
      documentId: id.optional(),
      text: text.optional(),
      model: z.string().max(200).optional(),
      questions: z.array(decisionQuestion).min(1).max(20),
    })
    .strict(),
  'semantic.status': z.object({}).strict(),
  'semantic.estimate': z.object({ model: z.string().max(200).optional() }).strict(),
  'semantic.configure': z
    .object({ enabled: z.boolean().optional(), model: z.string().max(200).optional() })
    .strict(),
  'semantic.search': z.object({ query: z.string().max(500) }).strict(),
  'semantic.wordsStatus': z.object({}).strict(),
  'diagnostics.get': z.object({}).strict(),
  'diagnostics.update': z
    .object({
      debugBaseUrl: z.string().max(2000).nullable().optional(),
      legacyBaseUrl: z.string().max(2000).nullable().optional(),
      mainBaseUrl: z.string().max(2000).nullable().optional(),
    })
    .strict(),
  'diagnostics.sendTest': z.object({}).strict(),
  'diagnostics.fetchReceived': z.object({}).strict(),
  'files.begin': z
    .object({
      name: z.string().min(1).max(500),
      mime: z.string().max(200),
      size: z.number().int().min(0).max(MAX_UPLOAD_BYTES),
    })
    .strict(),
  'files.chunk': z
    .object({
      uploadId: id,
      offset: z.number().int().min(0).max(MAX_UPLOAD_BYTES),
      // The bytes themselves (structured clone over Electron IPC, a binary frame over the web
      // host's socket): never base64.
      bytes: z
        .instanceof(Uint8Array)
        .refine((bytes) => bytes.length > 0 && bytes.length <= UPLOAD_CHUNK_BYTES, {
          message: `A chunk carries 1 to ${UPLOAD_CHUNK_BYTES} bytes.`,
        }),
    })
    .strict(),
  'files.finish': z.object({ uploadId: id }).strict(),
  'files.cancel': z.object({ uploadId: id }).strict(),
  'media.list': z
    .object({
      kind: mediaKind,
      offset: z.number().int().min(0).optional(),
      limit: z.number().int().min(1).max(500).optional(),
    })
    .strict(),
  'media.get': z.object({ id }).strict(),
  'media.delete': z.object({ id }).strict(),
  'media.saveAs': z.object({ id }).strict(),
  /** The conversations that show a media item, asked before it is deleted. */
  'media.usage': z.object({ id }).strict(),
  'media.import': z
    .object({ fileId: id, kind: mediaKind, title: z.string().max(300).optional() })
    .strict(),
  'audio.speak': z
    .object({
      model: id,
      text: z.string().trim().min(1).max(SPEECH_MAX_CHARS),
      voice: z.enum(VOICES),
      format: z.enum(SPEECH_FORMATS),
    })
    .strict(),
  'audio.music': z
    .object({
      model: id,
      text: z.string().trim().min(1).max(MUSIC_PROMPT_MAX_CHARS),
      seconds: z.number().int().min(MUSIC_SECONDS.min).max(MUSIC_SECONDS.max),
    })
    .strict(),
  'audio.transcribe': z
    .object({
      fileId: id,
      model: id,
      language: z.string().trim().max(TRANSCRIBE_LANGUAGE_MAX_CHARS).optional(),
      timestamps: z.boolean(),
      /** Seconds of audio as the page measured them; core measures a WAV itself. */
      duration: z.number().min(0).max(1e6).optional(),
    })
    .strict(),
  'audio.transcripts': z.object({}).strict(),
  'audio.deleteTranscript': z.object({ id }).strict(),
  'video.generate': z
    .object({
      model: id,
      prompt: z.string().trim().min(1).max(VIDEO_PROMPT_MAX_CHARS),
      aspectRatio: z.enum(VIDEO_ASPECT_RATIOS),
      duration: z.number().int().min(0).max(VIDEO_DURATION_MAX_SECONDS),
      firstFrameFileId: id.optional(),
      lastFrameFileId: id.optional(),
    })
    .strict(),
  'video.jobs': z.object({}).strict(),
  'video.remove': z.object({ id }).strict(),
  'video.retryDownload': z.object({ id }).strict(),
  'images.generate': imageRun,
  'images.edit': imageRun.extend({
    sources: z
      .array(z.union([z.object({ fileId: id }).strict(), z.object({ mediaId: id }).strict()]))
      .min(1)
      .max(MAX_SOURCE_IMAGES),
    /**
     * 'generations' (the default): an img2img- model on /images/generations with image_url...;
     * 'edits': /images/edits, where the service appends -imgedit to the model id and uses the
     * account's model mapping for it.
     */
    endpoint: z.enum(['generations', 'edits']).optional(),
  }),
  'images.sdTxt2img': z
    .object({
      requestId: id,
      prompt: z.string().trim().min(1).max(SD_TXT2IMG.promptMaxChars),
      negativePrompt: z.string().max(SD_TXT2IMG.promptMaxChars),
      steps: z.number().int().min(1).max(SD_TXT2IMG.maxSteps),
      width: sdSide,
      height: sdSide,
    })
    .strict(),
  'images.cancel': z.object({ requestId: id }).strict(),
  /** One conversation, or every one when conversationId is left out. */
  'transfer.export': z
    .object({ conversationId: id.optional(), format: z.enum(EXPORT_FORMATS) })
    .strict(),
  'transfer.readOut': z
    .object({ outId: id, offset: z.number().int().min(0).max(TRANSFER_LIMITS.archiveTotalBytes) })
    .strict(),
  /** An uploaded JSON file: the app's own export or ChatGPT's conversations.json. */
  'transfer.import': z.object({ fileId: id }).strict(),
  'transfer.backup': z.object({ jobId: id }).strict(),
  /** An uploaded backup archive (zip). */
  'transfer.restore': z.object({ fileId: id, jobId: id }).strict(),
  /** Desktop: the person picks the archive in the host's dialog and core reads it where it lies. */
  'transfer.restorePicked': z.object({ jobId: id }).strict(),
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
  'storage.recovered': z.object({}).strict(),
  /** Totals for the Spending view: real money, or the demo's apart. */
  'spending.summary': z
    .object({ demo: z.boolean().optional(), days: z.number().int().min(1).max(366).optional() })
    .strict(),
  /** Newest first, a page at a time (before: the last id seen). */
  'spending.entries': z
    .object({
      demo: z.boolean().optional(),
      before: z.number().int().positive().optional(),
      limit: z.number().int().min(1).max(500).optional(),
      conversationId: id.optional(),
    })
    .strict(),
  /** What one conversation has cost so far. */
  'spending.conversation': z.object({ id }).strict(),
  /** Every entry as CSV through a save dialog (or the web host's download). */
  'spending.export': z.object({ demo: z.boolean().optional() }).strict(),
} as const satisfies Record<InvokeChannel, z.ZodType>;

export type { EventChannel, InvokeChannel };
export { eventChannels, invokeChannels, isEventChannel, isInvokeChannel } from './channel-names';
export type InvokeInput<C extends InvokeChannel> = z.input<(typeof invokeSchemas)[C]>;

/** What each call answers on success (failures answer a UserError, see Envelope). */
export interface InvokeOutputs {
  'settings.get': SettingsView;
  'settings.update': SettingsView;
  'key.set': SettingsView;
  'key.clear': SettingsView;
  'key.check': ConnectionCheck;
  'demo.use': SettingsView;
  'demo.leave': SettingsView;
  /** The long wait the service asked for that is in force now, or null. */
  'rate.hold': ServiceHold | null;
  /** Requests may start at once again; lifted: false when no hold was in force. */
  'rate.retryNow': { lifted: boolean };
  'models.list': ModelInfo[];
  'balance.get': Balance;
  'conversations.list': ConversationList;
  'conversations.get': OpenedConversation;
  'conversations.create': Conversation;
  'conversations.update': Conversation;
  'conversations.delete': { id: string };
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
  'shell.openExternal': { opened: boolean };
  'attachments.prepare': MessageAttachment;
  'documents.list': DocumentList;
  'documents.get': DocumentRecord;
  'documents.extract': DocumentRecord;
  'documents.delete': { id: string };
  'documents.decide': { document: DocumentSummary; run: DecisionRun };
  'semantic.status': SemanticStatus;
  'semantic.estimate': SemanticEstimate;
  'semantic.configure': SemanticStatus;
  /** Word hits first, then meaning hits (when semantic search is on). */
  'semantic.search': SearchHit[];
  /** Whether the word index is still being built (then word hits may be missing). */
  'semantic.wordsStatus': WordIndexStatus;
  'diagnostics.get': DiagnosticsView;
  'diagnostics.update': DiagnosticsView;
  'diagnostics.sendTest': DebugTestResult;
  'diagnostics.fetchReceived': DebugReceived;
  'files.begin': { uploadId: string };
  'files.chunk': { received: number };
  'files.finish': StoredFile;
  'files.cancel': { cancelled: boolean };
  'media.list': MediaPage;
  'media.get': MediaItem;
  'media.delete': { id: string };
  /** Electron saves through a dialog in main; the web host answers saved: false (download the URL). */
  'media.saveAs': { saved: boolean };
  'media.import': MediaItem;
  'media.usage': MediaUsage;
  /** The new recording, already in the media library. */
  'audio.speak': MediaItem;
  'audio.music': MediaItem;
  'audio.transcribe': Transcript;
  'audio.transcripts': Transcript[];
  'audio.deleteTranscript': { id: string };
  /** The job as submitted; its progress arrives as video.jobs.changed. */
  'video.generate': VideoJob;
  'video.jobs': VideoJob[];
  'video.remove': { id: string };
  'video.retryDownload': VideoJob;
  'images.generate': ImageRunResult;
  'images.edit': ImageRunResult;
  'images.sdTxt2img': ImageRunResult;
  'images.cancel': { cancelled: boolean };
  'transfer.export': TransferSaved;
  /** Up to TRANSFER_LIMITS.readChunkBytes of a prepared file from offset; done at its end (then it is removed). */
  'transfer.readOut': { base64: string; done: boolean };
  'transfer.import': TransferReport;
  'transfer.backup': TransferSaved;
  'transfer.restore': TransferReport;
  /** null: the person cancelled the dialog. */
  'transfer.restorePicked': TransferReport | null;
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
  /** The files of the data folder set aside since core started (damaged, unreadable), and where. */
  'storage.recovered': RecoveredFiles;
  'spending.summary': SpendSummary;
  'spending.entries': SpendEntry[];
  'spending.conversation': { total: string; count: number };
  /**
   * saved false: the person cancelled the dialog, or the host leaves saving to the page (the web
   * host), which then downloads `csv` as `name` (desktop: ignore them, as transfer's deliver does).
   */
  'spending.export': { saved: boolean; entries: number; name?: string; csv?: string };
}

export type InvokeOutput<C extends InvokeChannel> = InvokeOutputs[C];

/** What settings.update may change. */
export type SettingsPatch = InvokeInput<'settings.update'>;
/** What conversations.update may change in the conversation it names. */
export type ConversationPatch = Omit<InvokeInput<'conversations.update'>, 'id'>;

/** Pushed from core to the renderer. */
export interface EventPayloads {
  'chat.event': ChatEvent;
  'balance.changed': Balance;
  'settings.changed': SettingsView;
  /** One conversation's new list entry, or null when it was deleted; id null: read the whole list again. */
  'conversations.changed': { id: string; summary: ConversationSummary | null } | { id: null };
  'media.changed': { kind: MediaKind };
  /** Every job, newest first, whenever one changes. */
  'video.jobs.changed': VideoJob[];
  /** The service refused for now (429, 504) and the request is sent again: say "retrying". */
  'audio.retrying': ServiceRetry;
  'video.retrying': ServiceRetry;
  'images.progress': ImageProgress;
  /** A 429 asked for a long wait (every request holds until untilMs), or the wait ended (null). */
  'rate.hold.changed': ServiceHold | null;
  'transfer.progress': TransferProgress;
  /** Every server, whenever a state, the tools or the configuration change. */
  'mcp.changed': McpServerView[];
  /** The desktop window was asked to leave for an address (a navigation, a new window): confirm it as a link. */
  'shell.openRequested': { url: string };
  /** A paid call was recorded (or an entry gained its observed charge). */
  'spending.changed': SpendEntry;
}

/** The API the preload (and the web host's bridge) puts on window.atelier. */
export interface AtelierApi {
  invoke<C extends InvokeChannel>(
    channel: C,
    input: InvokeInput<C>,
  ): Promise<import('./types').Envelope<InvokeOutput<C>>>;
  /** Subscribes to an event; returns the function that unsubscribes. */
  on<E extends EventChannel>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
  /** 'electron' or 'web', for the few places that differ (e.g. how links open). */
  platform: 'electron' | 'web';
}

/** Holds only when A and B are the same set of names. */
type SameNames<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
/** Compile-time checks: every call has an output type and every event a payload, and no more. */
export type ChannelMapsComplete = Holds<
  SameNames<keyof InvokeOutputs, InvokeChannel> & SameNames<keyof EventPayloads, EventChannel>
>;
