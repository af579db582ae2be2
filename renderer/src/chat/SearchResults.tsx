// Search results in the sidebar: word hits (matched words highlighted) and meaning hits, in conversations and documents.
import type { SearchHit, WordIndexProblem } from '../../../shared/types';
import { useAppStore } from '../store';
import { useT } from '../i18n/use-t';
import { highlightParts } from './highlight';

/** What the person is told when the word index may miss hits. */
const PROBLEM_NOTES = {
  rebuilding: 'chat.searchRebuilding',
  stale: 'chat.searchStale',
  unavailable: 'chat.searchUnavailable',
} as const satisfies Record<WordIndexProblem, string>;

/** The snippet as text, the matched words in <mark>: built from ranges, so a message's own markup stays text. */
function Snippet({ hit }: { hit: SearchHit }) {
  return (
    <span className="snippet">
      {highlightParts(hit.snippet, hit.ranges).map((part, i) =>
        part.marked ? <mark key={i}>{part.text}</mark> : part.text,
      )}
    </span>
  );
}

export function SearchResults({ hits }: { hits: SearchHit[] }) {
  const t = useT();
  const openSearchHit = useAppStore((s) => s.openSearchHit);
  const showDocument = useAppStore((s) => s.showDocument);
  const setTab = useAppStore((s) => s.setTab);
  const indexing = useAppStore((s) => s.searchIndexing);
  const problem = useAppStore((s) => s.searchProblem);
  return (
    <>
      {(problem !== null || indexing) && (
        <p className="hint" role="status">
          {t(problem !== null ? PROBLEM_NOTES[problem] : 'chat.searchIndexing')}
        </p>
      )}
      {hits.length === 0 ? (
        <p className="sidebar-empty">{t('chat.noResults')}</p>
      ) : (
        <ul className="stack conversation-list search-results">
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
                  } else void openSearchHit(hit);
                }}
              >
                <span className="conversation-title">
                  {hit.match === 'meaning' && (
                    <span className="match-label">{t('semantic.byMeaning')}</span>
                  )}
                  {hit.documentId && (
                    <span className="match-label">{t('semantic.documentHit')}</span>
                  )}
                  {hit.title || t('chat.untitled')}
                </span>
                {hit.foundIn && (
                  <span className="found-in">
                    {hit.foundIn.kind === 'version'
                      ? t('chat.foundInVersion')
                      : t('chat.foundInFile', { name: hit.foundIn.name })}
                  </span>
                )}
                {hit.snippet && <Snippet hit={hit} />}
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
