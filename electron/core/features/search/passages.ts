// The texts search by meaning embeds: a conversation's messages joined into passages, a document cut at its paragraph breaks, each passage with its hash.
import { createHash } from 'node:crypto';
import { estimateTokens } from '../../../../shared/tokens';
import type { ConversationLibrary } from '../../library/conversations';
import type { DocumentStore } from '../documents/store';

export interface SourceText {
  /** conversation:<id> or document:<id> */
  key: string;
  title: string;
  /** Passages: for a conversation the id is its first message's, so a hit opens there. */
  items: { id: string; text: string; hash: string }[];
}

/**
 * The document takes one string per embeddings request, so texts are embedded as passages of a
 * few hundred tokens (several messages, or a section of a document): fewer requests, each one
 * still about one subject.
 */
const PASSAGE_TOKENS = 400;
const MAX_TEXT_CHARS = 8000;
const DOCUMENT_CHUNK_CHARS = 1500;

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/**
 * Consecutive messages joined into passages of about PASSAGE_TOKENS; a long message is a passage
 * of its own. Grouping runs from the start, so a new message changes only the last passage.
 */
export function messagePassages(
  messages: readonly { id: string; text: string }[],
): { id: string; text: string }[] {
  const passages: { id: string; text: string }[] = [];
  let current: { id: string; parts: string[]; tokens: number } | null = null;
  for (const message of messages) {
    const tokens = estimateTokens(message.text);
    if (current && current.tokens + tokens > PASSAGE_TOKENS) {
      passages.push({ id: current.id, text: current.parts.join('\n\n') });
      current = null;
    }
    if (!current) current = { id: message.id, parts: [], tokens: 0 };
    current.parts.push(message.text);
    current.tokens += tokens;
  }
  if (current) passages.push({ id: current.id, text: current.parts.join('\n\n') });
  return passages;
}

/** Splits a document's text at paragraph breaks into pieces of about DOCUMENT_CHUNK_CHARS. */
export function chunkText(text: string): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const paragraph of text.split(/\n\s*\n/)) {
    const p = paragraph.trim();
    if (p === '') continue;
    if (current !== '' && current.length + p.length > DOCUMENT_CHUNK_CHARS) {
      chunks.push(current);
      current = '';
    }
    current = current === '' ? p : `${current}\n\n${p}`;
    while (current.length > DOCUMENT_CHUNK_CHARS * 2) {
      chunks.push(current.slice(0, DOCUMENT_CHUNK_CHARS));
      current = current.slice(DOCUMENT_CHUNK_CHARS);
    }
  }
  if (current !== '') chunks.push(current);
  return chunks;
}

/** What is to be embedded now: every conversation's passages and every document's pieces. */
export async function currentTexts(
  conversations: Pick<ConversationLibrary, 'list' | 'get'>,
  documents: Pick<DocumentStore, 'list' | 'get'>,
): Promise<SourceText[]> {
  const out: SourceText[] = [];
  for (const summary of conversations.list().items) {
    const conversation = await conversations.get(summary.id).catch(() => null);
    if (!conversation) continue;
    out.push({
      key: `conversation:${summary.id}`,
      title: conversation.title,
      items: messagePassages(
        conversation.messages
          .filter((m) => m.content.trim() !== '' && m.status !== 'error')
          .map((m) => ({ id: m.id, text: m.content.slice(0, MAX_TEXT_CHARS) })),
      ).map((p) => ({ ...p, text: p.text.slice(0, MAX_TEXT_CHARS), hash: hashOf(p.text) })),
    });
  }
  for (const summary of documents.list().items) {
    const record = await documents.get(summary.id).catch(() => null);
    if (!record) continue;
    out.push({
      key: `document:${summary.id}`,
      title: record.name,
      items: chunkText(record.text).map((text, i) => ({ id: `c${i}`, text, hash: hashOf(text) })),
    });
  }
  return out;
}
