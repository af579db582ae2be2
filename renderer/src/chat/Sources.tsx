// "Sources" under a web-search answer: numbered, the site's name and the title, each opening only
// through the app's link confirmation (nothing is ever fetched from those sites).
import type { SourceLink } from '../../../shared/tools';
import { useT } from '../i18n/use-t';
import { ConfirmedLink } from '../common/ConfirmedLink';
import './answer-format.css';

export function Sources({ sources }: { sources: readonly SourceLink[] | undefined }) {
  const t = useT();
  if (!sources || sources.length === 0) return null;
  return (
    <section className="answer-sources" aria-label={t('format.sources')}>
      <h3>{t('format.sources')}</h3>
      <ol>
        {sources.map((source) => (
          <li key={source.url}>
            <ConfirmedLink href={source.url} title={t('format.openSource', { url: source.url })}>
              <span className="answer-source-site">{source.site}</span>
              {source.title && <span className="answer-source-title"> — {source.title}</span>}
            </ConfirmedLink>
          </li>
        ))}
      </ol>
    </section>
  );
}
