// Connects the store to core: first loads, event subscriptions, and batched chat events.
import { createChatEventBatcher } from './chat/event-batcher';
import { preloadMarkdown } from './chat/MessageMarkdown';
import { invoke, subscribe } from './platform';
import { useAppStore } from './store';

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
  // Frames stop in a hidden window; a timer alone keeps the answer (and its end) arriving there.
  if (document.visibilityState === 'hidden') setTimeout(run, Math.max(wait, 50));
  else setTimeout(() => requestAnimationFrame(run), wait);
}

/** Starts everything once; returns the function that unsubscribes (used by tests and hot reload). */
export function startApp(): () => void {
  const store = useAppStore.getState();
  const batcher = createChatEventBatcher(
    (events) => useAppStore.getState().applyChatEvents(events),
    nextUpdate,
  );

  const unsubscribers = [
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

  // Once the first screen is up and the browser is idle, fetch the markdown renderer.
  const preload = setTimeout(() => {
    if ('requestIdleCallback' in window) requestIdleCallback(preloadMarkdown, { timeout: 2000 });
    else preloadMarkdown();
  }, 500);

  void (async () => {
    const settings = await invoke('settings.get', {});
    if (settings.ok) store.applySettings(settings.data);
    await Promise.all([
      store.loadConversations(),
      store.loadModels(false),
      store.refreshBalance(false),
      store.loadServiceHold(),
    ]);
  })();

  return () => {
    clearTimeout(preload);
    document.removeEventListener('visibilitychange', flushWhenHidden);
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}
