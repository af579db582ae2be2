// Core assembled: the context (settings state, scheduler, service client, library, account) and the features, behind one router.
import { join } from 'node:path';
import { loadTokenizer } from '../../shared/tokens';
import type { Envelope } from '../../shared/types';
import type { EventPayloads } from '../../shared/channels';
import { createBalanceMonitor } from './features/account/balance';
import { openModelCatalog } from './features/account/models';
import type { FeatureContext, Host } from './features/context';
import { openFeatures, type FeatureOptions } from './features/index';
import { openSettingsState } from './features/settings/state';
import { ledgerFile, openSpendingLedger, type SpendingLedger } from './features/spending/ledger';
import type { SettingsStore } from './features/settings/store';
import type { Vault } from './features/settings/vault';
import { flushAtomicWrites } from './library/atomic-write';
import { createFileStore } from './library/files';
import { createMediaLibrary, type MediaVariant, type ResolvedMedia } from './library/media';
import { openRecovery, removeStaleTempFiles, type Recovery } from './library/recovery';
import { openServiceConversations } from './library/service-conversations';
import { createRouter } from './router';
import { createServiceClient } from './service/client';
import { maskSecrets, userError } from './service/errors';
import { createScheduler } from './service/scheduler';

export interface CoreOptions extends FeatureOptions {
  dataDir: string;
  vault: Vault;
  settingsStore: SettingsStore;
  emit: FeatureContext['emit'];
  /** What only the host process can do: open a link in the browser, save a media file. */
  host: Host;
  fetch?: typeof fetch;
  /**
   * Where files of the data folder that cannot be used are set aside; the host makes one per data
   * folder and gives the same one to its settings store and vault. Default: one of core's own.
   */
  recovery?: Recovery;
}

export interface Core {
  invoke(channel: string, rawInput: unknown): Promise<Envelope<unknown>>;
  /** Where the bytes of `media/<id>` are, for the hosts to serve; null for unknown or malformed ids. */
  resolveMedia(id: string, variant: MediaVariant): Promise<ResolvedMedia | null>;
  dispose(): Promise<void>;
}

const APP_TITLE = 'Atelier';

export async function createCore(opts: CoreOptions): Promise<Core> {
  // Loads while the rest opens; context checks count with it from the first turn on.
  const tokenizer = loadTokenizer();
  const recovery = opts.recovery ?? openRecovery(opts.dataDir);
  // What a killed write left behind, before any store of this run opens (and writes) a file.
  await removeStaleTempFiles(opts.dataDir);
  const state = await openSettingsState(opts.settingsStore, opts.vault);
  const scheduler = createScheduler({
    plan: state.current().ratePlan,
    customPerSecond: state.current().customRequestsPerSecond,
    onHoldChanged: (hold) => opts.emit('rate.hold.changed', hold),
  });
  const client = createServiceClient({
    connection: () => ({ baseUrl: state.current().baseUrl, apiKey: state.apiKey() }),
    scheduler,
    fetch: opts.fetch,
    appTitle: APP_TITLE,
    debugLatestIntervalMs: opts.debugLatestIntervalMs,
  });

  // The demo's conversations are kept apart from the person's own (library/service-conversations.ts).
  const conversations = await openServiceConversations(opts.dataDir, {
    recovery,
    inDemo: () => state.current().demo,
    onDemoOpened: () => opts.emit('conversations.changed', { id: null }),
  });
  const files = await createFileStore(join(opts.dataDir, 'files'), { recovery });
  const media = await createMediaLibrary(join(opts.dataDir, 'media'), { recovery });
  const models = await openModelCatalog({
    client,
    file: join(opts.dataDir, 'models.json'),
    baseUrl: () => state.current().baseUrl,
    canFetch: state.canCall,
    recovery,
  });
  // The ledger learns each balance the monitor publishes (a lone call's observed charge).
  let balanceSeen: SpendingLedger['balanceSeen'] = () => undefined;
  const balance = createBalanceMonitor({
    client,
    canFetch: state.canCall,
    emit: (b) => {
      opts.emit('balance.changed', b);
      balanceSeen(b);
    },
  });
  const spending = openSpendingLedger({
    file: ledgerFile(opts.dataDir),
    recovery,
    models: () => models.list(),
    priceBasis: () => state.current().priceBasis,
    demo: () => state.current().demo,
    refreshBalance: () => balance.refreshSoon(),
    emit: (entry) => opts.emit('spending.changed', entry),
  });
  balanceSeen = spending.balanceSeen;

  // News of a conversation of the other service's list (a title that lands after the demo was
  // entered or left) would put it in the list on screen: only the list in use hears of its own.
  const emit: FeatureContext['emit'] = (event, payload) => {
    if (event === 'conversations.changed') {
      const { id } = payload as EventPayloads['conversations.changed'];
      if (id !== null && conversations.elsewhere(id)) return;
    }
    opts.emit(event, payload);
  };

  const ctx: FeatureContext = {
    dataDir: opts.dataDir,
    client,
    scheduler,
    emit,
    host: opts.host,
    state,
    models,
    balance,
    conversations,
    files,
    media,
    recovery,
    spending,
  };
  await tokenizer;
  const features = await openFeatures(ctx, opts);

  const router = createRouter(features.handlers, {
    secret: state.apiKey,
    onUnexpectedError: (channel, error) => {
      const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
      console.error(`[core] ${channel} failed unexpectedly: ${maskSecrets(text, state.apiKey())}`);
    },
  });
  balance.start();

  let disposed: Promise<void> | null = null;
  return {
    async invoke(channel, rawInput) {
      if (disposed)
        return { ok: false, error: userError('cancelled', 'The app is shutting down.') };
      return router.invoke(channel, rawInput);
    },

    resolveMedia: (id, variant) => media.resolve(id, variant),

    dispose() {
      disposed ??= (async () => {
        await features.dispose();
        // After the features: a turn stopped by their closing still records what it cost.
        await spending.dispose();
        await files.dispose();
        await media.flush();
        await Promise.all([balance.dispose(), models.dispose()]);
        await conversations.close();
        await flushAtomicWrites();
      })();
      return disposed;
    },
  };
}
