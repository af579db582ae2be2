// The conversations of the service in use: the person's own library, or the demo's, kept apart in demo/ of the data folder.
import { join } from 'node:path';
import type { ConversationList } from '../../../shared/types';
import {
  type ConversationLibrary,
  type LibraryOptions,
  openConversationLibrary,
} from './conversations';

/** The demo's own data, beside the person's: its conversations and their word index. */
export const DEMO_FOLDER = 'demo';

export interface ServiceConversationsOptions extends LibraryOptions {
  /** Whether the built-in demo service is in use now (the settings' demo flag). */
  inDemo: () => boolean;
  /** The demo's library opened after its list was asked for empty: the list should be asked again. */
  onDemoOpened?: () => void;
}

const EMPTY_LIST: ConversationList = { total: 0, items: [], problems: [] };

export interface ServiceConversations extends ConversationLibrary {
  /**
   * True when `id` lives in the list of the other service (a title that lands after the demo was
   * entered or left): news of it is not for the list on screen.
   */
  elsewhere(id: string): boolean;
}

/**
 * One library for every feature, answering from the list of the service in use: made in the
 * demo, a conversation lives in the demo's own library (demo/conversations, its own word index),
 * so the real list, its search, its exports and its backups never hold one, and it is there again
 * when the demo is entered again. Calls that name a conversation go to the library that holds it,
 * so a turn that was answering when the service changed still saves where it began. The demo's
 * library opens on first use: most people never start the demo.
 */
export async function openServiceConversations(
  dataDir: string,
  options: ServiceConversationsOptions,
): Promise<ServiceConversations> {
  const { inDemo, onDemoOpened, ...ownOptions } = options;
  // The demo's conversations attach files from the one upload store and Documents library.
  const libraryOptions = {
    ...ownOptions,
    attachedFolders: ownOptions.attachedFolders ?? {
      files: join(dataDir, 'files'),
      documents: join(dataDir, 'documents'),
    },
  };
  const real = await openConversationLibrary(dataDir, libraryOptions);
  let demo: ConversationLibrary | null = null;
  let opening: Promise<ConversationLibrary> | null = null;

  function openDemo(): Promise<ConversationLibrary> {
    if (demo) return Promise.resolve(demo);
    opening ??= openConversationLibrary(join(dataDir, DEMO_FOLDER), libraryOptions).then(
      (opened) => {
        demo = opened;
        return opened;
      },
      (e: unknown) => {
        opening = null;
        throw e;
      },
    );
    return opening;
  }

  /** The library of the service in use, opened. */
  const active = (): Promise<ConversationLibrary> =>
    inDemo() ? openDemo() : Promise.resolve(real);

  /** The library holding `id`; the one in use when none does. */
  async function holding(id: string): Promise<ConversationLibrary> {
    if (inDemo()) await openDemo();
    if (demo?.has(id)) return demo;
    if (real.has(id)) return real;
    return active();
  }

  const opened = (): ConversationLibrary[] => (demo ? [real, demo] : [real]);

  // A demo chosen in an earlier session is open before its first list is asked for.
  if (inDemo()) await openDemo().catch(() => undefined);

  return {
    list() {
      if (!inDemo()) return real.list();
      if (demo) return demo.list();
      void openDemo().then(
        () => onDemoOpened?.(),
        () => undefined,
      );
      return EMPTY_LIST;
    },
    get: async (id) => (await holding(id)).get(id),
    create: async (opts) => (await active()).create(opts),
    update: async (id, patch) => (await holding(id)).update(id, patch),
    save: async (conversation) => (await holding(conversation.id)).save(conversation),
    remove: async (id) => (await holding(id)).remove(id),
    setModelTitle: async (id, title) => (await holding(id)).setModelTitle(id, title),
    // Folders are one list for both: emptying one empties it in each library.
    async clearFolder(folderId) {
      const ids: string[] = [];
      for (const library of opened()) ids.push(...(await library.clearFolder(folderId)));
      return ids;
    },
    async clearMissingFolders(exists) {
      const ids: string[] = [];
      for (const library of opened()) ids.push(...(await library.clearMissingFolders(exists)));
      return ids;
    },
    adopt: async (conversation) => (await active()).adopt(conversation),
    has: (id) => real.has(id) || (demo?.has(id) ?? false),
    elsewhere: (id) => (inDemo() ? real.has(id) : (demo?.has(id) ?? false)),
    originIndex: () => (inDemo() ? (demo?.originIndex() ?? new Map()) : real.originIndex()),
    search: async (query) => (await active()).search(query),
    searchStatus: () => (inDemo() && demo ? demo : real).searchStatus(),
    searchReady: async () => (await active()).searchReady(),
    async flush() {
      await Promise.all(opened().map((library) => library.flush()));
    },
    async close() {
      await opening?.catch(() => undefined);
      await Promise.all(opened().map((library) => library.close()));
    },
  };
}
