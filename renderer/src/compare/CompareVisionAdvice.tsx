// Beside a compared model that pictures would reach though its id is not vis-: one click to its vis- variant, or send as chosen.
import { visionVariant } from '../../../shared/models';
import { useT } from '../i18n/use-t';
import { useAppStore } from '../store';

/** The composer's vis- advice, short, for one compared model. */
export function CompareVisionAdvice({
  model,
  onSwitch,
  onKeep,
}: {
  model: string;
  onSwitch(modelId: string): void;
  onKeep(): void;
}) {
  const t = useT();
  const models = useAppStore((s) => s.models);
  const vision = visionVariant(model, models);
  return (
    <div className="compare-vision" role="note" aria-label={t('compare.vision.label', { model })}>
      <p>{vision ? t('compare.vision.title') : t('compare.vision.none')}</p>
      <div className="advice-actions">
        {vision && (
          <button type="button" className="button primary" onClick={() => onSwitch(vision.id)}>
            {t('attach.vision.switch', { vision: vision.id })}
          </button>
        )}
        <button
          type="button"
          className="button ghost"
          aria-label={t('compare.vision.keepNamed', { model })}
          onClick={onKeep}
        >
          {t('attach.vision.keep')}
        </button>
      </div>
    </div>
  );
}
