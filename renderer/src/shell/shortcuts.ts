// Global keyboard shortcuts: Ctrl/Cmd+N new chat, Ctrl/Cmd+K search, Escape stop, Ctrl/Cmd+, settings, ? or F1 the list of them all.
import { useEffect } from 'react';
import { useAppStore } from '../store';

/** Inputs that take no typed text: a ? pressed on one asks for the shortcuts. */
const KEYLESS_INPUTS = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'range',
  'color',
  'file',
]);

/** Whether a key pressed on `target` is typed into a text field (where ? is a character). */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !KEYLESS_INPUTS.has(target.type);
}

export function useShortcuts(showShortcuts: () => void): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const store = useAppStore.getState();
      const mod = event.ctrlKey || event.metaKey;
      if (
        !event.defaultPrevented &&
        !mod &&
        !event.altKey &&
        (event.key === 'F1' || (event.key === '?' && !typingIn(event.target)))
      ) {
        event.preventDefault();
        showShortcuts();
        return;
      }
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
  }, [showShortcuts]);
}
