// The message box: Enter sends, Shift+Enter breaks the line; Stop while an answer streams.
import { Icon } from '../common/Icon';
import { useEffect, useRef } from 'react';
import { useAppStore } from '../store';
import { useT } from '../i18n/use-t';

export function Composer({ conversationId }: { conversationId: string | null }) {
  const t = useT();
  const draftKey = conversationId ?? '';
  const draft = useAppStore((s) => s.drafts[draftKey] ?? '');
  const setDraft = useAppStore((s) => s.setDraft);
  const sendTurn = useAppStore((s) => s.sendTurn);
  const stopStreaming = useAppStore((s) => s.stopStreaming);
  const streaming = useAppStore((s) =>
    conversationId ? s.streams[conversationId] !== undefined : false,
  );
  const focusRequest = useAppStore((s) => s.composerFocusRequest);
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    box.current?.focus();
  }, [focusRequest, conversationId]);

  function send() {
    const text = draft.trim();
    if (text === '' || streaming) return;
    setDraft(draftKey, '');
    void sendTurn({ kind: 'send', text: draft });
  }

  return (
    <div className="composer">
      <textarea
        ref={box}
        className="composer-input"
        aria-label={t('chat.message')}
        placeholder={t('chat.messagePlaceholder')}
        value={draft}
        rows={1}
        onChange={(event) => setDraft(draftKey, event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            send();
          }
        }}
      />
      <div className="composer-bar">
        <span title={t('chat.attachSoon')} className="attach-wrap">
          <button type="button" className="icon-button" aria-label={t('chat.attach')} disabled>
            <Icon name="attach" />
          </button>
        </span>
        <span className="composer-hint">{t('chat.attachSoon')}</span>
        {streaming && conversationId ? (
          <button
            type="button"
            className="button stop"
            onClick={() => void stopStreaming(conversationId)}
          >
            <Icon name="stop" size={14} /> {t('chat.stop')}
          </button>
        ) : (
          <button
            type="button"
            className="button primary"
            disabled={draft.trim() === ''}
            onClick={send}
          >
            {t('chat.send')}
          </button>
        )}
      </div>
    </div>
  );
}
