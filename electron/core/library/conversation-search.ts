// Word search over the conversations: each one's title and message texts kept lower-cased, hits with a snippet around the match.
import type { Conversation, ConversationSummary, SearchHit } from '../../../shared/types';

const SNIPPET_BEFORE = 40;
const SNIPPET_AFTER = 80;
const HITS_PER_CONVERSATION = 3;
const MAX_HITS = 200;

export interface TextEntry {
  title: string;
  messages: { id: string; text: string; lower: string }[];
}

export function textEntryOf(c: Conversation): TextEntry {
  return {
    title: c.title,
    messages: c.messages.map((m) => ({
      id: m.id,
      text: m.content,
      lower: m.content.toLowerCase(),
    })),
  };
}

function snippetAround(text: string, lower: string, at: number, length: number): string {
  // Lower-casing can change the length of a few characters; then cut from the lowered text.
  const source = lower.length === text.length ? text : lower;
  const start = Math.max(0, at - SNIPPET_BEFORE);
  const end = Math.min(source.length, at + length + SNIPPET_AFTER);
  const body = source.slice(start, end).replace(/\s+/g, ' ').trim();
  return (start > 0 ? '…' : '') + body + (end < source.length ? '…' : '');
}

/** Hits for `needle` (already lower-cased) in `order`: the title first, then up to three messages each. */
export function searchTexts(
  index: ReadonlyMap<string, TextEntry>,
  order: readonly ConversationSummary[],
  needle: string,
): SearchHit[] {
  const hits: SearchHit[] = [];
  for (const summary of order) {
    const t = index.get(summary.id);
    if (!t) continue;
    if (t.title.toLowerCase().includes(needle)) {
      hits.push({
        conversationId: summary.id,
        title: t.title,
        messageId: null,
        snippet: t.title,
      });
    }
    let perConversation = 0;
    for (const m of t.messages) {
      const at = m.lower.indexOf(needle);
      if (at < 0) continue;
      hits.push({
        conversationId: summary.id,
        title: t.title,
        messageId: m.id,
        snippet: snippetAround(m.text, m.lower, at, needle.length),
      });
      if (++perConversation >= HITS_PER_CONVERSATION) break;
    }
    if (hits.length >= MAX_HITS) break;
  }
  return hits.slice(0, MAX_HITS);
}
