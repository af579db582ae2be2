// Connects the store to core: first loads, event subscriptions, and batched chat events.
import { createChatEventBatcher } from './chat/event-batcher';
import { preloadChatParts } from './chat/deferred-parts';
import { preloadMarkdown } from './chat/MessageMarkdown';
import { whenIdle, whenIdleEach } from './common/idle';
import { formatCount, loadLanguage, localeOf } from './i18n/translate';
import { invoke, subscribe } from './platform';
import { useAppStore } from './store';
import { boundOpenConversations } from './store/open-bound';

/**
 * Streamed text is shown at most this often. Reading keeps up easily at 12 updates a second, and
 * each update re-lays out the growing answer, so painting every frame would cost five times more
 * main-thread work for no visible gain (bench/REPORT.md).
 */
const STREAM_UPDATE_MS = 80;
let lastFlushAt = 0;

function nextUpdate(flush: () => void): void {
  const run = () => {
    lastFlushAt = performance.now();
    flush();
  };
  const wait = Math.max(0, lastFlushAt + STREAM_UPDATE_MS - performance.now());
  const hidden = document.visibilityState === 'hidden';
  // Not in an animation frame: the list then keeps the answer's end in view in the same task, so
  // the next frame paints the update and dispatches its scroll together (from a frame, that scroll
  // waited for a frame of its own). When an update is due already, in the task that brought the
  // event (once its listeners are done): a timer of its own was one more task per update.
  if (wait === 0 && !hidden) queueMicrotask(run);
  else setTimeout(run, hidden ? Math.max(wait, 50) : wait);
}

/** Starts everything once; returns the function that unsubscribes (used by tests and hot reload). */
export function startApp(): () => void {
  const store = useAppStore.getState();
  const batcher = createChatEventBatcher(
    (events) => useAppStore.getState().applyChatEvents(events),
    nextUpdate,
  );

  const unsubscribers = [
    boundOpenConversations(useAppStore),
    subscribe('chat.event', (event) => batcher.push(event)),
    subscribe('balance.changed', (balance) => useAppStore.getState().applyBalance(balance)),
    subscribe('settings.changed', (view) => useAppStore.getState().applySettings(view)),
    subscribe('conversations.changed', (change) =>
      useAppStore.getState().applyConversationChange(change),
    ),
    subscribe('rate.hold.changed', (hold) => useAppStore.getState().applyServiceHold(hold)),
  ];
  const flushWhenHidden = () => batcher.flush();
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
    const settings = await invoke('settings.get', {});
    if (settings.ok) {
      // The chosen language's strings first, so the screen turns to it in one step.
      await loadLanguage(settings.data.language).catch(() => undefined);
      store.applySettings(settings.data);
    }
    await Promise.all([
      store.loadConversations(),
      store.loadModels(false),
      store.refreshBalance(false),
      store.loadServiceHold(),
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
