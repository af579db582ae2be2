// What every feature is handed (the context), what it gives back (Feature), and what core needs from its host.
import type { EventChannel, EventPayloads, InvokeChannel } from '../../../shared/channels';
import type { ConversationLibrary } from '../library/conversations';
import type { FileStore } from '../library/files';
import type { MediaLibrary } from '../library/media';
import type { Recovery } from '../library/recovery';
import type { ChannelHandlers } from '../router';
import type { FullServiceClient, RequestScheduler } from '../service/types';
import type { BalanceMonitor } from './account/balance';
import type { ModelCatalog } from './account/models';
import type { SettingsState } from './settings/state';
import type { SpendingLedger } from './spending/ledger';

/** The invoke channels named `<prefix>.<call>`, e.g. ChannelsOf<'images'> for images.generate, images.edit, … */
export type ChannelsOf<P extends string> = Extract<InvokeChannel, `${P}.${string}`>;

/** One feature opened: its slice of the exhaustive handler map, and what to do when core closes. */
export interface Feature<C extends InvokeChannel> {
  handlers: Pick<ChannelHandlers, C>;
  dispose?(): Promise<void>;
}

/** What only the process that runs core can do: Electron main, or the web host. */
export interface Host {
  /** Hands a checked http(s) link to the user's browser; false when this host cannot. */
  openExternal(url: string): Promise<boolean>;
  /**
   * Offers to save the media file at `path` (of type `mime`) under `suggestedName`; `saved: false`
   * when the user cancelled or this host leaves saving to the page. Throws when the copy fails.
   */
  saveMedia(
    file: { path: string; mime: string },
    suggestedName: string,
  ): Promise<{ saved: boolean }>;
  /**
   * Asks the person whether a NEW or CHANGED MCP command line may run (with their rights) before
   * its first start, somewhere the page cannot answer. Electron: a native dialog. The web host:
   * its terminal, or every command allowed by a flag at its start (docs/TOOLS.md). true: run it;
   * false: the person said no; 'commands_off': this host runs no commands and asked nobody.
   */
  confirmMcpCommand(request: McpCommandConfirm): Promise<boolean | 'commands_off'>;
  /**
   * Lets the person choose a file of theirs for core to read where it lies (a backup to restore):
   * Electron shows its open dialog and answers the path, or null when they cancelled. The web host
   * cannot reach the person's files and answers null with `canPick: false`: there the page uploads.
   */
  pickFile(request: PickFileRequest): Promise<PickedFile>;
}

export interface PickFileRequest {
  /** The dialog's title. */
  title: string;
  /** What the filter is called and the extensions it lets through, without dots. */
  filter: { name: string; extensions: string[] };
}

export type PickedFile = { path: string } | { path: null; canPick: boolean };

/** What the confirm step shows: the whole command line, its folder and its added environment. */
export interface McpCommandConfirm {
  serverName: string;
  command: string;
  args: string[];
  cwd: string;
  /** Names and values the person configured (added to a small safe environment). */
  env: Record<string, string>;
  /** The server ran before with another command line. */
  changed: boolean;
}

export interface FeatureContext {
  dataDir: string;
  client: FullServiceClient;
  /** The request pace; the settings feature sets its plan. */
  scheduler: RequestScheduler;
  emit: <E extends EventChannel>(event: E, payload: EventPayloads[E]) => void;
  host: Host;
  /** The settings and key as core holds them; only the settings feature changes them. */
  state: SettingsState;
  models: ModelCatalog;
  balance: BalanceMonitor;
  /** The saved conversations (chat writes them, search reads them). */
  conversations: ConversationLibrary;
  /** Finished uploads, by fileId (files.* channels). */
  files: FileStore;
  /** Kept pictures, sounds and films; emit 'media.changed' after adding to it. */
  media: MediaLibrary;
  /**
   * Where a file of the data folder that cannot be used goes (recovered/, with its reason), so the
   * person is told of it and can get it back: never delete it, never drop it silently.
   */
  recovery: Recovery;
  /**
   * The spending ledger: every paid call records once, in the feature that made it, after its
   * answer (`record` never throws nor waits).
   */
  spending: SpendingLedger;
}
