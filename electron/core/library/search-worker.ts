// The search worker's entry: owns the word index (SQLite in search-index.ts) so core's thread never
// waits on it; builds it from the conversation files in small batches, between which saves and
// searches are answered.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import type { SearchHit } from '../../../shared/types';
import {
  type FileStamp,
  type IndexedConversation,
  indexedPart,
  openWordIndex,
  type WordIndex,
} from './search-index';

/** Conversations read and written per transaction while building. */
const BUILD_BATCH = 8;

export type SearchRequest =
  | { id: number; op: 'open'; file: string }
  | { id: number; op: 'build'; folder: string; stamps: [string, FileStamp][] }
  | { id: number; op: 'set'; conversation: IndexedConversation; stamp: FileStamp }
  | { id: number; op: 'remove'; conversationId: string }
  | { id: number; op: 'search'; query: string }
  | { id: number; op: 'close' };

export type SearchReply =
  | { id: number; ok: true; hits?: SearchHit[]; rebuilt?: boolean }
  | { id: number; ok: false; message: string }
  | { id: 0; progress: { indexed: number; total: number } };

const sameStamp = (a: FileStamp | undefined, b: FileStamp) =>
  a !== undefined && a.size === b.size && a.mtimeMs === b.mtimeMs;

/** The conversation file as the index needs it; null when it is gone or not a conversation. */
function readConversation(file: string): { c: IndexedConversation; stamp: FileStamp } | null {
  try {
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
      stamp: { size: info.size, mtimeMs: info.mtimeMs },
    };
  } catch {
    return null;
  }
}

let index: WordIndex | null = null;
/** Changes from core while a build runs: the build must not put back older text from disk. */
let touched: Set<string> | null = null;

function need(): WordIndex {
  if (!index) throw new Error('The word index is not open.');
  return index;
}

async function build(
  folder: string,
  listed: [string, FileStamp][],
  progress: (indexed: number, total: number) => void,
): Promise<void> {
  const words = need();
  const wanted = new Map(listed);
  touched = new Set();
  try {
    for (const id of words.conversationIds()) if (!wanted.has(id)) words.removeConversation(id);
    const known = words.stamps();
    const stale = listed
      .filter(([id, stamp]) => !sameStamp(known.get(id), stamp))
      .map(([id]) => id);
    let indexed = listed.length - stale.length;
    progress(indexed, listed.length);
    for (let i = 0; i < stale.length; i += BUILD_BATCH) {
      const batch: { conversation: IndexedConversation; stamp: FileStamp }[] = [];
      for (const id of stale.slice(i, i + BUILD_BATCH)) {
        if (touched.has(id)) continue;
        const read = readConversation(join(folder, `${id}.json`));
        if (read) batch.push({ conversation: { ...read.c, id }, stamp: read.stamp });
      }
      words.setConversations(batch);
      indexed += Math.min(BUILD_BATCH, stale.length - i);
      progress(indexed, listed.length);
      // Saves and searches from core are answered between batches.
      await new Promise((resolve) => setImmediate(resolve));
      // Closed meanwhile (core stopping): what is in stays for the next start.
      if (index !== words) return;
    }
  } finally {
    touched = null;
  }
}

const port = parentPort;
if (port) {
  const reply = (message: SearchReply) => port.postMessage(message);
  port.on('message', (request: SearchRequest) => {
    const fail = (e: unknown) =>
      reply({ id: request.id, ok: false, message: e instanceof Error ? e.message : String(e) });
    try {
      switch (request.op) {
        case 'open': {
          index?.close();
          const opened = openWordIndex(request.file);
          index = opened;
          reply({ id: request.id, ok: true, rebuilt: opened.rebuilt });
          return;
        }
        case 'build':
          build(request.folder, request.stamps, (indexed, total) =>
            reply({ id: 0, progress: { indexed, total } }),
          ).then(() => reply({ id: request.id, ok: true }), fail);
          return;
        case 'set':
          touched?.add(request.conversation.id);
          need().setConversation(request.conversation, request.stamp);
          break;
        case 'remove':
          touched?.add(request.conversationId);
          need().removeConversation(request.conversationId);
          break;
        case 'search':
          reply({ id: request.id, ok: true, hits: need().search(request.query) });
          return;
        case 'close':
          index?.close();
          index = null;
          break;
      }
      reply({ id: request.id, ok: true });
    } catch (e) {
      fail(e);
    }
  });
}
