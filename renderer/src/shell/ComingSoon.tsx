// Placeholder panel for the tabs later issues build (Images, Audio, Video, Documents).
import { useT } from '../i18n/use-t';

export function ComingSoon({ feature }: { feature: string }) {
  const t = useT();
  return (
    <section className="coming-soon" aria-label={feature}>
      <div className="coming-soon-card">
        <h1>{t('soon.title', { feature })}</h1>
        <p>{t('soon.body')}</p>
      </div>
    </section>
  );
}
