// Core assembled: scheduler, service client, vault, settings, library, models, balance, chat, demo, behind one router.
import { join } from 'node:path';
import type { EventChannel, EventPayloads } from '../../shared/channels';
import type { Envelope, SettingsView } from '../../shared/types';
import { createBalanceMonitor } from './balance';
import { createChatEngine } from './chat/engine';
import { DEMO_KEY, createDemoService, demoPortOf } from './demo';
import type { FeatureContext } from './feature-context';
import { flushAtomicWrites } from './fs-atomic';
import { createImageHandlers } from './images-feature';
import { createAudioHandlers } from './audio-feature';
import { createVideoFeature } from './jobs/video-handlers';
import { openConversationLibrary } from './library/conversations';
import { createFileStore } from './library/files';
import { createMediaLibrary, type MediaVariant, type ResolvedMedia } from './library/media';
import { createMediaHandlers } from './media-handlers';
import { openModelCatalog } from './models';
import { type ChannelHandlers, createRouter } from './router';
import { createScheduler } from './scheduler';
import { openIntakeFeatures } from './intake';
import { createServiceClient } from './service/client';
import { maskSecrets, serviceError, userError } from './service/errors';
import { type SettingsStore, type StoredSettings, normalizeBaseUrl } from './settings';
import type { Vault } from './vault';

export interface CoreOptions {
  dataDir: string;
  vault: Vault;
  settingsStore: SettingsStore;
  emit: <E extends EventChannel>(event: E, payload: EventPayloads[E]) => void;
  fetch?: typeof fetch;
  /** How often a video job is polled; 10,000 ms (the service's minimum), lowered only in tests. */
  videoPollIntervalMs?: number;
  /** How often the debug log may be read; 20,000 ms (the service's rule), lowered only in tests. */
  debugLatestIntervalMs?: number;
}

export interface Core {
  invoke(channel: string, rawInput: unknown): Promise<Envelope<unknown>>;
  /** Where the bytes of `media/<id>` are, for the hosts to serve; null for unknown or malformed ids. */
  resolveMedia(id: string, variant: MediaVariant): Promise<ResolvedMedia | null>;
  dispose(): Promise<void>;
}

const APP_TITLE = 'Atelier';

/** Enough of the key for the user to recognise it, and only for keys long enough to spare it. */
function lastFour(key: string | null): string | null {
  return key && key.length >= 8 ? key.slice(-4) : null;
}

export async function createCore(opts: CoreOptions): Promise<Core> {
  const { emit, vault, settingsStore } = opts;
  let settings: StoredSettings = settingsStore.read();
  // Held in memory so each request can read it; it never leaves core.
  let apiKey: string | null = null;
  try {
    apiKey = await vault.read();
  } catch {
    // An unreadable key counts as no key: the user is asked for it again in Settings.
    apiKey = null;
  }

  const canCall = () => settings.baseUrl !== '' && apiKey !== null;
  const scheduler = createScheduler({ plan: settings.ratePlan });
  const client = createServiceClient({
    connection: () => ({ baseUrl: settings.baseUrl, apiKey }),
    scheduler,
    fetch: opts.fetch,
    appTitle: APP_TITLE,
    debugLatestIntervalMs: opts.debugLatestIntervalMs,
  });

  const library = await openConversationLibrary(opts.dataDir);
  const files = await createFileStore(join(opts.dataDir, 'files'));
  const media = await createMediaLibrary(join(opts.dataDir, 'media'));

  const demo = createDemoService();
  // A demo chosen in an earlier session: start the simulator again on the same port. If the
  // port is taken, something else (perhaps a simulator the user runs) answers there; leave it.
  const demoPort = demoPortOf(settings.baseUrl);
  if (apiKey === DEMO_KEY && demoPort !== null) {
    await demo.start(demoPort).catch(() => null);
  }

  const models = await openModelCatalog({
    client,
    file: join(opts.dataDir, 'models.json'),
    baseUrl: () => settings.baseUrl,
    canFetch: canCall,
  });
  const balance = createBalanceMonitor({
    client,
    canFetch: canCall,
    emit: (b) => emit('balance.changed', b),
  });
  const chat = createChatEngine({
    library,
    client,
    contextLengthOf: (id) => models.contextLengthOf(id),
    emit: (event) => emit('chat.event', event),
    onPaidCall: () => balance.refreshSoon(),
    onConversationChanged: (id) => emit('conversations.changed', { id }),
    // Turns only start after createCore resolves, when intake (below) exists.
    attachments: {
      partsFor: (message, model) => intake.attachments.partsFor(message, model),
      checkForModel: (model, list) => intake.attachments.checkForModel(model, list),
    },
  });

  const ctx: FeatureContext = {
    dataDir: opts.dataDir,
    client,
    emit,
    models,
    balance,
    settings: () => settings,
    files,
    media,
  };
  const video = await createVideoFeature(ctx, { pollIntervalMs: opts.videoPollIntervalMs });
  const intake = await openIntakeFeatures(ctx, {
    conversations: library,
    debugLatestIntervalMs: opts.debugLatestIntervalMs,
  });

  function saveSettings(next: StoredSettings): void {
    settingsStore.write(next);
    settings = settingsStore.read();
  }

  function view(): SettingsView {
    const demoUrl = demo.baseUrl();
    return {
      ...settings,
      keySet: apiKey !== null,
      keyLast4: lastFour(apiKey),
      demo: demoUrl !== null && settings.baseUrl === demoUrl,
    };
  }

  function announceSettings(connectionChanged: boolean): SettingsView {
    if (connectionChanged) {
      models.connectionChanged();
      balance.connectionChanged();
    }
    const current = view();
    emit('settings.changed', current);
    return current;
  }

  /** A turn without a service to ask would only save an error answer; say what is missing instead. */
  function ensureConnection(): void {
    if (settings.baseUrl === '') {
      throw serviceError(
        'bad_base_url',
        'No service is set: enter the base URL in Settings, or use the demo service.',
      );
    }
    if (apiKey === null) throw serviceError('no_key', 'No API key is set: enter it in Settings.');
  }

  /** Leaving the demo's URL: the simulator has nothing more to serve. */
  async function closeDemoUnlessUsed(): Promise<void> {
    const demoUrl = demo.baseUrl();
    if (demoUrl !== null && settings.baseUrl !== demoUrl) await demo.close();
  }

  const handlers: ChannelHandlers = {
    'settings.get': () => view(),

    'settings.update': async (input) => {
      const next = { ...settings };
      if (input.baseUrl !== undefined) next.baseUrl = normalizeBaseUrl(input.baseUrl).baseUrl;
      if (input.ratePlan !== undefined) next.ratePlan = input.ratePlan;
      if (input.defaultModel !== undefined && input.defaultModel.trim() !== '') {
        next.defaultModel = input.defaultModel.trim();
      }
      if (input.language !== undefined) next.language = input.language;
      if (input.theme !== undefined) next.theme = input.theme;
      const urlChanged = next.baseUrl !== settings.baseUrl;
      saveSettings(next);
      scheduler.setPlan(settings.ratePlan);
      await closeDemoUnlessUsed();
      return announceSettings(urlChanged);
    },

    'key.set': async ({ key }) => {
      const trimmed = key.trim();
      if (trimmed === '' || /\s/.test(trimmed)) {
        throw serviceError('invalid_input', 'A key is one word without spaces.');
      }
      await vault.write(trimmed);
      const changed = trimmed !== apiKey;
      apiKey = trimmed;
      return announceSettings(changed);
    },

    'key.clear': async () => {
      await vault.clear();
      apiKey = null;
      return announceSettings(true);
    },

    'demo.use': async () => {
      const baseUrl = await demo.start();
      try {
        await vault.write(DEMO_KEY);
      } catch {
        // The demo key is public; without encryption it is kept for this session only.
      }
      apiKey = DEMO_KEY;
      saveSettings({ ...settings, baseUrl, ratePlan: 'standard' });
      scheduler.setPlan(settings.ratePlan);
      return announceSettings(true);
    },

    'models.list': ({ refresh }) => models.list({ refresh: refresh ?? false }),

    'balance.get': ({ refresh }) => balance.get({ refresh: refresh ?? false }),

    'conversations.list': () => library.list(),

    'conversations.search': ({ query }) => library.search(query),

    'conversations.get': ({ id }) => library.get(id),

    'conversations.create': async ({ model }) => {
      const conversation = await library.create({
        model: model && model.trim() !== '' ? model.trim() : settings.defaultModel,
      });
      emit('conversations.changed', { id: conversation.id });
      return conversation;
    },

    'conversations.update': async ({ id, ...patch }) => {
      const conversation = await library.update(id, patch);
      emit('conversations.changed', { id });
      return conversation;
    },

    'conversations.delete': async ({ id }) => {
      await chat.stop(id);
      await library.remove(id);
      emit('conversations.changed', { id });
      return { id };
    },

    'chat.send': ({ conversationId, text, trimOldest, attachments }) => {
      ensureConnection();
      return chat.sendTurn({ conversationId, text, trimOldest, attachments });
    },

    'chat.stop': ({ conversationId }) => chat.stop(conversationId),

    'chat.regenerate': ({ conversationId, messageId, trimOldest }) => {
      ensureConnection();
      return chat.regenerate({ conversationId, messageId, trimOldest });
    },

    'chat.edit': ({ conversationId, messageId, text, trimOldest }) => {
      ensureConnection();
      return chat.editAndResend({ conversationId, messageId, text, trimOldest });
    },

    // Core cannot open a browser: Electron main and the web host answer this channel themselves
    // and only ask core to check the address.
    'shell.openExternal': ({ url }) => {
      const protocol = new URL(url).protocol;
      if (protocol !== 'http:' && protocol !== 'https:') {
        throw serviceError('invalid_input', 'Only http and https links can be opened.');
      }
      return { opened: false };
    },

    ...createMediaHandlers(ctx),
    ...createImageHandlers(ctx),
    ...createAudioHandlers(ctx),
    ...video.handlers,
    ...intake.handlers,
  };

  const router = createRouter(handlers, {
    secret: () => apiKey,
    onUnexpectedError: (channel, error) => {
      const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
      console.error(`[core] ${channel} failed unexpectedly: ${maskSecrets(text, apiKey)}`);
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
        await chat.dispose();
        await video.dispose();
        await intake.dispose();
        await files.dispose();
        await media.flush();
        await Promise.all([balance.dispose(), models.dispose()]);
        await library.flush();
        await demo.close();
        await flushAtomicWrites();
      })();
      return disposed;
    },
  };
}
