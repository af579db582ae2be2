// The list of conversations kept for a fast start (conversations/index.json): written, read, checked against the files at start, shown as the list.
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { summaryOf } from '../../../shared/conversations';
import type { ConversationSummary } from '../../../shared/types';
import { isAtomicTempFile, writeFileAtomic } from './atomic-write';
import {
  INDEX_VERSION,
  type IndexEntry,
  indexSchema,
  originKey,
  type StoredConversation,
} from './conversation-file';
import { readConversationFile, recoverInterrupted } from './conversation-read';
import { makeFolder } from './data-folder';
import { hasIdShape } from './ids';
import type { Recovery } from './recovery';
import { STAMP_TICK_MS } from './search-doc';

export const INDEX_FILE = 'index.json';

/** The index's record of a conversation's origins (nothing when it has none). */
export function originKeysOf(c: StoredConversation): Pick<IndexEntry, 'origins'> {
  return c.origins && c.origins.length > 0 ? { origins: c.origins.map(originKey) } : {};
}

/** An index entry as the list shows it. */
export function listedSummary({
  id,
  title,
  pinned,
  createdAt,
  updatedAt,
  model,
  messageCount,
  folderId,
  archived,
  assistant,
}: IndexEntry): ConversationSummary {
  return {
    id,
    title,
    pinned,
    createdAt,
    updatedAt,
    model,
    messageCount,
    folderId: folderId ?? null,
    archived: archived ?? false,
    ...(assistant ? { assistant } : {}),
  };
}

export function writeIndex(indexFile: string, entries: Map<string, IndexEntry>): Promise<void> {
  const body = { version: INDEX_VERSION, entries: [...entries.values()] };
  return writeFileAtomic(indexFile, JSON.stringify(body));
}

/** The saved summaries; null when there are none or they cannot be used (then set aside). */
async function readIndex(
  indexFile: string,
  recovery: Recovery,
): Promise<Map<string, IndexEntry> | null> {
  let why: string;
  try {
    const parsed = indexSchema.safeParse(JSON.parse(await readFile(indexFile, 'utf8')));
    if (parsed.success) return new Map(parsed.data.entries.map((e) => [e.id, e]));
    why = 'it is not a list of conversations';
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    why = (e as Error).message;
  }
  // Only a cache of the conversation files: it is made again from them, and nothing is missing.
  await recovery.setAside(
    indexFile,
    `The list of conversations kept for a fast start could not be used (${why}). It was made again from the conversation files; no conversation is missing.`,
  );
  return null;
}

/** What loading the conversations folder reads and fills. */
export interface IndexLoad {
  folder: string;
  indexFile: string;
  recovery: Recovery;
  fileOf: (id: string) => string;
  /** Filled with a summary of every conversation file. */
  entries: Map<string, IndexEntry>;
  /** Filled with the conversations recovered from a crash (changed, so held in memory). */
  loaded: Map<string, StoredConversation>;
  /** Saves a conversation recovered from a crash. */
  write: (c: StoredConversation) => Promise<void>;
}

/**
 * Trusts the index where it matches the files (size and mtime), re-reads the rest, drops
 * entries whose file is gone; a missing or corrupt index is rebuilt from the files. Answers
 * whether the index must be written again.
 */
export async function loadEntries(load: IndexLoad): Promise<boolean> {
  const { folder, indexFile, recovery, fileOf, entries, loaded } = load;
  await makeFolder(folder);
  const names = await readdir(folder);
  await Promise.all(
    names.filter(isAtomicTempFile).map((n) => rm(join(folder, n), { force: true })),
  );
  const ids = names
    .filter((n) => n.endsWith('.json') && n !== INDEX_FILE)
    .map((n) => n.slice(0, -'.json'.length))
    .filter((id) => hasIdShape('conversation', id));
  // A save in the same clock tick as the one the list recorded keeps its stamp (search-doc.ts):
  // a file whose mtime is this close to the list's own writing may hold a save it never heard of.
  const listWrittenMs = await stat(indexFile).then(
    (info) => info.mtimeMs,
    () => 0,
  );
  const previous = await readIndex(indexFile, recovery);
  let indexChanged = previous === null || previous.size !== ids.length;

  for (const id of ids) {
    let info;
    try {
      info = await stat(fileOf(id));
    } catch {
      continue;
    }
    const known = previous?.get(id);
    const sameStamp = known?.size === info.size && known.mtimeMs === info.mtimeMs;
    const settled = info.mtimeMs < listWrittenMs - STAMP_TICK_MS;
    if (known && !known.streaming && sameStamp && settled) {
      entries.set(id, known);
      continue;
    }
    indexChanged = true;
    let c: StoredConversation | null;
    try {
      c = await readConversationFile(recovery, fileOf(id), id);
    } catch {
      // Not readable just now: its last summary stands, and opening it reads it again.
      if (known) entries.set(id, known);
      continue;
    }
    if (!c) continue;
    if (recoverInterrupted(c)) {
      loaded.set(id, c);
      // Unsaved (a full disk), it is still 'streaming' on disk and recovered again next start.
      await load.write(c).catch(() => undefined);
      if (!entries.has(id))
        entries.set(id, {
          ...summaryOf(c),
          ...originKeysOf(c),
          size: info.size,
          mtimeMs: info.mtimeMs,
          streaming: true,
        });
    } else {
      entries.set(id, {
        ...summaryOf(c),
        ...originKeysOf(c),
        size: info.size,
        mtimeMs: info.mtimeMs,
        streaming: false,
      });
    }
  }
  return indexChanged;
}
