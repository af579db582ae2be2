// Compare models: how many models one question may go to at once, and the events of their answers streaming side by side.
import type { ChatEvent, ChatMessage, ConversationSummary } from './types-conversations';

/** A compare asks 2 to 4 models (the bounds: more columns no longer fit a window). */
export const COMPARE_MODELS = { min: 2, max: 4 } as const;

/**
 * The events of a compare, on their own channel (`compare.event`): each answer's stream is a
 * chat stream (delta, retrying, waiting, done, error, by its message id), and a compare has its
 * own start, a column started again, and the moment a column's first text arrived.
 */
export type CompareEvent =
  | {
      type: 'start';
      conversationId: string;
      /** The question as saved (with `comparing`), once for every answer. */
      question: ChatMessage;
      /** The answers in column order, each without versions, status streaming. */
      answers: ChatMessage[];
      contextStart: number;
      questionIndex: number;
      summary: ConversationSummary;
    }
  /** A failed or stopped column streams again, alone (its message as it starts: empty). */
  | { type: 'restart'; conversationId: string; message: ChatMessage }
  /** The column's first text came this long after its request left. */
  | { type: 'firstToken'; conversationId: string; messageId: string; firstTokenMs: number }
  | Exclude<ChatEvent, { type: 'start' }>;

/** The models of a compare as sent: trimmed, blanks and repeats left out, in the order chosen. */
export function compareModels(models: readonly string[]): string[] {
  return [...new Set(models.map((m) => m.trim()).filter((m) => m !== ''))];
}
