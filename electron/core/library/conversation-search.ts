// Conversation search: keeps the word index (search-index.ts, in the search worker) in step with
// the library, builds it in the background at start (reading only files it may not hold as they
// are), sets a damaged index aside and builds it again, survives a disk that refuses its writes,
// says in its status when it is rebuilt, behind or unavailable, and removes the index file of
// earlier versions once the new one is built.
import { existsSync } from 'node:fs';
import { chmod, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Conversation, SearchHit, WordIndexStatus } from '../../../shared/types';
import { FOLDER_MODE, makeFolder } from './data-folder';
import { openRecovery, type Recovery } from './recovery';
import { type AttachedFolders, type FileStamp, indexedPart } from './search-doc';
import { openSearchThread, SearchFailure, type SearchThread } from './search-thread';

export interface ConversationSearchDeps {
  /** The SQLite file of the index (its folder is created, readable by this user only). */
  file: string;
  /** Where the conversation files are (`<id>.json`), read by the worker while it builds. */
  folder: string;
  /** Where attached files' texts are read, so search finds their words; none: they are not. */
  attached?: AttachedFolders;
  /** Index files of earlier versions, removed once the index is built. */
  legacyFiles?: string[];
  /** Every conversation in the library now, with the stamp of its file. */
  stamps(): ReadonlyMap<string, FileStamp>;
  /** How long a search made during the build waits for it before answering with what is in. */
  waitMs?: number;
  /** The worker stops after this long without work (it starts again on the next request). */
  idleMs?: number;
  /**
   * Where a damaged index file goes (core's recovery, so the person is told). Default: one of its
   * own in the data folder, which holds the index's folder.
   */
  recovery?: Pick<Recovery, 'setAside'>;
  /** Runs the index (default: its own worker thread; a test runs the service in its thread). */
  thread?: SearchThread;
}

export interface ConversationSearch {
  /** Starts the background build (once); searches before it ends say so in `status`. */
  start(): void;
  /** The conversation was written with this stamp. */
  saved(conversation: Conversation, stamp: FileStamp): void;
  removed(id: string): void;
  /** Hits from what is indexed; when the index cannot answer, none, and `status` says why. */
  search(query: string): Promise<SearchHit[]>;
  status(): WordIndexStatus;
  /** Resolves when the build has ended. */
  ready(): Promise<void>;
  /** Resolves when every change sent so far has been answered (each in its own transaction). */
  flush(): Promise<void>;
  /** Stops the worker; the index stays on disk. */
  close(): Promise<void>;
}

/** A damaged index is set aside and built again at most this many times a run (a disk that damages every new file would otherwise fill recovered/). */
const MAX_REPAIRS = 3;
/**
 * A build the disk refused is tried again by the next save the index takes (there is room again)
 * or search made this long after; each try reads the whole index first (about a second).
 */
const BUILD_RETRY_MS = 10_000;

type WriteRequest = Extract<Parameters<SearchThread['send']>[0], { op: 'set' | 'remove' }>;

const failureOf = (e: unknown) => (e instanceof SearchFailure ? e.failure : 'other');

export function openConversationSearch(deps: ConversationSearchDeps): ConversationSearch {
  const waitMs = deps.waitMs ?? 300;
  const thread: SearchThread = deps.thread ?? openSearchThread(deps.file, deps.idleMs);
  // The index lives in <data folder>/search/.
  const recovery = deps.recovery ?? openRecovery(dirname(dirname(deps.file)));
  /** The build loop under way; `again` asks it for one more pass, `done` says none is left. */
  let building: Promise<void> | null = null;
  let again = false;
  let done = false;
  /** start() was called, and no close has put its build back since. */
  let started = false;
  let indexed = 0;
  let writes: Promise<unknown> = Promise.resolve();
  let folderReady: Promise<void> | null = null;

  /** A damaged index is being replaced by one built anew from the conversation files. */
  let rebuilding = false;
  /** The last build ended before every file was in (the disk refused a write): when. */
  let buildFailedAt: number | null = null;
  /** The last search could not be answered by the index. */
  let unavailable = false;
  /** Per conversation, its newest change not yet answered, and the changes the index refused. */
  const newest = new Map<string, WriteRequest>();
  const missed = new Map<string, WriteRequest>();
  /** Counts the index files set aside: a failure seen before the last one is already dealt with. */
  let generation = 0;
  let repairs = 0;
  let repairing: Promise<void> | null = null;
  /** Damage found outside a build, for the loop's next pass. */
  let damage: { seenIn: number; reason: string } | null = null;

  thread.onProgress((n) => {
    indexed = n;
  });

  /** The index's folder exists, readable by this user only (like the data folder itself). */
  function prepare(): Promise<void> {
    folderReady ??= (async () => {
      const folder = dirname(deps.file);
      const info = await stat(folder).catch(() => null);
      // Something else in its place (a file): kept aside, so the index can have its folder.
      if (info && !info.isDirectory())
        await recovery.setAside(
          folder,
          'It stood where the search index keeps its folder. The index is only a copy of the words of your conversations and was made again beside it.',
        );
      await makeFolder(folder);
      await chmod(folder, FOLDER_MODE).catch(() => undefined);
    })().catch((e: unknown) => {
      // Tried again by the next request (space may be freed meanwhile).
      folderReady = null;
      throw e;
    });
    return folderReady;
  }

  /**
   * Moves the damaged index (the worker has let go of it) and its journal aside, and opens a new
   * one: a journal left beside a new file would be played back into it. Once per damage: a
   * failure seen before the last repair is already dealt with.
   */
  async function repair(seenIn: number, reason: string): Promise<boolean> {
    if (seenIn !== generation) {
      await repairing;
      return true;
    }
    if (repairs >= MAX_REPAIRS) {
      rebuilding = false;
      return false;
    }
    repairs++;
    generation++;
    rebuilding = true;
    repairing = (async () => {
      const why = `The search index could not be used (${reason}). It is only a copy of the words of your conversations: it was built again from them, and nothing is lost.`;
      for (const file of [deps.file, `${deps.file}-journal`])
        if (existsSync(file)) await recovery.setAside(file, why);
      await thread.send({ op: 'open', file: deps.file }).catch(() => undefined);
    })();
    await repairing;
    repairing = null;
    return true;
  }

  /**
   * Sends the build; a damaged index found on the way is set aside and the build runs again on a
   * new one. False when a close came first (the build was not sent, or was cut short by it).
   */
  async function runBuild(): Promise<boolean> {
    for (;;) {
      try {
        await prepare();
      } catch {
        buildFailedAt = Date.now();
        rebuilding = false;
        return true;
      }
      if (closing !== null) return false;
      const seenIn = generation;
      try {
        await thread.send({
          op: 'build',
          folder: deps.folder,
          ...(deps.attached ? { attached: deps.attached } : {}),
          stamps: [...deps.stamps()].map(([id, s]) => [id, { size: s.size, mtimeMs: s.mtimeMs }]),
        });
      } catch (e) {
        if (closing !== null) return false;
        if (failureOf(e) === 'damaged' && (await repair(seenIn, (e as Error).message))) continue;
        buildFailedAt = Date.now();
        rebuilding = false;
        return true;
      }
      buildFailedAt = null;
      rebuilding = false;
      retryMissed();
      // The index of earlier versions (MiniSearch's words.index) is only a cache: gone once this
      // one is built. One that cannot be removed now is tried again at the next start.
      await Promise.all(
        (deps.legacyFiles ?? []).map((f) => rm(f, { force: true }).catch(() => undefined)),
      );
      return true;
    }
  }

  /** Build passes until none is asked for; damage found meanwhile is repaired first. */
  async function loop(): Promise<boolean> {
    while (again) {
      again = false;
      const found = damage;
      damage = null;
      if (found) {
        // Repaired by the pass before (its build met the same damage), or given up on.
        if (found.seenIn !== generation || !(await repair(found.seenIn, found.reason))) continue;
        indexed = 0;
      }
      if (!(await runBuild())) return false;
    }
    return true;
  }

  /** Asks for a build pass, starting the loop when none runs. */
  function kick(): void {
    again = true;
    done = false;
    building ??= loop().then((sent) => {
      building = null;
      if (again) {
        kick();
        return;
      }
      done = sent;
      // A close stopped it: the next start builds.
      if (!sent) started = false;
    });
  }

  function start(): void {
    if (started) return;
    started = true;
    kick();
  }

  /** Damage found outside a build: the index is set aside and built anew. */
  function damaged(seenIn: number, reason: string): void {
    if (seenIn !== generation || repairs >= MAX_REPAIRS) return;
    rebuilding = true;
    damage ??= { seenIn, reason };
    // The pass that repairs it is the start's build too.
    started = true;
    kick();
  }

  /** A build the disk refused is tried again, not more often than BUILD_RETRY_MS. */
  function retryBuildLater(): void {
    if (buildFailedAt === null || building || Date.now() - buildFailedAt < BUILD_RETRY_MS) return;
    buildFailedAt = Date.now();
    kick();
  }

  /** The changes the index refused, sent again (after one it took: the disk may have room again). */
  function retryMissed(): void {
    const again = [...missed.values()];
    missed.clear();
    for (const request of again) write(request);
  }

  /** Changes go in order behind the build's start; one refused is kept and tried again later. */
  function write(request: WriteRequest): void {
    const id = request.op === 'set' ? request.conversation.id : request.conversationId;
    newest.set(id, request);
    missed.delete(id);
    const seenIn = generation;
    const sent = prepare().then(() => thread.send(request));
    writes = Promise.all([
      writes,
      sent.then(
        () => {
          if (newest.get(id) === request) newest.delete(id);
          if (missed.size > 0) retryMissed();
          retryBuildLater();
        },
        (e: unknown) => {
          if (newest.get(id) !== request) return;
          newest.delete(id);
          // A damaged index is built again from the files, which hold this change.
          if (failureOf(e) === 'damaged' && repairs < MAX_REPAIRS)
            damaged(seenIn, (e as Error).message);
          else missed.set(id, request);
        },
      ),
    ]);
  }

  /**
   * The close under way, if one is: a build not yet sent then stays unsent (a later start sends
   * it), and a second close shares it.
   */
  let closing: Promise<void> | null = null;

  async function waitForBuild(): Promise<void> {
    if (done || !building) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([building, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
  }

  async function query(text: string): Promise<SearchHit[]> {
    await prepare();
    return (await thread.send({ op: 'search', query: text })).hits ?? [];
  }

  return {
    start,

    saved(c, stamp) {
      // When the text was taken, against the stamp's tick (search-doc's indexedIsCurrent).
      const takenAt = Date.now();
      write({
        op: 'set',
        conversation: indexedPart(c),
        stamp: { size: stamp.size, mtimeMs: stamp.mtimeMs, takenAt },
        ...(deps.attached ? { attached: deps.attached } : {}),
      });
    },

    removed(id) {
      write({ op: 'remove', conversationId: id });
    },

    async search(text) {
      if (text.trim() === '') return [];
      start();
      retryBuildLater();
      await waitForBuild();
      for (let attempt = 0; ; attempt++) {
        const seenIn = generation;
        try {
          const hits = await query(text);
          unavailable = false;
          if (missed.size > 0) retryMissed();
          return hits;
        } catch (e) {
          const repairable = failureOf(e) === 'damaged' && repairs < MAX_REPAIRS;
          // Never nothing in silence: the status says the index is rebuilt, or unavailable.
          if (!repairable || attempt > 0) {
            unavailable = !repairable;
            return [];
          }
          // Set aside, built anew, and answered from what is in so far.
          damaged(seenIn, (e as Error).message);
          await repairing;
          await waitForBuild();
        }
      }
    },

    status() {
      const total = deps.stamps().size;
      const status: WordIndexStatus = done
        ? { indexing: false, indexed: total, total }
        : { indexing: true, indexed: Math.min(indexed, total), total };
      if (unavailable) status.problem = 'unavailable';
      else if (rebuilding) status.problem = 'rebuilding';
      else if (buildFailedAt !== null || missed.size > 0) status.problem = 'stale';
      return status;
    },

    async ready() {
      start();
      while (building) await building;
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
          while (building) await building;
        } finally {
          closing = null;
        }
      })();
      return closing;
    },
  };
}
