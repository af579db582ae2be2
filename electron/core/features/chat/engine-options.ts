// What the chat engine is made with: the library, the service client, events out, and the hooks for spending, titles, attachments and tools.
import type { ChatTurnAmount } from '../../../../shared/estimates';
import type { SpendRecord } from '../../../../shared/spending';
import type { ChatEvent, ChatMessage, Conversation } from '../../../../shared/types';
import type { ConversationLibrary } from '../../library/conversations';
import type { ServiceClient, WireContentPart } from '../../service/types';
import type { ToolTurnOptions } from './tools';
import type { TokenUnits } from './turn-usage';

export interface ChatEngineOptions {
  library: ConversationLibrary;
  client: Pick<ServiceClient, 'chatStream'>;
  /** The model's context length from the catalog; null when unknown (then no check is made). */
  contextLengthOf: (modelId: string) => number | null;
  emit: (event: ChatEvent) => void;
  /** After a call the service may have charged for (the balance refreshes). */
  onPaidCall?: () => void;
  /** Each request of a turn the service answered, for the spending ledger (once per request). */
  record?: (r: SpendRecord) => void;
  /**
   * What the app says a request of this size costs before it is sent (chatTurnEstimate's upper
   * figure, as beside Send), kept with its ledger line; null when the list gives no price.
   */
  estimate?: (model: string, amount: ChatTurnAmount) => string | null;
  /**
   * A request's tokens at the model's listed prices, for an answer whose stream brought no usage
   * (its cost is then Atelier's estimate); null when the list gives no price.
   */
  priceOf?: (model: string, units: TokenUnits) => string | null;
  now?: () => Date;
  /** Longest time between saves of a streaming answer. */
  saveIntervalMs?: number;
  /** Longest time deltas are held to be sent as one event. */
  deltaIntervalMs?: number;
  /** Turns messages with attachments into content parts (images, audio, documents). */
  attachments?: AttachmentParts;
  /** An answer finished and was saved (the titler names the conversation after the first). */
  onAnswered?: (conversation: Conversation) => void;
  /** The catalog's badges of a model ('structured-outputs', 'web-search' …); null when unknown. */
  badgesOf?: (modelId: string) => readonly string[] | null;
  /** Tools (MCP servers) a turn may offer; absent: turns never offer tools. */
  tools?: ToolTurnOptions;
}

export interface AttachmentParts {
  /** The content parts of a user message with attachments: its text, documents, images, audio. */
  partsFor(message: ChatMessage, model: string): Promise<WireContentPart[]>;
}
