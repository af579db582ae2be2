// Global keyboard shortcuts: Ctrl/Cmd+N new chat, Ctrl/Cmd+K search, Escape stop, Ctrl/Cmd+, settings.
import { useEffect } from 'react';
import { useAppStore } from '../store';

export function useShortcuts(): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const store = useAppStore.getState();
      const mod = event.ctrlKey || event.metaKey;
      if (mod && !event.altKey && !event.shiftKey) {
        const key = event.key.toLowerCase();
        if (key === 'n') {
          event.preventDefault();
          store.startNewChat();
        } else if (key === 'k') {
          event.preventDefault();
          store.setTab('chat');
          store.requestSearchFocus();
        } else if (key === ',') {
          event.preventDefault();
          store.setTab('settings');
        }
        return;
      }
      if (event.key === 'Escape' && !event.defaultPrevented && store.tab === 'chat') {
        const id = store.activeId;
        if (id && store.streams[id]) {
          event.preventDefault();
          void store.stopStreaming(id);
        }
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
