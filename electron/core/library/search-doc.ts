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

/**
 * Where an indexed text comes from, besides the message itself (absent): 'version' is another
 * version of the message at that place, `file:<name>` the text of a file attached to it.
 */
export type IndexedSource = 'version' | `file:${string}`;

/** A file attached to a message whose text is searched too: read in the search worker. */
export interface AttachedRef {
  messageId: string;
  role: 'user' | 'assistant';
  name: string;
  kind: 'text' | 'document';
  fileId?: string;
  documentId?: string;
}

/** What the index needs of a conversation: its title and the messages that are done. */
export interface IndexedConversation {
  id: string;
  title: string;
  messages: { id: string; role: 'user' | 'assistant'; text: string; source?: IndexedSource }[];
  /** Text files and documents attached to its messages, for the worker to read. */
  attached?: AttachedRef[];
}

/** Where the search worker reads an attached file's text: the uploads and the Documents library. */
export interface AttachedFolders {
  files: string;
  documents: string;
}

/**
 * An attached file's text is searched up to this many characters (about 15,000 words): a
 * document of hundreds of pages would otherwise make every save of its conversation a long write.
 */
export const ATTACHED_TEXT_INDEXED_CHARS = 100_000;

type PathMessage = Conversation['messages'][number];

const roleOf = (m: PathMessage): 'user' | 'assistant' => (m.role === 'user' ? 'user' : 'assistant');

const hasText = (m: PathMessage): boolean =>
  m.status !== 'streaming' && typeof m.content === 'string' && m.content.trim() !== '';

/**
 * Every message in the other versions at a place, forks further on included (by a stack: a
 * conversation may hold thousands of nested forks). A file's JSON is read as it is
 * (search-service.ts), so a shape it does not have is skipped, not trusted.
 */
function versionTexts(m: PathMessage): PathMessage[] {
  const found: PathMessage[] = [];
  const places: unknown[] = [m];
  for (let place = places.pop(); place !== undefined; place = places.pop()) {
    const tails: unknown = (place as PathMessage).alternatives;
    if (!Array.isArray(tails)) continue;
    for (const tail of tails as unknown[]) {
      if (!Array.isArray(tail)) continue;
      for (const other of tail as unknown[]) {
        if (typeof other !== 'object' || other === null) continue;
        if (hasText(other as PathMessage)) found.push(other as PathMessage);
        places.push(other);
      }
    }
  }
  return found;
}

/**
 * The part of a conversation the index reads; an answer still streaming waits until it ends. The
 * other versions of each message are found at its place (a hit opens the message shown there).
 */
export function indexedPart(
  c: Pick<Conversation, 'id' | 'title' | 'messages'>,
): IndexedConversation {
  const messages: IndexedConversation['messages'] = [];
  const attached: AttachedRef[] = [];
  for (const m of c.messages) {
    if (hasText(m)) messages.push({ id: m.id, role: roleOf(m), text: m.content });
    for (const other of versionTexts(m))
      messages.push({ id: m.id, role: roleOf(other), text: other.content, source: 'version' });
    if (m.status === 'streaming' || !Array.isArray(m.attachments)) continue;
    for (const a of m.attachments) {
      if (typeof a !== 'object' || a === null || typeof a.name !== 'string') continue;
      if (a.kind === 'text' && typeof a.fileId === 'string')
        attached.push({
          messageId: m.id,
          role: roleOf(m),
          name: a.name,
          kind: 'text',
          fileId: a.fileId,
        });
      else if (a.kind === 'document' && typeof a.documentId === 'string')
        attached.push({
          messageId: m.id,
          role: roleOf(m),
          name: a.name,
          kind: 'document',
          documentId: a.documentId,
        });
    }
  }
  return {
    id: c.id,
    title: c.title.trim() === '' ? '' : c.title,
    messages,
    ...(attached.length > 0 ? { attached } : {}),
  };
}
