// The conversation's settings as a side panel beside the chat: opened by the header's button for
// the conversation in view, closed by Escape, its × or the button again; it stays with that
// conversation only, unless the person pins it to stay open in every chat (kept in this window).
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Conversation } from '../../../shared/types';
import { IconButton } from '../common/IconButton';
import { pageStorage } from '../common/page-storage';
import { useT } from '../i18n/use-t';
import { ConversationSettings } from './deferred-parts';

const PINNED_KEY = 'atelier.conversationPanelPinned';

export interface ConversationPanelState {
  /** Shown for the conversation in view. */
  open: boolean;
  pinned: boolean;
  show(conversationId: string): void;
  close(): void;
  setPinned(pinned: boolean): void;
  /** The header's button, which takes the focus back when the panel closes. */
  toggleRef: RefObject<HTMLButtonElement | null>;
}

export function useConversationPanel(activeId: string | null): ConversationPanelState {
  /** The conversation the panel was opened for; null: closed. */
  const [openFor, setOpenFor] = useState<string | null>(null);
  const [pinned, setPinnedState] = useState(() => pageStorage()?.getItem(PINNED_KEY) === 'yes');
  const toggleRef = useRef<HTMLButtonElement | null>(null);
  return {
    open: activeId !== null && openFor !== null && (pinned || openFor === activeId),
    pinned,
    show: setOpenFor,
    close: () => setOpenFor(null),
    setPinned: (next) => {
      setPinnedState(next);
      // Unpinned while open: it stays open, now for the conversation in view only.
      if (openFor !== null) setOpenFor(activeId);
      pageStorage()?.setItem(PINNED_KEY, next ? 'yes' : 'no');
    },
    toggleRef,
  };
}

export function ConversationPanel({
  conversation,
  panel,
}: {
  conversation: Conversation;
  panel: ConversationPanelState;
}) {
  const t = useT();
  const box = useRef<HTMLElement>(null);

  // Opening moves the focus into the panel, so a keyboard reaches its fields at once.
  useEffect(() => {
    box.current?.focus();
  }, []);

  function close() {
    panel.close();
    panel.toggleRef.current?.focus();
  }

  return (
    <aside
      ref={box}
      id="conversation-panel"
      className="conversation-panel"
      aria-labelledby="conversation-panel-title"
      tabIndex={-1}
      onKeyDown={(event) => {
        // A menu or list inside that used Escape to close itself has said so.
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        close();
      }}
    >
      <div className="conversation-panel-head">
        <h2 id="conversation-panel-title">{t('chat.settings')}</h2>
        <IconButton label={t('chat.closeSettings')} onClick={close}>
          ×
        </IconButton>
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={panel.pinned}
          onChange={(event) => panel.setPinned(event.target.checked)}
        />
        {t('chat.pinSettings')}
      </label>
      {conversation.assistant && (
        <p className="conversation-panel-assistant">
          {t('chat.fromAssistant', { name: conversation.assistant.name })}
        </p>
      )}
      <ConversationSettings key={conversation.id} conversation={conversation} />
    </aside>
  );
}
