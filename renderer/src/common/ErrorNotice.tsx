// A failure in words: what happened and what to do, the service's own text, and the ways out.
import type { UserError } from '../../../shared/types';
import { useT } from '../i18n/use-t';
import { useAppStore } from '../store';
import { errorSentence, offersTrim, pointsToSettings } from './errors';

interface ErrorNoticeProps {
  error: UserError;
  onRetry?: () => void;
  /** Offer Retry whatever the code says: for reads of the person's own data, trying again is safe. */
  retryAlways?: boolean;
  onTrim?: () => void;
  onDismiss?: () => void;
}

export function ErrorNotice({ error, onRetry, retryAlways, onTrim, onDismiss }: ErrorNoticeProps) {
  const t = useT();
  const setTab = useAppStore((s) => s.setTab);
  const sentence = errorSentence(t, error);
  const showServiceText = error.message.trim() !== '' && error.message !== sentence;
  return (
    <div className="error-notice" role="alert">
      <p className="error-sentence">{sentence}</p>
      {showServiceText && (
        <p className="error-service">
          {error.fromService ? t('common.serviceSaid', { message: error.message }) : error.message}
        </p>
      )}
      <div className="error-actions">
        {onTrim && offersTrim(error) && (
          <button type="button" className="button" onClick={onTrim}>
            {t('chat.trimOldest')}
          </button>
        )}
        {onRetry && (error.retryable || retryAlways) && (
          <button type="button" className="button" onClick={onRetry}>
            {t('common.retry')}
          </button>
        )}
        {pointsToSettings(error) && (
          <button type="button" className="button ghost" onClick={() => setTab('settings')}>
            {t('nav.settings')}
          </button>
        )}
        {onDismiss && (
          <button type="button" className="button ghost" onClick={onDismiss}>
            {t('common.close')}
          </button>
        )}
      </div>
    </div>
  );
}
