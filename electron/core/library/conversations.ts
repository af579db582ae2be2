// Conversations on disk: one JSON file each plus an index of summaries, crash recovery, a word index for search.
import { readdir, readFile, rm, stat } from 'node:fs/promises';
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
import { settleUnfinishedCalls } from '../../../shared/tool-rounds';
import { compareSummaries, summaryOf } from '../../../shared/conversations';
import { firstWordsTitle } from '../../../shared/titles';
import { isAtomicTempFile, writeFileAtomic } from './atomic-write';
import {
  CONVERSATION_VERSION,
  conversationSchema,
  INDEX_VERSION,
  type IndexEntry,
  indexSchema,
  originKey,
  type StoredConversation,
} from './conversation-file';
import { openConversationSearch } from './conversation-search';
import type { AttachedFolders } from './search-doc';
import { makeFolder } from './data-folder';
import { hasIdShape, isStorableId, newId } from './ids';
import { openRecovery, type Recovery } from './recovery';
import { saveFailed } from './save-failure';
import { STAMP_TICK_MS } from './search-doc';
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

const INDEX_FILE = 'index.json';
/** Where the conversations live in the data folder (also how their set-aside records are told apart). */
const FOLDER = 'conversations';
/** Read errors that say "not now" rather than "this file is bad": the file is left where it is. */
const PASSING_READ_ERRORS = new Set(['EMFILE', 'ENFILE', 'EAGAIN', 'EBUSY', 'EINTR']);
/** The word index (SQLite), beside the conversations' folder: it is only a cache of them. */
const SEARCH_INDEX_FILE = join('search', 'words.sqlite');
/** The whole-file MiniSearch index of earlier versions, removed once the SQLite one is built. */
const LEGACY_SEARCH_INDEX_FILE = join('search', 'words.index');
/** The word index's build starts this long after the first list is served… */
const SEARCH_START_AFTER_LIST_MS = 2000;
/** …or this long after the library opens, whichever is first. */
const SEARCH_START_LATEST_MS = 5000;

/** The index's record of a conversation's origins (nothing when it has none). */
function originKeysOf(c: StoredConversation): Pick<IndexEntry, 'origins'> {
  return c.origins && c.origins.length > 0 ? { origins: c.origins.map(originKey) } : {};
}

/**
 * An imported title stays (issue 37): every save of a conversation made here sets the title by the
 * first question unless it was named, so an unnamed one whose title differs from that came from an
 * import (before imports marked their titles as given) and keeps it.
 */
function keepGivenTitle(c: StoredConversation): void {
  if (c.titleEdited || c.titleByModel || c.title === '') return;
  const first = c.messages.find((m) => m.role === 'user');
  if (c.title !== (first ? firstWordsTitle(first.content) : '')) c.titleEdited = true;
}

function notFound(id: string): ServiceError {
  return serviceError('not_found', `There is no conversation ${id}.`);
}

function storageError(message: string): ServiceError {
  return serviceError('storage', message);
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

  /**
   * Moves a conversation file that cannot be used to recovered/ with its reason, so the next start
   * does not trip on it again and the person is told (the list's problems are these records).
   */
  async function setAside(id: string, why: string): Promise<void> {
    await recovery.setAside(
      fileOf(id),
      `The conversation in this file could not be opened: ${why}. The other conversations are not affected.`,
    );
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

  /**
   * Reads and checks one file; null when it is not there, or unusable (then it is set aside). A
   * read refused for now (too many open files) throws instead: the file itself is fine.
   */
  async function readConversation(id: string): Promise<StoredConversation | null> {
    let text: string;
    try {
      text = await readFile(fileOf(id), 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return null;
      if (code && PASSING_READ_ERRORS.has(code))
        throw storageError(
          `Conversation ${id} could not be read just now (${(e as Error).message}); try again.`,
        );
      await setAside(id, `it could not be read (${(e as Error).message})`);
      return null;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      await setAside(id, `it is not valid JSON (${(e as Error).message})`);
      return null;
    }
    let parsed;
    try {
      parsed = conversationSchema.safeParse(json);
    } catch (e) {
      // A shape too deep for the checker (its stack) is as unusable as a wrong one.
      await setAside(id, `it could not be checked (${(e as Error).message})`);
      return null;
    }
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
      await setAside(
        id,
        `it does not hold a conversation (${issue?.message ?? 'wrong shape'}${where})`,
      );
      return null;
    }
    const c = parsed.data as StoredConversation;
    c.id = id;
    c.messageCount = c.messages.length;
    c.contextStart = Math.min(c.contextStart, c.messages.length);
    keepGivenTitle(c);
    return c;
  }

  /** A crash mid-answer leaves 'streaming' messages: they keep their text and become 'interrupted'. */
  function recoverInterrupted(c: StoredConversation): boolean {
    let changed = false;
    for (const m of c.messages) {
      if (m.status === 'streaming') {
        m.status = 'interrupted';
        // Calls left waiting or running end as stopped, so no card asks for a turn that is gone.
        settleUnfinishedCalls(m);
        changed = true;
      }
    }
    return changed;
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
      void track(writeIndex()).catch(() => undefined);
    }, indexDelayMs);
  }

  function writeIndex(): Promise<void> {
    const body = { version: INDEX_VERSION, entries: [...entries.values()] };
    return writeFileAtomic(indexFile, JSON.stringify(body));
  }

  /** The saved summaries; null when there are none or they cannot be used (then set aside). */
  async function readIndex(): Promise<Map<string, IndexEntry> | null> {
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

  /**
   * Trusts the index where it matches the files (size and mtime), re-reads the rest, drops
   * entries whose file is gone; a missing or corrupt index is rebuilt from the files.
   */
  async function loadAll(): Promise<void> {
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
    const previous = await readIndex();
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
        c = await readConversation(id);
      } catch {
        // Not readable just now: its last summary stands, and opening it reads it again.
        if (known) entries.set(id, known);
        continue;
      }
      if (!c) continue;
      if (recoverInterrupted(c)) {
        loaded.set(id, c);
        // Unsaved (a full disk), it is still 'streaming' on disk and recovered again next start.
        await writeConversation(c).catch(() => undefined);
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
    if (indexChanged) {
      if (indexTimer) clearTimeout(indexTimer);
      indexTimer = null;
      // The index is a cache: a full disk may refuse it, and the next start reads the files again.
      await track(writeIndex()).catch(() => undefined);
    }
  }

  async function getStored(id: string): Promise<StoredConversation> {
    if (!hasIdShape('conversation', id)) throw notFound(id);
    const cached = loaded.get(id);
    if (cached) return cached;
    if (!entries.has(id)) throw notFound(id);
    const c = await readConversation(id);
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

  /** A conversations.update patch applied to the conversation in memory. */
  function applyPatch(c: StoredConversation, patch: ConversationPatch): void {
    if (patch.title !== undefined) {
      const title = patch.title.replace(/\s+/g, ' ').trim();
      // Clearing the name hands the title back to the first message.
      c.titleEdited = title !== '';
      c.titleByModel = false;
      c.title = title;
    }
    if (patch.pinned !== undefined) c.pinned = patch.pinned;
    if (patch.model !== undefined) c.model = patch.model;
    if (patch.systemPrompt !== undefined) c.systemPrompt = patch.systemPrompt;
    if (patch.temperature !== undefined) c.temperature = patch.temperature;
    if (patch.maxTokens !== undefined) c.maxTokens = patch.maxTokens;
    if (patch.folderId !== undefined) c.folderId = patch.folderId;
    if (patch.tools !== undefined) c.tools = patch.tools;
    if (patch.archived !== undefined) c.archived = patch.archived;
    if (patch.answerFormat !== undefined) c.answerFormat = patch.answerFormat;
    if (patch.budget !== undefined) c.budget = patch.budget;
    applyTitleRule(c);
    // Filing a conversation away is not a change to it: its place by date stays.
    const filingOnly = Object.entries(patch).every(
      ([key, value]) => value === undefined || key === 'folderId' || key === 'archived',
    );
    if (!filingOnly) c.updatedAt = now().toISOString();
  }

  function applyTitleRule(c: StoredConversation): void {
    if (c.titleEdited || c.titleByModel) return;
    const first = c.messages.find((m) => m.role === 'user');
    c.title = first ? firstWordsTitle(first.content) : '';
  }

  const words = openConversationSearch({
    file: join(dataDir, SEARCH_INDEX_FILE),
    folder,
    legacyFiles: [join(dataDir, LEGACY_SEARCH_INDEX_FILE)],
    attached: options.attachedFolders ?? {
      files: join(dataDir, 'files'),
      documents: join(dataDir, 'documents'),
    },
    stamps: () => entries,
    // A damaged word index is set aside here too, so the person hears of it with the rest.
    recovery,
    ...(options.searchWaitMs !== undefined ? { waitMs: options.searchWaitMs } : {}),
  });

  await loadAll();
  // The word index builds in the background, and only once the first list has been served (and
  // painted, meanwhile): at start its worker would otherwise take a core from the first screen.
  // A search starts it at once; without a list (core alone) it starts after a while anyway.
  // Both timers are cleared by close: a build begun after it would write into a folder its owner
  // believes is let go (the bench removes it; a test deletes it).
  let buildTimer: NodeJS.Timeout | null = setTimeout(() => words.start(), SEARCH_START_LATEST_MS);
  buildTimer.unref();
  let soonTimer: NodeJS.Timeout | null = null;
  const startBuildSoon = () => {
    if (!buildTimer) return;
    clearTimeout(buildTimer);
    buildTimer = null;
    soonTimer = setTimeout(() => words.start(), SEARCH_START_AFTER_LIST_MS);
    soonTimer.unref();
  };

  const library: ConversationLibrary = {
    list() {
      startBuildSoon();
      return {
        total: entries.size,
        items: [...entries.values()]
          .map(
            ({
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
            }) => ({
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
            }),
          )
          .sort(compareSummaries),
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
      await changeAndSave(c, () => applyPatch(c, patch));
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
          track(writeIndex()).catch(() => undefined);
        }
        await Promise.allSettled([...pending]);
      }
      await words.flush();
    },

    async close() {
      if (buildTimer) clearTimeout(buildTimer);
      if (soonTimer) clearTimeout(soonTimer);
      buildTimer = soonTimer = null;
      await library.flush();
      await words.close();
    },
  };
  return library;
}
