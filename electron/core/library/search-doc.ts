// What the word index keeps of a conversation, without SQLite: core sends it to the search worker.
import type { Conversation } from '../../../shared/types';

/** What the index knows of a conversation file when it read it: a changed file is read again. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
}

/** A file's stamp as the index keeps it, with when the text indexed under it was taken. */
export interface IndexedStamp extends FileStamp {
  takenAt: number;
}

/**
 * How long after a file's mtime a text taken from it may still not be its last one. File times
 * are coarse: Linux stamps a write with a clock of a few milliseconds (here 776 of 2,000
 * back-to-back atomic writes of one file kept the mtime of the write before), Windows of about
 * 16 ms, FAT of 2 seconds. Two saves of one size within one tick leave one stamp, so a crash
 * between the second and its index write would otherwise go unseen at every later start.
 */
export const STAMP_TICK_MS = 3000;

/**
 * Whether the index holds the file's text as it is now: the same stamp, and a text taken once the
 * stamp's tick had passed (a file dated later than the clock, copied from elsewhere, counts as
 * passed: a write here would date it now). Otherwise the file is read again.
 */
export function indexedIsCurrent(indexed: IndexedStamp | undefined, file: FileStamp): boolean {
  if (!indexed || indexed.size !== file.size || indexed.mtimeMs !== file.mtimeMs) return false;
  const after = indexed.takenAt - file.mtimeMs;
  return after < 0 || after >= STAMP_TICK_MS;
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
