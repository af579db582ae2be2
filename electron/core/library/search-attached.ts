// The text of files attached to messages, read in the search worker so that search finds their words: text uploads and the Documents library's extractions.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  ATTACHED_TEXT_INDEXED_CHARS,
  type AttachedFolders,
  type AttachedRef,
  type IndexedConversation,
} from './search-doc';
import { hasIdShape } from './ids';
import { TEXT_ATTACHMENT_MAX_BYTES } from '../../../shared/attachments';

/** Texts kept between saves: a conversation is saved many times, its attachments never change. */
const CACHED_TEXTS = 32;

export type AttachedTextReader = (ref: AttachedRef) => string | null;

/** A text upload as the chat sends it: UTF-8 and no NUL, within the text attachment limit. */
function uploadText(path: string): string | null {
  const bytes = readFileSync(path);
  if (bytes.length === 0 || bytes.length > TEXT_ATTACHMENT_MAX_BYTES) return null;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.includes('\u0000') ? null : text;
  } catch {
    return null;
  }
}

function documentText(path: string): string | null {
  const record = JSON.parse(readFileSync(path, 'utf8')) as { text?: unknown };
  return typeof record.text === 'string' ? record.text : null;
}

/**
 * Reads an attached file's text (cut at ATTACHED_TEXT_INDEXED_CHARS), or null when it is gone,
 * not text, or its id has not the shape of one (a conversation file is not trusted to name paths).
 */
export function attachedTextReader(folders: AttachedFolders): AttachedTextReader {
  const cache = new Map<string, { mtimeMs: number; text: string | null }>();
  return (ref) => {
    let path: string;
    if (ref.kind === 'text' && hasIdShape('file', ref.fileId))
      path = join(folders.files, `${ref.fileId}.bin`);
    else if (ref.kind === 'document' && hasIdShape('document', ref.documentId))
      path = join(folders.documents, `${ref.documentId}.json`);
    else return null;
    try {
      const { mtimeMs } = statSync(path);
      const known = cache.get(path);
      if (known && known.mtimeMs === mtimeMs) return known.text;
      const whole = ref.kind === 'text' ? uploadText(path) : documentText(path);
      const text = whole === null ? null : whole.slice(0, ATTACHED_TEXT_INDEXED_CHARS);
      cache.delete(path);
      cache.set(path, { mtimeMs, text });
      if (cache.size > CACHED_TEXTS) cache.delete(cache.keys().next().value!);
      return text;
    } catch {
      return null;
    }
  };
}

/** The conversation with the text of each attached file as a text of its message. */
export function withAttachedText(
  c: IndexedConversation,
  read: AttachedTextReader | null,
): IndexedConversation {
  if (!c.attached) return c;
  const messages = [...c.messages];
  if (read)
    for (const ref of c.attached) {
      const text = read(ref);
      if (text !== null && text.trim() !== '')
        messages.push({ id: ref.messageId, role: ref.role, text, source: `file:${ref.name}` });
    }
  return { id: c.id, title: c.title, messages };
}
