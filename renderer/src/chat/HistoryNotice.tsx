// Below the messages: "Message deleted" with Undo for a few seconds, or why a change of the history failed.
import { useEffect } from 'react';
import { ErrorNotice } from '../common/ErrorNotice';
import { useT } from '../i18n/use-t';
import { useAppStore } from '../store';

/** How long "Undo" is offered after a deletion (core keeps the deleted message longer). */
export const UNDO_SHOWN_MS = 8000;

export function HistoryNotice({ conversationId }: { conversationId: string }) {
  const t = useT();
  const deleted = useAppStore((s) =>
    s.deleted?.conversationId === conversationId ? s.deleted : null,
  );
  const error = useAppStore((s) => s.historyErrors[conversationId]);
  const undoDelete = useAppStore((s) => s.undoDelete);
  const dismissDeleted = useAppStore((s) => s.dismissDeleted);
  const dismissError = useAppStore((s) => s.dismissHistoryError);
  const token = deleted?.undoToken;

  useEffect(() => {
    if (!token) return;
    const timer = setTimeout(() => {
      if (useAppStore.getState().deleted?.undoToken === token) dismissDeleted();
    }, UNDO_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [token, dismissDeleted]);

  if (error)
    return (
      <div className="turn-failure">
        <ErrorNotice error={error} onDismiss={() => dismissError(conversationId)} />
      </div>
    );
  if (!deleted) return null;
  return (
    <div className="undo-notice" role="status">
      <span>
        {deleted.kind === 'version'
          ? t('chat.versionDeleted')
          : deleted.kind === 'turn'
            ? t('chat.turnDeleted')
            : t('chat.messageDeleted')}
      </span>
      <button type="button" className="button" onClick={() => void undoDelete()}>
        {t('chat.undo')}
      </button>
      <button type="button" className="button ghost" onClick={dismissDeleted}>
        {t('common.close')}
      </button>
    </div>
  );
}
