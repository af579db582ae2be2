// The conversations' word index as the library runs it: where it is kept, what it reads, and when its build starts.
import { join } from 'node:path';
import { type ConversationSearch, openConversationSearch } from './conversation-search';
import type { Recovery } from './recovery';
import type { AttachedFolders, FileStamp } from './search-doc';

/** The word index (SQLite), beside the conversations' folder: it is only a cache of them. */
const SEARCH_INDEX_FILE = join('search', 'words.sqlite');
/** The whole-file MiniSearch index of earlier versions, removed once the SQLite one is built. */
const LEGACY_SEARCH_INDEX_FILE = join('search', 'words.index');
/** The word index's build starts this long after the first list is served… */
const SEARCH_START_AFTER_LIST_MS = 2000;
/** …or this long after the library opens, whichever is first. */
const SEARCH_START_LATEST_MS = 5000;

/** The word index of the conversations in `folder` of the data folder (not yet building). */
export function openLibraryWords(
  dataDir: string,
  folder: string,
  options: { attachedFolders?: AttachedFolders; searchWaitMs?: number },
  stamps: () => ReadonlyMap<string, FileStamp>,
  recovery: Recovery,
): ConversationSearch {
  return openConversationSearch({
    file: join(dataDir, SEARCH_INDEX_FILE),
    folder,
    legacyFiles: [join(dataDir, LEGACY_SEARCH_INDEX_FILE)],
    attached: options.attachedFolders ?? {
      files: join(dataDir, 'files'),
      documents: join(dataDir, 'documents'),
    },
    stamps,
    // A damaged word index is set aside here too, so the person hears of it with the rest.
    recovery,
    ...(options.searchWaitMs !== undefined ? { waitMs: options.searchWaitMs } : {}),
  });
}

export interface WordIndexBuildStart {
  /** The first list was served: the build starts a little later (once). */
  listed(): void;
  /** No build starts any more from here (the library closes). */
  cancel(): void;
}

/**
 * The word index builds in the background, and only once the first list has been served (and
 * painted, meanwhile): at start its worker would otherwise take a core from the first screen.
 * A search starts it at once; without a list (core alone) it starts after a while anyway.
 * Both timers are cleared by close: a build begun after it would write into a folder its owner
 * believes is let go (the bench removes it; a test deletes it).
 */
export function scheduleWordIndexBuild(words: ConversationSearch): WordIndexBuildStart {
  let buildTimer: NodeJS.Timeout | null = setTimeout(() => words.start(), SEARCH_START_LATEST_MS);
  buildTimer.unref();
  let soonTimer: NodeJS.Timeout | null = null;
  return {
    listed() {
      if (!buildTimer) return;
      clearTimeout(buildTimer);
      buildTimer = null;
      soonTimer = setTimeout(() => words.start(), SEARCH_START_AFTER_LIST_MS);
      soonTimer.unref();
    },
    cancel() {
      if (buildTimer) clearTimeout(buildTimer);
      if (soonTimer) clearTimeout(soonTimer);
      buildTimer = soonTimer = null;
    },
  };
}
