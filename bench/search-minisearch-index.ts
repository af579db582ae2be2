// The bench's reference only: the word index of the previous version (MiniSearch over titles and
// messages, held whole in memory, saved whole), kept to measure the SQLite index beside it.
import MiniSearch, { type Options, type SearchResult } from 'minisearch';
import type { FileStamp } from '../electron/core/library/search-index';
import { normalizeWord, snippetOf, wordsOf } from '../electron/core/library/search-words';
import type { Conversation, SearchHit } from '../shared/types';

/** Bumped whenever the words, the documents or the file change shape: an older file is rebuilt. */
export const SEARCH_INDEX_VERSION = 1;

const HITS_PER_CONVERSATION = 3;
const MAX_HITS = 200;

interface WordDoc {
  /** `<conversation>/<message>`, or `<conversation>/` for its title. */
  id: string;
  conversationId: string;
  messageId: string;
  role: 'user' | 'assistant' | 'title';
  text: string;
}

const OPTIONS: Options<WordDoc> = {
  fields: ['text'],
  storeFields: ['conversationId', 'messageId', 'role', 'text'],
  // The words as the live index finds and folds them, so both indexes count the same hits.
  tokenize: (text) => wordsOf(text).map((word) => word.text),
  processTerm: (term) => normalizeWord(term) || null,
  searchOptions: {
    combineWith: 'AND',
    // The last word is still being typed: it matches every word that starts with it (from two
    // letters: one letter would expand to a good part of the language).
    prefix: (term, index, terms) => index === terms.length - 1 && term.length >= 2,
  },
};

function docId(conversationId: string, messageId: string): string {
  return `${conversationId}/${messageId}`;
}

export interface WordIndex {
  /** The conversation's stamp when it was last indexed, or undefined when it is not in. */
  stampOf(conversationId: string): FileStamp | undefined;
  /** Puts the title and messages in (replacing what changed); an answer still streaming waits until it ends. */
  setConversation(conversation: Conversation, stamp: FileStamp): void;
  removeConversation(conversationId: string): void;
  conversationIds(): string[];
  /** Hits for every word of the query: the best conversations first, each with its title hit first. */
  search(query: string): SearchHit[];
  /** Documents (titles and messages) in the index. */
  size(): number;
  /** The whole index with its stamps, for `loadWordIndex`. */
  toJSON(): string;
}

/** The first line of the file; MiniSearch's own JSON follows on the second. */
interface Header {
  version: number;
  stamps: Record<string, FileStamp & { docs: string[] }>;
}

function makeWordIndex(
  mini: MiniSearch<WordDoc>,
  stamps: Map<string, FileStamp & { docs: string[] }>,
): WordIndex {
  return {
    stampOf(conversationId) {
      const s = stamps.get(conversationId);
      return s ? { size: s.size, mtimeMs: s.mtimeMs } : undefined;
    },

    setConversation(c, stamp) {
      const next: WordDoc[] = [];
      if (c.title.trim() !== '')
        next.push({
          id: docId(c.id, ''),
          conversationId: c.id,
          messageId: '',
          role: 'title',
          text: c.title,
        });
      for (const m of c.messages) {
        if (m.status === 'streaming' || m.content.trim() === '') continue;
        next.push({
          id: docId(c.id, m.id),
          conversationId: c.id,
          messageId: m.id,
          role: m.role,
          text: m.content,
        });
      }
      const keep = new Set(next.map((d) => d.id));
      for (const old of stamps.get(c.id)?.docs ?? []) if (!keep.has(old)) mini.discard(old);
      for (const doc of next) {
        if (!mini.has(doc.id)) mini.add(doc);
        else if (mini.getStoredFields(doc.id)?.['text'] !== doc.text) mini.replace(doc);
      }
      stamps.set(c.id, { ...stamp, docs: [...keep] });
    },

    removeConversation(conversationId) {
      const s = stamps.get(conversationId);
      if (!s) return;
      for (const id of s.docs) if (mini.has(id)) mini.discard(id);
      stamps.delete(conversationId);
    },

    conversationIds: () => [...stamps.keys()],

    search(query) {
      if (wordsOf(query).every((w) => normalizeWord(w.text) === '')) return [];
      const results = mini.search(query) as (SearchResult & Partial<WordDoc>)[];
      // Conversations in the order of their best hit; the title first in each, then up to three messages.
      const groups = new Map<
        string,
        { title?: SearchHit; messages: SearchHit[]; title0: string }
      >();
      for (const r of results) {
        const conversationId = r.conversationId ?? '';
        let group = groups.get(conversationId);
        if (!group) {
          if (groups.size >= MAX_HITS) continue;
          const titleText = mini.getStoredFields(docId(conversationId, ''))?.['text'];
          group = { messages: [], title0: typeof titleText === 'string' ? titleText : '' };
          groups.set(conversationId, group);
        }
        const matched = new Set(r.terms);
        const text = r.text ?? '';
        if (r.role === 'title') {
          const { snippet, ranges } = snippetOf(text, matched, true);
          group.title = { conversationId, title: text, messageId: null, snippet, ranges };
        } else if (group.messages.length < HITS_PER_CONVERSATION) {
          const { snippet, ranges } = snippetOf(text, matched);
          group.messages.push({
            conversationId,
            title: group.title0,
            messageId: r.messageId ?? null,
            snippet,
            ranges,
          });
        }
      }
      const hits: SearchHit[] = [];
      for (const group of groups.values()) {
        if (group.title) hits.push(group.title);
        hits.push(...group.messages);
        if (hits.length >= MAX_HITS) break;
      }
      return hits.slice(0, MAX_HITS);
    },

    size: () => mini.documentCount,

    toJSON() {
      const header: Header = { version: SEARCH_INDEX_VERSION, stamps: Object.fromEntries(stamps) };
      return `${JSON.stringify(header)}\n${JSON.stringify(mini)}`;
    },
  };
}

export function createWordIndex(): WordIndex {
  return makeWordIndex(new MiniSearch<WordDoc>(OPTIONS), new Map());
}

/** An index saved by `toJSON`; null when the text is not one (corrupt, or of another version). */
export async function loadWordIndex(text: string): Promise<WordIndex | null> {
  try {
    const newline = text.indexOf('\n');
    if (newline < 0) return null;
    const header = JSON.parse(text.slice(0, newline)) as Partial<Header> | null;
    if (
      !header ||
      header.version !== SEARCH_INDEX_VERSION ||
      typeof header.stamps !== 'object' ||
      header.stamps === null
    )
      return null;
    const stamps = new Map<string, FileStamp & { docs: string[] }>();
    for (const [id, s] of Object.entries(header.stamps)) {
      if (
        typeof s?.size !== 'number' ||
        typeof s.mtimeMs !== 'number' ||
        !Array.isArray(s.docs) ||
        !s.docs.every((d) => typeof d === 'string')
      )
        return null;
      stamps.set(id, { size: s.size, mtimeMs: s.mtimeMs, docs: s.docs });
    }
    const mini = await MiniSearch.loadJSONAsync<WordDoc>(text.slice(newline + 1), OPTIONS);
    // Every stamped message must be in the index, or the file was cut or mixed up.
    for (const s of stamps.values()) for (const id of s.docs) if (!mini.has(id)) return null;
    return makeWordIndex(mini, stamps);
  } catch {
    return null;
  }
}
