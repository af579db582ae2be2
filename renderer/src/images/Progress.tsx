// An Images run under way: how long it has taken, its retries, and Cancel.
import { useEffect, useState } from 'react';
import { useT } from '../i18n/use-t';
import { useAppStore } from '../store';

export function Progress() {
  const t = useT();
  const job = useAppStore((s) => s.imageJob);
  const cancel = useAppStore((s) => s.cancelImages);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!job) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [job]);
  if (!job) return null;
  const seconds = Math.max(0, Math.floor((now - job.startedAt) / 1000));
  const label = t('images.generating', { seconds });
  return (
    <div className="image-progress" role="status">
      <div className="progress-track" role="progressbar" aria-label={label}>
        <div className="progress-bar" />
      </div>
      <div className="image-progress-row">
        <span>{label}</span>
        <button type="button" className="button ghost" onClick={() => void cancel()}>
          {t('common.cancel')}
        </button>
      </div>
      {job.retrying && (
        <p className="hint warning">
          {t('images.retrying', {
            attempt: job.retrying.attempt,
            max: job.retrying.maxAttempts,
          })}
        </p>
      )}
    </div>
  );
}
