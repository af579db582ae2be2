// Connects the store to core: first loads, event subscriptions, and per-frame chat event batching.
import { createChatEventBatcher } from './chat/event-batcher';
import { invoke, subscribe } from './platform';
import { useAppStore } from './store';

function nextFrame(flush: () => void): void {
  // Frames stop in a hidden window; a timer keeps the answer (and its end) arriving there.
  if (document.visibilityState === 'hidden') setTimeout(flush, 50);
  else requestAnimationFrame(flush);
}

/** Starts everything once; returns the function that unsubscribes (used by tests and hot reload). */
export function startApp(): () => void {
  const store = useAppStore.getState();
  const batcher = createChatEventBatcher(
    (events) => useAppStore.getState().applyChatEvents(events),
    nextFrame,
  );

  let listTimer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribers = [
    subscribe('chat.event', (event) => batcher.push(event)),
    subscribe('balance.changed', (balance) => useAppStore.getState().applyBalance(balance)),
    subscribe('settings.changed', (view) => useAppStore.getState().applySettings(view)),
    subscribe('conversations.changed', ({ id }) => {
      // Core saves a running answer often; one list reload per burst is enough.
      clearTimeout(listTimer);
      listTimer = setTimeout(() => void useAppStore.getState().loadConversations(), 150);
      const state = useAppStore.getState();
      if (id && id === state.activeId && !state.streams[id]) void state.reloadConversation(id);
    }),
  ];
  const flushWhenHidden = () => batcher.flush();
  document.addEventListener('visibilitychange', flushWhenHidden);

  void (async () => {
    const settings = await invoke('settings.get', {});
    if (settings.ok) store.applySettings(settings.data);
    await Promise.all([
      store.loadConversations(),
      store.loadModels(false),
      store.refreshBalance(false),
    ]);
  })();

  return () => {
    clearTimeout(listTimer);
    document.removeEventListener('visibilitychange', flushWhenHidden);
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}
