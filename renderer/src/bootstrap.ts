// Connects the store to core: first loads, event subscriptions, and batched chat events.
import type { CompareEvent } from '../../shared/compare';
import { createChatEventBatcher, streamUpdateDelay } from './chat/event-batcher';
import { preloadChatParts } from './chat/deferred-parts';
import { preloadMarkdown } from './chat/MessageMarkdown';
import { preloadSpendingView } from './money/deferred-view';
import { whenIdle, whenIdleEach } from './common/idle';
import { formatCount, loadLanguage, localeOf } from './i18n/translate';
import { invoke, subscribe } from './platform';
import { useAppStore } from './store';
import { boundOpenConversations } from './store/open-bound';

let lastFlushAt = -Infinity;

function nextUpdate(flush: () => void): void {
  const run = () => {
    lastFlushAt = performance.now();
    flush();
  };
  const delay = streamUpdateDelay(
    performance.now() - lastFlushAt,
    document.visibilityState === 'hidden',
  );
  // Not in an animation frame: the list then keeps the answer's end in view in the same task, so
  // the next frame paints the update and dispatches its scroll together (from a frame, that scroll
  // waited for a frame of its own).
  if (delay === 'now') queueMicrotask(run);
  else setTimeout(run, delay);
}

/** Starts everything once; returns the function that unsubscribes (used by tests and hot reload). */
export function startApp(): () => void {
  const store = useAppStore.getState();
  const batcher = createChatEventBatcher(
    (events) => useAppStore.getState().applyChatEvents(events),
    nextUpdate,
  );

  // A compare's columns are shown on the same clock as a turn's answer.
  const compareBatcher = createChatEventBatcher<CompareEvent>(
    (events) => useAppStore.getState().applyCompareEvents(events),
    nextUpdate,
  );

  /** settings.changed events seen: one that comes while the start reads them is the newer. */
  let settingsChanges = 0;
  const unsubscribers = [
    boundOpenConversations(useAppStore),
    subscribe('chat.event', (event) => batcher.push(event)),
    subscribe('compare.event', (event) => compareBatcher.push(event)),
    subscribe('balance.changed', (balance) => useAppStore.getState().applyBalance(balance)),
    subscribe('settings.changed', (view) => {
      settingsChanges += 1;
      useAppStore.getState().applySettings(view);
    }),
    subscribe('conversations.changed', (change) => {
      // Core sent the chat events queued here first (a turn's done carries the list entry as it
      // was then): applied after this change, they would undo it, e.g. a title named at once.
      batcher.flush();
      compareBatcher.flush();
      useAppStore.getState().applyConversationChange(change);
    }),
    subscribe('rate.hold.changed', (hold) => useAppStore.getState().applyServiceHold(hold)),
    subscribe('shell.openRequested', ({ url }) => useAppStore.getState().requestOpenLink(url)),
    subscribe('spending.changed', (entry) => useAppStore.getState().applySpendEntry(entry)),
  ];
  const flushWhenHidden = () => {
    batcher.flush();
    compareBatcher.flush();
  };
  document.addEventListener('visibilitychange', flushWhenHidden);

  // Once the first screen is painted and the browser is idle, fetch what it left out: the markdown
  // renderer and the message list, so a conversation opened next paints formatted at once. Until
  // one is opened, warm them up one idle moment at a time; opening one stops that, as it does the
  // same work for real.
  // Set once a conversation opens (or the app stops): no warm-up starts after that.
  let warmUpOver = false;
  let stopWarmUp = () => {};
  const preloadRest = () => {
    void preloadChatParts();
    void preloadSpendingView();
    void preloadMarkdown().then((markdownSteps) => {
      if (warmUpOver) return;
      stopWarmUp = whenIdleEach(
        [
          // The first number format made loads the locale's data.
          () => formatCount(0, localeOf(useAppStore.getState().settings?.language ?? 'en')),
          ...markdownSteps,
        ],
        3000,
      );
    });
  };
  let preload = 0;
  let cancelPreload = () => {};
  const firstFrame = requestAnimationFrame(() => {
    preload = window.setTimeout(() => {
      cancelPreload = whenIdle(preloadRest, 1000);
    }, 0);
  });
  // The demo's money and real money are counted apart: the figures follow the switch.
  unsubscribers.push(
    useAppStore.subscribe((state, previous) => {
      if (previous.settings && state.settings?.demo !== previous.settings.demo)
        void state.loadSpent();
    }),
  );
  // The demo's conversations are a list of their own (core keeps them apart): the list follows
  // the switch, and a conversation of the other list is no longer open.
  unsubscribers.push(
    useAppStore.subscribe((state, previous) => {
      if (!previous.settings || state.settings?.demo === previous.settings.demo) return;
      useAppStore.setState({ activeId: null, searchQuery: '', searchHits: null });
      void state.loadConversations();
    }),
  );
  // A conversation opened sooner than that asks for them at once.
  unsubscribers.push(
    useAppStore.subscribe((state, previous) => {
      if (warmUpOver || state.activeId === null || state.activeId === previous.activeId) return;
      warmUpOver = true;
      stopWarmUp();
      cancelPreload();
      preloadRest();
    }),
  );

  void (async () => {
    const changesBefore = settingsChanges;
    const settings = await invoke('settings.get', {});
    if (settings.ok) {
      // The chosen language's strings first, so the screen turns to it in one step.
      await loadLanguage(settings.data.language).catch(() => undefined);
      // A change that came meanwhile (saved by another window or core) is newer than this answer.
      if (settingsChanges === changesBefore) store.applySettings(settings.data);
    }
    await Promise.all([
      store.loadConversations(),
      store.loadModels(false),
      store.refreshBalance(false),
      store.loadServiceHold(),
      store.loadRecovered(),
      store.loadSpent(),
    ]);
  })();

  return () => {
    cancelAnimationFrame(firstFrame);
    clearTimeout(preload);
    cancelPreload();
    warmUpOver = true;
    stopWarmUp();
    document.removeEventListener('visibilitychange', flushWhenHidden);
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}
