// Conversations on disk: one JSON file each plus an index of summaries, saved, changed, adopted and searched (reading, the index and the word index in conversation-*.ts).
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  Conversation,
  ConversationAssistant,
  ConversationList,
  SearchHit,
  StorageProblem,
  WordIndexStatus,
} from '../../../shared/types';
import type { ConversationPatch } from '../../../shared/channels';
import { compareSummaries, summaryOf } from '../../../shared/conversations';
import { writeFileAtomic } from './atomic-write';
import {
  CONVERSATION_VERSION,
  type IndexEntry,
  type StoredConversation,
} from './conversation-file';
import {
  INDEX_FILE,
  listedSummary,
  loadEntries,
  originKeysOf,
  writeIndex,
} from './conversation-index';
import { applyPatch, applyTitleRule, keepGivenTitle } from './conversation-patch';
import { readConversationFile, recoverInterrupted, storageError } from './conversation-read';
import { openLibraryWords, scheduleWordIndexBuild } from './conversation-words';
import type { AttachedFolders } from './search-doc';
import { hasIdShape, isStorableId, newId } from './ids';
import { openRecovery, type Recovery } from './recovery';
import { saveFailed } from './save-failure';
import { RECOVERED_FOLDER } from '../../../shared/storage';
import { serviceError, type ServiceError } from '../service/errors';

export interface ConversationLibrary {
  /** Pinned first, then the most recently updated. */
  list(): ConversationList;
  /** The live object: the chat engine changes it in place and saves it. */
  get(id: string): Promise<Conversation>;
  create(opts: {
    model: string;
    systemPrompt?: string;
    temperature?: number | null;
    maxTokens?: number | null;
    folderId?: string | null;
    assistant?: ConversationAssistant;
  }): Promise<Conversation>;
  update(id: string, patch: ConversationPatch): Promise<Conversation>;
  /** Writes the conversation (updatedAt becomes now; the title follows the first message until renamed). */
  save(conversation: Conversation): Promise<void>;
  remove(id: string): Promise<void>;
  /**
   * A model's title for the conversation, unless the person named it meanwhile; null then (or
   * when it is gone). The conversation keeps its place by date.
   */
  setModelTitle(id: string, title: string): Promise<Conversation | null>;
  /** Takes every conversation out of the folder (when the folder is deleted); their ids. */
  clearFolder(folderId: string): Promise<string[]>;
  /**
   * Adds a whole conversation from an import or a restore, as given (fields this version does not
   * know are kept); an id that is taken or not storable (ids.ts) gets a new one. Never overwrites.
   */
  adopt(conversation: Conversation): Promise<{ id: string; renamed: boolean }>;
  /** Whether a conversation has this id. */
  has(id: string): boolean;
  /** Every origin (originKey) of the conversations imports and restores added, to its conversation's id. */
  originIndex(): Map<string, string>;
  /**
   * Takes every conversation out of a folder that `exists` does not know (a delete a crash cut
   * short, an import from another library): it goes back to the main list, nothing else changes.
   */
  clearMissingFolders(exists: (folderId: string) => boolean): Promise<string[]>;
  /**
   * Titles and messages holding every word of the query, in any order, case and accents aside;
   * the last word may be the start of one. Answers from what is indexed while the index builds.
   */
  search(query: string): Promise<SearchHit[]>;
  /** Whether the word index is still being built (then hits may be missing). */
  searchStatus(): WordIndexStatus;
  /** Resolves when the word index has been built. */
  searchReady(): Promise<void>;
  /** Waits for every pending write. */
  flush(): Promise<void>;
  /**
   * Flushes, then stops the search worker (a build under way stops between two batches; the next
   * start goes on from there). For core's close; the library still answers after, restarting it.
   */
  close(): Promise<void>;
}

export interface LibraryOptions {
  now?: () => Date;
  /** Delay before the index file is rewritten, so a burst of saves writes it once. */
  indexDelayMs?: number;
  /** How long a search waits for the word index being built before answering with what is in. */
  searchWaitMs?: number;
  /** Where unreadable files go; core's one, so the person hears of them. Default: a new one. */
  recovery?: Recovery;
  /**
   * Where the texts of attached files are, for search: the uploads and the Documents library.
   * Default: `files` and `documents` of `dataDir`.
   */
  attachedFolders?: AttachedFolders;
}

/** Where the conversations live in the data folder (also how their set-aside records are told apart). */
const FOLDER = 'conversations';

function notFound(id: string): ServiceError {
  return serviceError('not_found', `There is no conversation ${id}.`);
}

export async function openConversationLibrary(
  dataDir: string,
  options: LibraryOptions = {},
): Promise<ConversationLibrary> {
  const folder = join(dataDir, FOLDER);
  const recovery = options.recovery ?? openRecovery(dataDir);
  const indexFile = join(folder, INDEX_FILE);
  const now = options.now ?? (() => new Date());
  const indexDelayMs = options.indexDelayMs ?? 200;

  const entries = new Map<string, IndexEntry>();
  const loaded = new Map<string, StoredConversation>();
  const pending = new Set<Promise<unknown>>();
  let indexTimer: NodeJS.Timeout | null = null;
  const saveSeq = new Map<string, number>();

  const fileOf = (id: string) => join(folder, `${id}.json`);

  function track<T>(p: Promise<T>): Promise<T> {
    pending.add(p);
    void p.then(
      () => pending.delete(p),
      () => pending.delete(p),
    );
    return p;
  }

  /** The conversation files set aside since start, as the list reports them. */
  function problems(): StorageProblem[] {
    return recovery
      .items()
      .filter((item) => item.file.startsWith(`${FOLDER}/`) && item.file.endsWith('.json'))
      .filter((item) => item.file !== `${FOLDER}/${INDEX_FILE}`)
      .map((item) => ({
        file: item.file.slice(FOLDER.length + 1),
        reason:
          item.reason +
          (item.movedTo === null
            ? ' It could not be moved and was left where it was.'
            : ` It was set aside in ${item.movedTo}.`),
      }));
  }

  async function writeConversation(c: StoredConversation): Promise<void> {
    c.messageCount = c.messages.length;
    const file = fileOf(c.id);
    // The index entry must describe exactly the bytes written: take the summary with the body,
    // and let only the newest of overlapping saves record its size and time.
    const body = JSON.stringify(c);
    const summary = { ...summaryOf(c), ...originKeysOf(c) };
    const streaming = c.messages.some((m) => m.status === 'streaming');
    const seq = (saveSeq.get(c.id) ?? 0) + 1;
    saveSeq.set(c.id, seq);
    try {
      await writeFileAtomic(file, body);
    } catch (e) {
      throw saveFailed(`The conversation “${c.title || c.id}”`, e);
    }
    const info = await stat(file);
    if (saveSeq.get(c.id) !== seq) return;
    entries.set(c.id, { ...summary, size: info.size, mtimeMs: info.mtimeMs, streaming });
    words.saved(c, { size: info.size, mtimeMs: info.mtimeMs });
    scheduleIndexWrite();
  }

  function scheduleIndexWrite(): void {
    if (indexTimer) return;
    indexTimer = setTimeout(() => {
      indexTimer = null;
      void track(writeIndex(indexFile, entries)).catch(() => undefined);
    }, indexDelayMs);
  }

  async function getStored(id: string): Promise<StoredConversation> {
    if (!hasIdShape('conversation', id)) throw notFound(id);
    const cached = loaded.get(id);
    if (cached) return cached;
    if (!entries.has(id)) throw notFound(id);
    const c = await readConversationFile(recovery, fileOf(id), id);
    if (!c) {
      entries.delete(id);
      words.removed(id);
      scheduleIndexWrite();
      throw storageError(
        `This conversation's file could not be opened, so it was set aside in the ${RECOVERED_FOLDER} folder with the reason; the other conversations are not affected.`,
      );
    }
    // Another get may have loaded it while this one read the file: keep one live object.
    const raced = loaded.get(id);
    if (raced) return raced;
    loaded.set(id, c);
    return c;
  }

  /**
   * Makes `change` to a conversation the library holds, and saves it; when the save is refused (a
   * full disk), the change is undone, so what the app shows is what is on disk.
   */
  async function changeAndSave(c: StoredConversation, change: () => void): Promise<void> {
    const before = { ...c };
    change();
    try {
      await track(writeConversation(c));
    } catch (e) {
      const fields = c as unknown as Record<string, unknown>;
      for (const key of Object.keys(fields)) if (!(key in before)) delete fields[key];
      Object.assign(c, before);
      throw e;
    }
  }

  /** Saves a conversation new to the library; refused, it is forgotten again. */
  async function saveNew(c: StoredConversation): Promise<void> {
    loaded.set(c.id, c);
    try {
      await track(writeConversation(c));
    } catch (e) {
      loaded.delete(c.id);
      throw e;
    }
  }

  const words = openLibraryWords(dataDir, folder, options, () => entries, recovery);

  const indexChanged = await loadEntries({
    folder,
    indexFile,
    recovery,
    fileOf,
    entries,
    loaded,
    write: writeConversation,
  });
  if (indexChanged) {
    if (indexTimer) clearTimeout(indexTimer);
    indexTimer = null;
    // The index is a cache: a full disk may refuse it, and the next start reads the files again.
    await track(writeIndex(indexFile, entries)).catch(() => undefined);
  }
  const build = scheduleWordIndexBuild(words);

  const library: ConversationLibrary = {
    list() {
      build.listed();
      return {
        total: entries.size,
        items: [...entries.values()].map(listedSummary).sort(compareSummaries),
        problems: problems(),
      };
    },

    get: getStored,

    async create({ model, systemPrompt, temperature, maxTokens, folderId, assistant }) {
      const at = now().toISOString();
      const c: StoredConversation = {
        version: CONVERSATION_VERSION,
        id: newId('conversation'),
        title: '',
        pinned: false,
        createdAt: at,
        updatedAt: at,
        model,
        messageCount: 0,
        systemPrompt: systemPrompt ?? '',
        temperature: temperature ?? null,
        maxTokens: maxTokens ?? null,
        contextStart: 0,
        messages: [],
        folderId: folderId ?? null,
        archived: false,
        ...(assistant ? { assistant } : {}),
      };
      await saveNew(c);
      return c;
    },

    async update(id, patch) {
      const c = await getStored(id);
      await changeAndSave(c, () => applyPatch(c, patch, now));
      return c;
    },

    async save(conversation) {
      const c = conversation as StoredConversation;
      if (loaded.get(c.id) !== c) throw notFound(c.id);
      applyTitleRule(c);
      c.updatedAt = now().toISOString();
      await track(writeConversation(c));
    },

    async setModelTitle(id, title) {
      let c: StoredConversation;
      try {
        c = await getStored(id);
      } catch {
        return null;
      }
      if (c.titleEdited || title.trim() === '') return null;
      await changeAndSave(c, () => {
        c.title = title;
        c.titleByModel = true;
      });
      return c;
    },

    async clearFolder(folderId) {
      const ids = [...entries.values()].filter((e) => e.folderId === folderId).map((e) => e.id);
      for (const id of ids) {
        const c = await getStored(id).catch(() => null);
        if (!c) continue;
        await changeAndSave(c, () => {
          c.folderId = null;
        });
      }
      return ids;
    },

    async remove(id) {
      if (!hasIdShape('conversation', id) || !entries.has(id)) throw notFound(id);
      loaded.delete(id);
      entries.delete(id);
      words.removed(id);
      try {
        await track(rm(fileOf(id), { force: true }));
      } catch (e) {
        throw storageError(`The conversation could not be deleted (${(e as Error).message}).`);
      }
      scheduleIndexWrite();
    },

    search: (query) => words.search(query),
    searchStatus: () => words.status(),
    searchReady: () => words.ready(),

    async adopt(conversation) {
      const c = { ...conversation } as StoredConversation;
      // A name the disk already holds counts as taken whatever its case (macOS and Windows fold it).
      const renamed =
        !isStorableId('conversation', c.id) ||
        entries.has(c.id) ||
        loaded.has(c.id) ||
        (await stat(fileOf(c.id)).then(
          () => true,
          () => false,
        ));
      if (renamed) c.id = newId('conversation');
      c.contextStart = Math.min(Math.max(0, c.contextStart), c.messages.length);
      recoverInterrupted(c);
      keepGivenTitle(c);
      await saveNew(c);
      return { id: c.id, renamed };
    },

    has(id) {
      return entries.has(id) || loaded.has(id);
    },

    originIndex() {
      const index = new Map<string, string>();
      for (const entry of entries.values()) {
        for (const key of entry.origins ?? []) index.set(key, entry.id);
      }
      return index;
    },

    async clearMissingFolders(exists) {
      const gone = new Set<string>();
      for (const entry of entries.values()) {
        if (entry.folderId && !exists(entry.folderId)) gone.add(entry.folderId);
      }
      const ids: string[] = [];
      for (const folderId of gone) ids.push(...(await library.clearFolder(folderId)));
      return ids;
    },

    async flush() {
      // A finishing save may schedule the index write: loop until both are done.
      while (pending.size > 0 || indexTimer) {
        if (indexTimer) {
          clearTimeout(indexTimer);
          indexTimer = null;
          track(writeIndex(indexFile, entries)).catch(() => undefined);
        }
        await Promise.allSettled([...pending]);
      }
      await words.flush();
    },

    async close() {
      build.cancel();
      await library.flush();
      await words.close();
    },
  };
  return library;
}
