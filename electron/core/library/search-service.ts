// What the search worker does (search-worker.ts is only its port): owns the word index, builds it
// from the conversation files in small batches between which saves and searches are answered, and
// answers each failure with what it means for the index (damaged, unwritable).
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchHit } from '../../../shared/types';
import { attachedTextReader, type AttachedTextReader, withAttachedText } from './search-attached';
import { type AttachedFolders, indexedIsCurrent } from './search-doc';
import {
  type FileStamp,
  type IndexedConversation,
  type IndexedStamp,
  indexedPart,
  openWordIndex,
  type WordIndex,
} from './search-index';
import { failureOf, WordIndexDamage, type WordIndexFailure } from './search-index-file';

/** Conversations read and written per transaction while building. */
const BUILD_BATCH = 8;

export type SearchRequest =
  | { id: number; op: 'open'; file: string }
  | {
      id: number;
      op: 'build';
      folder: string;
      stamps: [string, FileStamp][];
      attached?: AttachedFolders;
    }
  | {
      id: number;
      op: 'set';
      conversation: IndexedConversation;
      stamp: IndexedStamp;
      attached?: AttachedFolders;
    }
  | { id: number; op: 'remove'; conversationId: string }
  | { id: number; op: 'search'; query: string }
  | { id: number; op: 'close' };

export type SearchReply =
  | { id: number; ok: true; hits?: SearchHit[] }
  | { id: number; ok: false; message: string; failure: WordIndexFailure }
  | { id: 0; progress: { indexed: number; total: number } };

/** The conversation file as the index needs it; null when it is gone or not a conversation. */
function readConversation(file: string): { c: IndexedConversation; stamp: IndexedStamp } | null {
  try {
    // Taken before the file is looked at: a later save within the stamp's tick is then not missed.
    const takenAt = Date.now();
    const info = statSync(file);
    const json = JSON.parse(readFileSync(file, 'utf8')) as {
      id?: unknown;
      title?: unknown;
      messages?: unknown;
    };
    if (typeof json.title !== 'string' || !Array.isArray(json.messages)) return null;
    const messages = (json.messages as Record<string, unknown>[]).filter(
      (m) => m && typeof m.id === 'string' && typeof m.content === 'string',
    ) as unknown as Parameters<typeof indexedPart>[0]['messages'];
    return {
      c: indexedPart({ id: '', title: json.title, messages }),
      stamp: { size: info.size, mtimeMs: info.mtimeMs, takenAt },
    };
  } catch {
    return null;
  }
}

/**
 * The worker's work, apart from its port (a test runs it in its own thread): `handle` takes each
 * request in order and answers it through `reply`.
 */
export function openSearchService(reply: (message: SearchReply) => void): {
  handle(request: SearchRequest): void;
} {
  let file: string | null = null;
  let index: WordIndex | null = null;
  /** Why the open index was found damaged: it is closed, and nothing is read or written until core sets it aside and opens again. */
  let damage: string | null = null;
  /** Changes from core while a build runs: the build must not put back older text from disk. */
  let touched: Set<string> | null = null;
  /** Reads attached files' texts; one per pair of folders, keeping its texts between saves. */
  let reader: { key: string; read: AttachedTextReader } | null = null;

  function readerFor(folders: AttachedFolders | undefined): AttachedTextReader | null {
    if (!folders) return null;
    const key = `${folders.files}\n${folders.documents}`;
    if (reader?.key !== key) reader = { key, read: attachedTextReader(folders) };
    return reader.read;
  }

  function closeIndex(): void {
    index?.close();
    index = null;
  }

  /** The open index; after an idle close, the same file opened again. */
  function need(): WordIndex {
    if (damage !== null) throw new WordIndexDamage(damage);
    if (index) return index;
    if (file === null) throw new Error('The word index is not open.');
    index = openWordIndex(file);
    return index;
  }

  async function build(
    folder: string,
    listed: [string, FileStamp][],
    progress: (indexed: number, total: number) => void,
    read: AttachedTextReader | null,
  ): Promise<void> {
    const words = need();
    // A damaged file can still answer some reads: it is read whole once a start, before its stamps are trusted.
    const problem = words.check();
    if (problem !== null) throw new WordIndexDamage(problem);
    const wanted = new Map(listed);
    touched = new Set();
    try {
      for (const id of words.conversationIds()) if (!wanted.has(id)) words.removeConversation(id);
      const known = words.stamps();
      const stale = listed
        .filter(([id, stamp]) => !indexedIsCurrent(known.get(id), stamp))
        .map(([id]) => id);
      let indexed = listed.length - stale.length;
      progress(indexed, listed.length);
      for (let i = 0; i < stale.length; i += BUILD_BATCH) {
        const batch: { conversation: IndexedConversation; stamp: IndexedStamp }[] = [];
        for (const id of stale.slice(i, i + BUILD_BATCH)) {
          if (touched.has(id)) continue;
          const file = readConversation(join(folder, `${id}.json`));
          if (file)
            batch.push({
              conversation: withAttachedText({ ...file.c, id }, read),
              stamp: file.stamp,
            });
        }
        words.setConversations(batch);
        indexed += Math.min(BUILD_BATCH, stale.length - i);
        progress(indexed, listed.length);
        // Saves and searches from core are answered between batches.
        await new Promise((resolve) => setImmediate(resolve));
        if (index !== words) {
          // Damage met by a save meanwhile: the build is not whole either.
          if (damage !== null) throw new WordIndexDamage(damage);
          // Closed meanwhile (core stopping): what is in stays for the next start.
          return;
        }
      }
    } finally {
      touched = null;
    }
  }

  function handle(request: SearchRequest): void {
    const fail = (e: unknown) => {
      const failure = failureOf(e);
      const message = e instanceof Error ? e.message : String(e);
      if (failure === 'damaged' && damage === null) {
        damage = message;
        // Let go of the file at once: core moves it aside next.
        closeIndex();
      }
      reply({ id: request.id, ok: false, message, failure });
    };
    try {
      switch (request.op) {
        case 'open':
          closeIndex();
          damage = null;
          file = request.file;
          need();
          break;
        case 'build':
          build(
            request.folder,
            request.stamps,
            (indexed, total) => reply({ id: 0, progress: { indexed, total } }),
            readerFor(request.attached),
          ).then(() => reply({ id: request.id, ok: true }), fail);
          return;
        case 'set':
          touched?.add(request.conversation.id);
          need().setConversation(
            withAttachedText(request.conversation, readerFor(request.attached)),
            request.stamp,
          );
          break;
        case 'remove':
          touched?.add(request.conversationId);
          need().removeConversation(request.conversationId);
          break;
        case 'search':
          reply({ id: request.id, ok: true, hits: need().search(request.query) });
          return;
        case 'close':
          closeIndex();
          break;
      }
      reply({ id: request.id, ok: true });
    } catch (e) {
      fail(e);
    }
  }

  return { handle };
}
