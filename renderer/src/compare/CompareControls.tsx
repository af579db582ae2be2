// The composer's part of Compare models: the toggle, the 2 to 4 models chosen with the one model picker, the estimate for all of them, and what core refused.
import { useDeferredValue, useMemo } from 'react';
import { COMPARE_MODELS, compareModels } from '../../../shared/compare';
import { ErrorNotice } from '../common/ErrorNotice';
import { Icon } from '../common/Icon';
import { IconButton } from '../common/IconButton';
import { useT } from '../i18n/use-t';
import { useMoney } from '../i18n/use-money';
import { ModelPicker } from '../models/ModelPicker';
import { useAppStore } from '../store';
import { useCompareVisionPending } from './compare-vision';
import { CompareVisionAdvice } from './CompareVisionAdvice';
import './compare.css';

/** Compare on or off, beside Attach in the composer's bar. */
export function CompareToggle() {
  const t = useT();
  const on = useAppStore((s) => s.compareDraft.on);
  const setOn = useAppStore((s) => s.setCompareOn);
  return (
    <button
      type="button"
      className={`button compare-toggle${on ? ' on' : ''}`}
      aria-pressed={on}
      title={t('compare.toggleHint')}
      onClick={() => setOn(!on)}
    >
      {t('compare.toggle')}
    </button>
  );
}

/** While Compare is on: one picker per model (typed ids taken), Add and Remove, and a refusal. */
export function CompareBar({ draftKey }: { draftKey: string }) {
  const t = useT();
  const draft = useAppStore((s) => s.compareDraft);
  const setModel = useAppStore((s) => s.setCompareModel);
  const add = useAppStore((s) => s.addCompareModel);
  const remove = useAppStore((s) => s.removeCompareModel);
  const error = useAppStore((s) => s.compareErrors[draftKey]);
  const dismiss = useAppStore((s) => s.dismissCompareError);
  const keep = useAppStore((s) => s.keepCompareModelForPictures);
  const waiting = useCompareVisionPending(draftKey);
  if (!draft.on) return null;
  const enough = compareModels(draft.models).length >= COMPARE_MODELS.min;
  return (
    <fieldset className="compare-bar">
      <legend>{t('compare.models')}</legend>
      <div className="compare-slots">
        {draft.models.map((model, index) => (
          <div className="compare-slot" key={index}>
            <ModelPicker
              value={model}
              onChange={(next) => setModel(index, next)}
              label={t('compare.model', { n: index + 1 })}
              showDetails={false}
              kinds={['chat']}
            />
            {draft.models.length > COMPARE_MODELS.min && (
              <IconButton
                small
                label={t('compare.remove', { n: index + 1 })}
                onClick={() => remove(index)}
              >
                ×
              </IconButton>
            )}
            {waiting.includes(model) && (
              <CompareVisionAdvice
                model={model}
                onSwitch={(vision) => setModel(index, vision)}
                onKeep={() => keep(draftKey, model)}
              />
            )}
          </div>
        ))}
        {draft.models.length < COMPARE_MODELS.max && (
          <button type="button" className="button compare-add" onClick={add}>
            <Icon name="plus" size={14} /> {t('compare.add')}
          </button>
        )}
      </div>
      {!enough && (
        <p className="hint warning" role="status">
          {t('compare.needModels', { min: COMPARE_MODELS.min, max: COMPARE_MODELS.max })}
        </p>
      )}
      {error && <ErrorNotice error={error} onDismiss={() => dismiss(draftKey)} />}
    </fieldset>
  );
}

/** Beside Send while Compare is on: the most the question may cost, all models together. */
export function CompareCost({
  conversationId,
  draft,
}: {
  conversationId: string | null;
  draft: string;
}) {
  const t = useT();
  const money = useMoney();
  // Typing stays quick in a long conversation: counted a moment later, and only when an input changes.
  const text = useDeferredValue(draft);
  const conversation = useAppStore((s) => (conversationId ? s.open[conversationId] : undefined));
  const chosen = useAppStore((s) => s.compareDraft.models);
  const listed = useAppStore((s) => s.models);
  const basis = useAppStore((s) => s.settings?.priceBasis);
  const estimateOf = useAppStore((s) => s.compareEstimate);
  const estimate = useMemo(
    () => (text.trim() === '' ? null : estimateOf(conversationId, text)),
    // The estimate reads these through the store.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [text, conversation, chosen, listed, basis, conversationId, estimateOf],
  );
  if (estimate === null) return null;
  return (
    <span className="turn-cost compare-cost">
      {t('compare.estimate', { cost: money(estimate) })}
    </span>
  );
}

/** Whether the composer may send as a compare: on, with enough different models. */
export function useCompareReady(): { on: boolean; ready: boolean } {
  const on = useAppStore((s) => s.compareDraft.on);
  const count = useAppStore((s) => compareModels(s.compareDraft.models).length);
  return { on, ready: count >= COMPARE_MODELS.min && count <= COMPARE_MODELS.max };
}
