// Where a media item made from a chat came from: a link that opens that chat at its message, or words when the chat is gone or the item was an attachment.
import type { MediaItem } from '../../../shared/types';
import { useT } from '../i18n/use-t';
import { useAppStore } from '../store';

export function FromChatLink({ item }: { item: Pick<MediaItem, 'fromChat' | 'extra'> }) {
  const t = useT();
  const from = item.fromChat;
  const summary = useAppStore((s) =>
    from ? (s.summaries.find((c) => c.id === from.conversationId) ?? null) : null,
  );
  const listComplete = useAppStore((s) => s.listComplete);
  const setTab = useAppStore((s) => s.setTab);
  const openSearchHit = useAppStore((s) => s.openSearchHit);
  if (!from)
    return item.extra.attachedToChat === true ? (
      <span className="hint from-chat">{t('studio.attachedToChat')}</span>
    ) : null;
  // A deleted chat's media stay in the library: the link is gone, and the words say why.
  if (!summary && listComplete)
    return <span className="hint from-chat">{t('studio.chatGone')}</span>;
  const title = summary?.title || t('chat.untitled');
  return (
    <button
      type="button"
      className="text-button from-chat"
      aria-label={t('studio.openChatLabel', { title })}
      onClick={() => {
        setTab('chat');
        void openSearchHit({
          conversationId: from.conversationId,
          messageId: from.messageId,
          title,
          snippet: '',
        });
      }}
    >
      {t('studio.openChat', { title })}
    </button>
  );
}
