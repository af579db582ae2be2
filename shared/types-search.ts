// Search: a hit, where its words are, and the state of the word index.

export interface SearchHit {
  conversationId: string;
  title: string;
  messageId: string | null;
  snippet: string;
  /** How it was found: the words themselves, or by meaning (semantic search). Absent: words. */
  match?: 'words' | 'meaning';
  /** Meaning hits: the cosine similarity, 0..1. */
  score?: number;
  /** A hit in an extracted document (then conversationId is ''). */
  documentId?: string;
  /** Word hits: where the matched words are in `snippet` (UTF-16 offsets, end exclusive), to highlight. */
  ranges?: HitRange[];
  /** Word hits not in the message as shown: in another version of it, or in a file attached to it. */
  foundIn?: { kind: 'version' } | { kind: 'file'; name: string };
}

/** A stretch of a hit's snippet to highlight. */
export interface HitRange {
  start: number;
  end: number;
}

/**
 * Why word search may miss hits now: its index was damaged and is built again from the
 * conversations ('rebuilding'), the disk refused some of its writes ('stale'), or it cannot
 * answer at all ('unavailable'). The conversations themselves are not affected.
 */
export type WordIndexProblem = 'rebuilding' | 'stale' | 'unavailable';

/** The word index behind search: while it is still being built, hits may be missing. */
export interface WordIndexStatus {
  indexing: boolean;
  /** Conversations indexed so far, of `total`. */
  indexed: number;
  total: number;
  /** Absent while the index is whole. */
  problem?: WordIndexProblem;
}
