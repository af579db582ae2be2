// "New chat from here" among a message's actions: the path up to it becomes a new conversation, opened at once.
import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { useAppStore } from '../store';

export function ForkButton({
  conversationId,
  messageId,
  which,
}: {
  conversationId: string;
  messageId: string;
  /** Which message it acts on, in words ("question 2"), for its accessible name. */
  which: string;
}) {
  const t = useT();
  const forkConversation = useAppStore((s) => s.forkConversation);
  const [making, setMaking] = useState(false);
  return (
    <button
      type="button"
      className="text-button"
      disabled={making}
      title={t('fork.hint')}
      aria-label={t('fork.newChatHereOf', { message: which })}
      onClick={() => {
        setMaking(true);
        void forkConversation(conversationId, messageId).finally(() => setMaking(false));
      }}
    >
      {t('fork.newChatHere')}
    </button>
  );
}
