// Conversation search: keeps the word index (search-index.ts, in the search worker) in step with
// the library, builds it in the background at start (reading only files whose stamp changed),
// and removes the index file of earlier versions once the new one is built.
import { mkdir, chmod, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Conversation, SearchHit, WordIndexStatus } from '../../../shared/types';
import { type FileStamp, indexedPart } from './search-doc';
import { openSearchThread, type SearchThread } from './search-thread';

export interface ConversationSearchDeps {
  /** The SQLite file of the index (its folder is created, readable by this user only). */
  file: string;
  /** Where the conversation files are (`<id>.json`), read by the worker while it builds. */
  folder: string;
  /** Index files of earlier versions, removed once the index is built. */
  legacyFiles?: string[];
  /** Every conversation in the library now, with the stamp of its file. */
  stamps(): ReadonlyMap<string, FileStamp>;
  /** How long a search made during the build waits for it before answering with what is in. */
  waitMs?: number;
  /** The worker stops after this long without work (it starts again on the next request). */
  idleMs?: number;
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
  /** Resolves when every change sent so far is in the index file (each in its own transaction). */
  flush(): Promise<void>;
  /** Stops the worker; the index stays on disk. */
  close(): Promise<void>;
}

export function openConversationSearch(deps: ConversationSearchDeps): ConversationSearch {
  const waitMs = deps.waitMs ?? 300;
  const thread: SearchThread = openSearchThread(deps.file, deps.idleMs);
  let building: Promise<void> | null = null;
  let done = false;
  let indexed = 0;
  let writes: Promise<unknown> = Promise.resolve();
  let folderReady: Promise<void> | null = null;

  thread.onProgress((n) => {
    indexed = n;
  });

  /** The index's folder exists, readable by this user only (like the data folder itself). */
  function prepare(): Promise<void> {
    folderReady ??= (async () => {
      await mkdir(dirname(deps.file), { recursive: true, mode: 0o700 });
      await chmod(dirname(deps.file), 0o700).catch(() => undefined);
    })();
    return folderReady;
  }

  /** Changes go in order behind the build's start; a failed one is only a missed cache entry. */
  function write(request: Parameters<SearchThread['send']>[0]): void {
    const sent = prepare().then(() => thread.send(request));
    writes = Promise.all([writes, sent.catch(() => undefined)]);
  }

  /**
   * The close under way, if one is: a build not yet sent then stays unsent (a later start sends
   * it), and a second close shares it.
   */
  let closing: Promise<void> | null = null;

  async function build(): Promise<boolean> {
    await prepare();
    if (closing !== null) return false;
    await thread.send({
      op: 'build',
      folder: deps.folder,
      stamps: [...deps.stamps()].map(([id, s]) => [id, { size: s.size, mtimeMs: s.mtimeMs }]),
    });
    // The index of earlier versions (MiniSearch's words.index) is only a cache: gone once this one is built.
    await Promise.all((deps.legacyFiles ?? []).map((f) => rm(f, { force: true })));
    return true;
  }

  function start(): void {
    building ??= build().then(
      (sent) => {
        if (sent) done = true;
        else building = null;
      },
      () => {
        done = true;
      },
    );
  }

  return {
    start,

    saved(c, stamp) {
      write({ op: 'set', conversation: indexedPart(c), stamp });
    },

    removed(id) {
      write({ op: 'remove', conversationId: id });
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
      await prepare();
      try {
        return (await thread.send({ op: 'search', query })).hits ?? [];
      } catch {
        return [];
      }
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

    async flush() {
      await writes;
    },

    close() {
      closing ??= (async () => {
        try {
          await writes;
          // A build still preparing its folder sees `closing` before it would send (and restart
          // the worker); one already sent fails when the worker stops.
          await folderReady?.catch(() => undefined);
          await thread.stop();
          await building;
        } finally {
          closing = null;
        }
      })();
      return closing;
    },
  };
}
