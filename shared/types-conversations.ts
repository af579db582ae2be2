// Conversations and their messages, the events of a turn, folders and assistants.
import type { MessageAttachment } from './attachments';
import type {
  AnswerFormat,
  ConversationTools,
  JsonCheck,
  SourceLink,
  ToolRound,
  ToolServerUnavailable,
} from './tools';
import type { ErrorCode, UserError } from './types-errors';

export interface Usage {
  promptTokens: number | null;
  completionTokens: number | null;
  totalTokens: number | null;
  /** Cost in credits as a decimal string, when the service reports it. */
  cost: string | null;
  /**
   * Atelier's own count, not the service's: a stream that brought no usage (the document shows no
   * stream chunk) is counted from what was sent and received, its cost at the listed prices.
   */
  estimated?: boolean;
}

export type MessageStatus = 'done' | 'streaming' | 'stopped' | 'error' | 'interrupted';

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  /** Reasoning text of models that return it; shown collapsed. */
  reasoning?: string;
  createdAt: string;
  /** Model that wrote an assistant message. */
  model?: string;
  status: MessageStatus;
  usage?: Usage;
  error?: UserError;
  /** Images, audio and documents sent with a user message. */
  attachments?: MessageAttachment[];
  /**
   * The OTHER versions at this position: each a tail (a message and what followed it on that
   * branch; forks further on live inside). Absent: this position has one version. See shared/versions.ts.
   */
  alternatives?: ChatMessage[][];
  /** This (active) version's place among all versions at this position, from 0. */
  alternativeIndex?: number;
  /**
   * An answer that used tools: the rounds in which the model asked for them, in order (what it
   * wrote first, its calls and their results). `content` is the text after the last round.
   */
  toolRounds?: ToolRound[];
  /** The turn reached this limit of tool rounds: the text after them was written without tools. */
  toolRoundLimit?: number;
  /** Chosen MCP servers that could not start for this turn, so their tools were not offered. */
  toolsUnavailable?: ToolServerUnavailable[];
  /** A JSON answer (Answer format JSON or JSON with a schema): what core found of it. */
  jsonCheck?: JsonCheck;
  /** A web-search answer's links, from the service's annotations or else from the text. */
  sources?: SourceLink[];
  /** The service ended the answer at its length limit (`finish_reason: length`): it may be continued. */
  cutAtMaxTokens?: boolean;
  /** A question sent to several models at once whose answers wait for the person's choice (shared/compare.ts). */
  comparing?: boolean;
  /** A compared answer's pace: its first text after the request left, and its text's time from then on. */
  timing?: AnswerTiming;
}

/** Milliseconds: to the first text (null: none came), and from the first text to the last. */
export interface AnswerTiming {
  firstTokenMs: number | null;
  streamMs: number;
}

export interface ConversationSummary {
  id: string;
  title: string;
  pinned: boolean;
  createdAt: string;
  updatedAt: string;
  model: string;
  messageCount: number;
  /** The folder it sits in (a Folder's id); null or absent: none. Core always states it. */
  folderId?: string | null;
  /** Moved out of the main list into the Archived view; absent: false. Core always states it. */
  archived?: boolean;
  /** Started from this assistant (its name then); absent: a plain chat. */
  assistant?: ConversationAssistant;
}

/** The assistant a conversation was started from, as it was named then. */
export interface ConversationAssistant {
  id: string;
  name: string;
}

export interface Conversation extends ConversationSummary {
  /** The file form: 2 added message versions (files of version 1 still load). */
  version: 2;
  systemPrompt: string;
  temperature: number | null;
  /** null: the default (4096 capped by the model's context). */
  maxTokens: number | null;
  /**
   * No max_tokens is sent: the account's own setting decides the answer's length (the document:
   * a model may then write without stopping). Absent: false; `maxTokens` is kept for when it is off.
   */
  maxTokensByAccount?: boolean;
  /** Messages before this index are kept but no longer sent (the user trimmed the history). */
  contextStart: number;
  messages: ChatMessage[];
  /** Tools offered in this conversation; absent: on for models known to take tools, when servers exist. */
  tools?: ConversationTools;
  /** Absent: free text. */
  answerFormat?: AnswerFormat;
  /** The conversation's own budget in credits (decimal string); absent or null: none. */
  budget?: string | null;
}

/** A conversation as `conversations.get` answers it: with `lastMessages`, maybe only its end. */
export interface OpenedConversation extends Conversation {
  /** Messages left out before `messages` (only when `lastMessages` asked for fewer than it has). */
  earlierMessages?: number;
}

export interface StorageProblem {
  file: string;
  reason: string;
}

export interface ConversationList {
  /** In the list's order (compareSummaries); only the first `limit` when the call asked for a page. */
  items: ConversationSummary[];
  /** How many conversations there are: more than `items` holds when a page was asked for. */
  total: number;
  /** Files that could not be read; the rest still loads. */
  problems: StorageProblem[];
}

/** Streamed to the renderer while a turn runs; batched, at most one delta event per `CHAT_DELTA_INTERVAL_MS`. */
export type ChatEvent =
  | {
      type: 'start';
      conversationId: string;
      messageId: string;
      model: string;
      /** The user message being answered, as saved; what followed it is gone from the active path. */
      question: ChatMessage;
      contextStart: number;
      summary: ConversationSummary;
      /** The question's place on the active path (an edit forks there with a new message id). */
      questionIndex?: number;
      /** When continuing a cut answer: that answer as it stands; the deltas add to its text. */
      continues?: ChatMessage;
    }
  | {
      type: 'delta';
      conversationId: string;
      messageId: string;
      content: string;
      reasoning: string;
    }
  | {
      type: 'retrying';
      conversationId: string;
      messageId: string;
      attempt: number;
      maxAttempts: number;
      reason: ErrorCode;
    }
  | { type: 'waiting'; conversationId: string; messageId: string; untilMs: number }
  /**
   * The answer's tool rounds changed (a round ended with calls, a call was decided, ran or
   * finished): the rounds as they stand, and the answer's text now (a new round starts empty).
   */
  | {
      type: 'tools';
      conversationId: string;
      messageId: string;
      rounds: ToolRound[];
      content: string;
    }
  | { type: 'done'; conversationId: string; message: ChatMessage; summary: ConversationSummary }
  | {
      type: 'error';
      conversationId: string;
      message: ChatMessage;
      error: UserError;
      summary: ConversationSummary;
    };

/** A folder conversations can be put in. */
export interface Folder {
  id: string;
  name: string;
  createdAt: string;
}

/** A saved preset a new chat can start from: its prompt, model and parameters. */
export interface Assistant {
  id: string;
  name: string;
  systemPrompt: string;
  /** '' uses the default model. */
  model: string;
  temperature: number | null;
  maxTokens: number | null;
  /** Shipped with Atelier: can be copied, not changed or deleted. */
  builtIn: boolean;
}
