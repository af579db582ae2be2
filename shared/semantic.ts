// Semantic search types: the user's choice, the cost estimate shown before turning it on, and progress.

export interface SemanticStatus {
  enabled: boolean;
  model: string;
  /** Texts embedded and stored. */
  indexed: number;
  /** Passages waiting to be embedded. */
  pending: number;
  /** How long the waiting passages take at the account's current request rate. */
  secondsLeft: number;
  running: boolean;
  /** The last background failure, in the service's words. */
  lastError: string | null;
}

export interface SemanticEstimate {
  model: string;
  /** Passages to embed (several messages, or a document section, each). */
  texts: number;
  /** Embeddings requests: one per passage (the service takes one string per request). */
  requests: number;
  /** How long the requests take at the account's current request rate (one per request). */
  seconds: number;
  tokens: number;
  /** Credits, from the model's prompt price; null when the list gives no price. */
  cost: string | null;
  promptPrice: string | null;
}

/** The documented standard rate: one request per 2 s (the FAST plan allows more). */
export const STANDARD_INTERVAL_MS = 2000;

/** Meaning hits score at least this cosine similarity (the vectors are normalised). */
export const SEMANTIC_MIN_SIMILARITY = 0.3;
