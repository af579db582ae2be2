// "Sources" under a web-search answer: numbered, the site's name and the title, each opening only
// through the app's link confirmation (nothing is ever fetched from those sites).
import type { SourceLink } from '../../../shared/tools';
import { useT } from '../i18n/use-t';
import { useAppStore } from '../store';
import './answer-format.css';

export function Sources({ sources }: { sources: readonly SourceLink[] | undefined }) {
  const t = useT();
  const requestOpenLink = useAppStore((s) => s.requestOpenLink);
  if (!sources || sources.length === 0) return null;
  return (
    <section className="answer-sources" aria-label={t('format.sources')}>
      <h3>{t('format.sources')}</h3>
      <ol>
        {sources.map((source) => (
          <li key={source.url}>
            <a
              href={source.url}
              title={t('format.openSource', { url: source.url })}
              rel="noreferrer noopener"
              onClick={(event) => {
                // The window never navigates: the person confirms the whole address first.
                event.preventDefault();
                requestOpenLink(source.url);
              }}
            >
              <span className="answer-source-site">{source.site}</span>
              {source.title && <span className="answer-source-title"> — {source.title}</span>}
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}
