// The notice of a long wait the service asked for: the time left, counting down, and "Retry now".
import { useEffect, useState } from 'react';
import { useT } from '../i18n/use-t';
import { useAppStore } from '../store';
import { formatTimeLeft } from './time-left';

export function HoldNotice() {
  const t = useT();
  const hold = useAppStore((s) => s.serviceHold);
  const retryNow = useAppStore((s) => s.retryNow);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!hold) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [hold]);

  if (!hold || hold.untilMs <= now) return null;
  return (
    <div className="hold-notice" role="status">
      <div>
        <p className="hold-title">
          {t('rate.holdNotice', { time: formatTimeLeft(hold.untilMs - now) })}
        </p>
        <p className="hint">{t('rate.holdHint')}</p>
      </div>
      <button type="button" className="button" onClick={() => void retryNow()}>
        {t('rate.retryNow')}
      </button>
    </div>
  );
}
