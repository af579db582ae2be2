// What core hands each feature module (documents, images, audio, video, …) to build its handlers.
import type { EventChannel, EventPayloads } from '../../shared/channels';
import type { BalanceMonitor } from './balance';
import type { FileStore } from './library/files';
import type { MediaLibrary } from './library/media';
import type { ModelCatalog } from './models';
import type { ChannelHandlers } from './router';
import type { FullServiceClient } from './service/types';
import type { StoredSettings } from './settings';

export interface FeatureContext {
  dataDir: string;
  client: FullServiceClient;
  emit: <E extends EventChannel>(event: E, payload: EventPayloads[E]) => void;
  models: ModelCatalog;
  balance: BalanceMonitor;
  settings(): StoredSettings;
  /** Finished uploads, by fileId (files.* channels). */
  files: FileStore;
  /** Kept pictures, sounds and films; emit 'media.changed' after adding to it. */
  media: MediaLibrary;
}

/** A feature's slice of the exhaustive handler map; app.ts spreads each slice in. */
export type FeatureHandlers<C extends keyof ChannelHandlers> = Pick<ChannelHandlers, C>;
