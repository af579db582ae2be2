// Search results in the sidebar: word hits and meaning hits, in conversations and documents.
import type { SearchHit } from '../../../shared/types';
import { useAppStore } from '../store';
import { useT } from '../i18n/use-t';

export function SearchResults({ hits }: { hits: SearchHit[] }) {
  const t = useT();
  const openConversation = useAppStore((s) => s.openConversation);
  const showDocument = useAppStore((s) => s.showDocument);
  const setTab = useAppStore((s) => s.setTab);
  if (hits.length === 0) return <p className="sidebar-empty">{t('chat.noResults')}</p>;
  return (
    <ul className="stack conversation-list">
      {hits.map((hit) => (
        <li
          key={`${hit.conversationId}:${hit.documentId ?? ''}:${hit.messageId ?? ''}:${hit.snippet}`}
          className="conversation hit"
        >
          <a
            href={
              hit.documentId
                ? `#document/${encodeURIComponent(hit.documentId)}`
                : `#conversation/${encodeURIComponent(hit.conversationId)}`
            }
            className="conversation-link"
            onClick={(event) => {
              event.preventDefault();
              if (hit.documentId) {
                setTab('documents');
                void showDocument(hit.documentId);
              } else void openConversation(hit.conversationId);
            }}
          >
            <span className="conversation-title">
              {hit.match === 'meaning' && (
                <span className="match-label">{t('semantic.byMeaning')}</span>
              )}
              {hit.documentId && <span className="match-label">{t('semantic.documentHit')}</span>}
              {hit.title || t('chat.untitled')}
            </span>
            {hit.snippet && <span className="snippet">{hit.snippet}</span>}
          </a>
        </li>
      ))}
    </ul>
  );
}
