// Semantic search types: the user's choice, the cost estimate shown before turning it on, and progress.

export interface SemanticStatus {
  enabled: boolean;
  model: string;
  /** Texts embedded and stored. */
  indexed: number;
  /** Texts waiting to be embedded. */
  pending: number;
  running: boolean;
  /** The last background failure, in the service's words. */
  lastError: string | null;
}

export interface SemanticEstimate {
  model: string;
  texts: number;
  tokens: number;
  /** Credits, from the model's prompt price; null when the list gives no price. */
  cost: string | null;
  promptPrice: string | null;
}

/** Meaning hits score at least this cosine similarity (the vectors are normalised). */
export const SEMANTIC_MIN_SIMILARITY = 0.3;
