// What the word index keeps of a conversation, without SQLite: core sends it to the search worker.
import type { Conversation } from '../../../shared/types';

/** What the index knows of a conversation file when it read it: a changed file is read again. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
}

/** What the index needs of a conversation: its title and the messages that are done. */
export interface IndexedConversation {
  id: string;
  title: string;
  messages: { id: string; role: 'user' | 'assistant'; text: string }[];
}

/** The part of a conversation the index reads; an answer still streaming waits until it ends. */
export function indexedPart(
  c: Pick<Conversation, 'id' | 'title' | 'messages'>,
): IndexedConversation {
  const messages: IndexedConversation['messages'] = [];
  for (const m of c.messages) {
    if (m.status === 'streaming' || typeof m.content !== 'string' || m.content.trim() === '')
      continue;
    messages.push({ id: m.id, role: m.role === 'user' ? 'user' : 'assistant', text: m.content });
  }
  return { id: c.id, title: c.title.trim() === '' ? '' : c.title, messages };
}
