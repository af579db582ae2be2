// What the list says of a model: its price by the one price rule, its context and its badges; under a picker with its id.
import type { ModelInfo } from '../../../shared/types';
import { countWords } from '../i18n/counts';
import { useLanguage, useT } from '../i18n/use-t';
import { priceWords, usePriceReader } from './price-words';

/** Price, context size and badges, as far as the list states them. */
export function ModelFacts({ model, className }: { model: ModelInfo; className?: string }) {
  const t = useT();
  const language = useLanguage();
  const prices = usePriceReader();
  return (
    <span className={className ?? 'model-facts'}>
      <span className="model-price">{priceWords(prices, model)}</span>
      {model.contextLength != null && (
        <span>
          {t('models.context', {
            tokens: countWords(language, 'units.tokens', model.contextLength),
          })}
        </span>
      )}
      {model.badges.length > 0 && (
        <span className="badges">
          {model.badges.map((badge) => (
            <span key={badge} className="badge">
              {badge}
            </span>
          ))}
        </span>
      )}
    </span>
  );
}

/** The chosen model's id and facts, and what the place adds (`hint`). */
export function ModelDetails({ model, hint }: { model: ModelInfo; hint?: string }) {
  const t = useT();
  return (
    <div className="model-details">
      <code className="model-id" title={t('models.id')}>
        {model.id}
      </code>
      <ModelFacts model={model} />
      {hint && <span>{hint}</span>}
    </div>
  );
}
