// The notice of files core set aside at start: how many, which and why, where they are, and how to get one back.
import { REASON_SUFFIX } from '../../../shared/storage';
import { countWords } from '../i18n/counts';
import { useLanguage, useT } from '../i18n/use-t';
import { useAppStore } from '../store';

export function RecoveredNotice() {
  const t = useT();
  const language = useLanguage();
  const recovered = useAppStore((s) => s.recovered);
  const dismiss = useAppStore((s) => s.dismissRecovered);
  if (!recovered || recovered.items.length === 0) return null;
  return (
    <section className="recovered-notice" role="status" aria-label={t('storage.recoveredLabel')}>
      <div className="recovered-text">
        <p className="recovered-title">
          {t('storage.recoveredTitle', {
            files: countWords(language, 'units.files', recovered.items.length),
          })}
        </p>
        <details>
          <summary>{t('storage.recoveredWhich')}</summary>
          <ul className="recovered-list">
            {recovered.items.map((item) => (
              <li key={`${item.file} ${item.at} ${item.movedTo ?? ''}`}>
                <code>{item.file}</code>
                <span className="recovered-reason">{item.reason}</span>
                {item.movedTo === null && (
                  <span className="recovered-reason">{t('storage.recoveredStayed')}</span>
                )}
              </li>
            ))}
          </ul>
        </details>
        <p className="hint">
          {t('storage.recoveredWhere')} <code className="recovered-folder">{recovered.folder}</code>
        </p>
        <p className="hint">{t('storage.recoveredHowBack', { note: REASON_SUFFIX })}</p>
      </div>
      <button type="button" className="button" onClick={dismiss}>
        {t('storage.dismiss')}
      </button>
    </section>
  );
}
