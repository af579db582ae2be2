// Conversation search: keeps the word index (search-index.ts) in step with the library, builds it
// in the background at start (from its saved copy where the files have not changed), saves it.
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Conversation, SearchHit, WordIndexStatus } from '../../../shared/types';
import { writeFileAtomic } from './atomic-write';
import { createWordIndex, type FileStamp, loadWordIndex, type WordIndex } from './search-index';

/** Files read at once while building: fast on big libraries without opening thousands at once. */
const READ_BATCH = 16;

export interface ConversationSearchDeps {
  /** Where the index is saved between starts. */
  file: string;
  /** Every conversation in the library now, with the stamp of its file. */
  stamps(): ReadonlyMap<string, FileStamp>;
  /** The conversation as saved, or null when its file cannot be read. */
  read(id: string): Promise<Conversation | null>;
  /** How long a search made during the build waits for it before answering with what is in. */
  waitMs?: number;
}

export interface ConversationSearch {
  /** Starts the background build (once); searches before it ends say so in `status`. */
  start(): void;
  /** The conversation was written with this stamp. */
  saved(conversation: Conversation, stamp: FileStamp): void;
  removed(id: string): void;
  search(query: string): Promise<SearchHit[]>;
  status(): WordIndexStatus;
  /** Resolves when the build has ended. */
  ready(): Promise<void>;
  /**
   * Saves the index if it changed. Only here (the library is flushed when the app closes): writing
   * a big index takes seconds, too long to pay while the person works. After a crash the older
   * saved copy still serves; its stamps tell which files to read again. A build still under way
   * is not waited for: what it has indexed is saved, and the next start reads only the rest.
   */
  flush(): Promise<void>;
}

const sameStamp = (a: FileStamp | undefined, b: FileStamp | undefined) =>
  a !== undefined && b !== undefined && a.size === b.size && a.mtimeMs === b.mtimeMs;

export function openConversationSearch(deps: ConversationSearchDeps): ConversationSearch {
  const waitMs = deps.waitMs ?? 300;
  let index: WordIndex = createWordIndex();
  let building: Promise<void> | null = null;
  let done = false;
  let indexed = 0;
  let dirty = false;
  let writing: Promise<void> = Promise.resolve();
  /** While the saved copy loads, saves and removals land here too, to be replayed on it. */
  let during: Map<string, { c: Conversation; stamp: FileStamp } | null> | null = null;

  function save(): Promise<void> {
    // While the saved copy loads, the index in hand holds only the latest saves: keep the copy.
    if (!dirty || during) return writing;
    dirty = false;
    // Taken now, in one piece: the stamps always describe exactly the words saved with them.
    const text = index.toJSON();
    writing = writing
      .then(async () => {
        await mkdir(dirname(deps.file), { recursive: true });
        await writeFileAtomic(deps.file, text);
      })
      .catch(() => {
        // Only a cache: the next start rebuilds what it cannot read.
      });
    return writing;
  }

  async function load(): Promise<WordIndex | null> {
    try {
      return await loadWordIndex(await readFile(deps.file, 'utf8'));
    } catch {
      return null;
    }
  }

  async function build(): Promise<void> {
    during = new Map();
    const saved = await load();
    if (saved) {
      for (const [id, op] of during) {
        if (op) saved.setConversation(op.c, op.stamp);
        else saved.removeConversation(id);
      }
      index = saved;
    } else dirty = true;
    during = null;

    const stamps = deps.stamps();
    for (const id of index.conversationIds()) {
      if (!stamps.has(id)) {
        index.removeConversation(id);
        dirty = true;
      }
    }
    const stale = [...stamps.keys()].filter((id) => !sameStamp(index.stampOf(id), stamps.get(id)));
    indexed = stamps.size - stale.length;
    for (let i = 0; i < stale.length; i += READ_BATCH) {
      await Promise.all(
        stale.slice(i, i + READ_BATCH).map(async (id) => {
          const c = await deps.read(id);
          // A save during the read already put the newer text in; a removal took it out.
          const now = deps.stamps().get(id);
          if (c && now && !sameStamp(index.stampOf(id), now)) {
            index.setConversation(c, now);
            dirty = true;
          }
          indexed++;
        }),
      );
      // Let the first screen and the person's clicks through between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
    done = true;
  }

  function start(): void {
    building ??= build().catch(() => {
      done = true;
    });
  }

  return {
    start,

    saved(c, stamp) {
      index.setConversation(c, stamp);
      during?.set(c.id, { c, stamp });
      dirty = true;
    },

    removed(id) {
      index.removeConversation(id);
      during?.set(id, null);
      dirty = true;
    },

    async search(query) {
      if (query.trim() === '') return [];
      start();
      if (!done && building) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          building,
          new Promise((resolve) => (timer = setTimeout(resolve, waitMs))),
        ]);
        clearTimeout(timer);
      }
      return index.search(query);
    },

    status() {
      const total = deps.stamps().size;
      return done
        ? { indexing: false, indexed: total, total }
        : { indexing: true, indexed: Math.min(indexed, total), total };
    },

    async ready() {
      start();
      await building;
    },

    flush: save,
  };
}
