// What an Images run ended with: the pictures and their cost, or the failure with Retry.
import { SDAPI_MAPPING } from '../../../shared/images';
import { ErrorNotice } from '../common/ErrorNotice';
import { useBringIntoView } from '../common/bring-into-view';
import { mediaUrl } from '../common/media';
import { useMoney } from '../i18n/use-money';
import { useT } from '../i18n/use-t';
import { useAppStore } from '../store';

export function Outcome() {
  const t = useT();
  const money = useMoney();
  const outcome = useAppStore((s) => s.imageOutcome);
  const error = useAppStore((s) => s.imageError);
  const failedRun = useAppStore((s) => s.failedRun);
  const dismiss = useAppStore((s) => s.dismissImageError);
  const errorInView = useBringIntoView(error);
  const outcomeInView = useBringIntoView(outcome);
  return (
    <>
      {error && (
        <div className="image-failure" ref={errorInView}>
          {error.details?.mapping === SDAPI_MAPPING && (
            <p className="hint warning mapping-help">{t('images.sd.mappingMissing')}</p>
          )}
          <ErrorNotice
            error={error}
            onRetry={failedRun ? () => void failedRun() : undefined}
            onDismiss={dismiss}
          />
        </div>
      )}
      {outcome && (
        <section className="image-result" aria-label={t('images.result')} ref={outcomeInView}>
          <div className="image-result-grid">
            {outcome.items.map((item) => (
              <img
                key={item.id}
                src={mediaUrl(item.id)}
                alt={item.title}
                width={item.width ?? undefined}
                height={item.height ?? undefined}
              />
            ))}
          </div>
          <p className="hint">
            {outcome.cost !== null
              ? t('images.cost', { cost: money(outcome.cost) })
              : t('images.costUnknown')}{' '}
            {t('images.resultSaved')}
          </p>
        </section>
      )}
    </>
  );
}
