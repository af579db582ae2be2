// The left column of Images: mode, model, prompt, shape or sources, Generate, progress, the result and failures.
import { useEffect, type FormEvent } from 'react';
import { MediaCost } from '../models/MediaCost';
import { imageShapeOf, maxSourceImagesOf, SD_TXT2IMG, shapeProblem } from '../../../shared/images';
import { defaultModelFor } from '../../../shared/model-defaults';
import { useT } from '../i18n/use-t';
import { useAppStore } from '../store';
import { fitNumber, type ImagesMode } from '../store/images-form-slice';
import { EditSources } from './EditSources';
import { KindModelSelect } from '../common/KindModelSelect';
import { Field } from '../common/Field';
import { TechnicalDetails } from '../common/TechnicalDetails';
import { Outcome } from './Outcome';
import { Progress } from './Progress';
import { ShapeField } from './ShapeField';

const MODES: readonly ImagesMode[] = ['generate', 'edit', 'sdapi'];

function ModeSwitch() {
  const t = useT();
  const mode = useAppStore((s) => s.imagesMode);
  const setMode = useAppStore((s) => s.setImagesMode);
  const labels = {
    generate: t('images.mode.generate'),
    edit: t('images.mode.edit'),
    sdapi: t('images.mode.sdapi'),
  };
  return (
    <div role="radiogroup" aria-label={t('images.mode')} className="image-modes">
      {MODES.map((item, index) => (
        <button
          key={item}
          type="button"
          role="radio"
          aria-checked={mode === item}
          tabIndex={mode === item ? 0 : -1}
          className="image-mode"
          onClick={() => setMode(item)}
          onKeyDown={(event) => {
            const step =
              event.key === 'ArrowRight' || event.key === 'ArrowDown'
                ? 1
                : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
                  ? -1
                  : 0;
            if (!step) return;
            event.preventDefault();
            const next = MODES[(index + step + MODES.length) % MODES.length]!;
            setMode(next);
            const group = event.currentTarget.parentElement;
            requestAnimationFrame(() =>
              group?.querySelector<HTMLButtonElement>('[aria-checked="true"]')?.focus(),
            );
          }}
        >
          {labels[item]}
        </button>
      ))}
    </div>
  );
}

export function ImageForm() {
  const t = useT();
  const mode = useAppStore((s) => s.imagesMode);
  const draft = useAppStore((s) => s.imageDraft);
  const setDraft = useAppStore((s) => s.setImageDraft);
  const models = useAppStore((s) => s.models);
  const sources = useAppStore((s) => s.editSources);
  const job = useAppStore((s) => s.imageJob);
  const runImages = useAppStore((s) => s.runImages);

  // Each mode's model is the list's default once it arrives (Edit's too, before Edit is shown).
  useEffect(() => {
    if (models.length === 0) return;
    const patch: Partial<typeof draft> = {};
    if (!draft.generateModel) patch.generateModel = defaultModelFor('image', models);
    if (!draft.editModel) patch.editModel = defaultModelFor('image-edit', models);
    if (patch.generateModel || patch.editModel) setDraft(patch);
  }, [models, draft.generateModel, draft.editModel, setDraft]);

  const viaEdits = mode === 'edit' && draft.viaEdits;
  const modelId =
    mode === 'edit' ? (viaEdits ? draft.mappedModel.trim() : draft.editModel) : draft.generateModel;
  const model = models.find((m) => m.id === modelId);
  const shape = imageShapeOf(model, modelId);
  const limit = maxSourceImagesOf(model);

  function chooseModel(id: string) {
    const next = imageShapeOf(
      models.find((m) => m.id === id),
      id,
    );
    const patch: Partial<typeof draft> =
      mode === 'edit' ? { editModel: id } : { generateModel: id };
    // A size the new model cannot make would be a 400; its first size is a safe start.
    if (
      mode === 'generate' &&
      next.kind === 'size' &&
      next.fixed &&
      !next.sizes.includes(draft.size)
    )
      patch.size = next.sizes[0] ?? '';
    // Families known to want aspect_ratio start with one; the person may still pick a size.
    if (mode === 'generate' && next.kind === 'aspect' && draft.aspectRatio === '') {
      patch.aspectRatio = next.ratios[0] ?? '1:1';
      patch.size = '';
    }
    if (next.kind === 'size' && next.fixed && patch.size) patch.aspectRatio = '';
    setDraft(patch);
  }

  const uploading = sources.some((source) => source.ref === null);
  const overLimit = limit !== null && sources.length > limit;
  // A size or ratio typed in a form the document does not have is said under its field.
  const misshapen =
    (mode === 'generate' && shapeProblem(draft.size, draft.aspectRatio) !== null) ||
    (mode === 'edit' && shapeProblem(draft.editSize, draft.editAspectRatio) !== null);
  const blocked =
    job !== null ||
    misshapen ||
    draft.prompt.trim() === '' ||
    (mode !== 'sdapi' && !modelId) ||
    (mode === 'edit' && (sources.length === 0 || uploading || overLimit));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!blocked) void runImages();
  }

  return (
    <form className="image-form" onSubmit={onSubmit}>
      <ModeSwitch />
      {mode === 'edit' && (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.viaEdits}
            onChange={(event) => setDraft({ viaEdits: event.target.checked })}
          />
          {t('images.viaEdits')}
        </label>
      )}
      {mode === 'edit' && <TechnicalDetails>{t('images.viaEditsDetails')}</TechnicalDetails>}
      {viaEdits && (
        <Field label={t('images.mappedModel')} hint={t('images.mappedModelHint')}>
          {(id) => (
            <input
              id={id}
              className="input"
              value={draft.mappedModel}
              placeholder="gpt-image-1"
              onChange={(event) => setDraft({ mappedModel: event.target.value })}
            />
          )}
        </Field>
      )}
      {mode !== 'sdapi' && !viaEdits && (
        // Per-token prices mean nothing for pictures; the id and the service's own note do.
        <KindModelSelect
          value={modelId}
          task={mode === 'edit' ? 'image-edit' : 'image'}
          onChange={chooseModel}
          hint={models.find((m) => m.id === modelId)?.description ?? undefined}
        />
      )}
      {mode === 'sdapi' && <p className="hint">{t('images.sd.hint')}</p>}
      {mode === 'edit' && <EditSources limit={limit} />}
      <Field label={t('images.prompt')}>
        {(id) => (
          <textarea
            id={id}
            className="input"
            rows={4}
            value={draft.prompt}
            placeholder={
              mode === 'edit' ? t('images.editPromptPlaceholder') : t('images.promptPlaceholder')
            }
            onChange={(event) => setDraft({ prompt: event.target.value })}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) onSubmit(event);
            }}
          />
        )}
      </Field>
      {mode === 'generate' && (
        <ShapeField
          key="generate"
          shape={shape}
          size={draft.size}
          aspectRatio={draft.aspectRatio}
          emptySizeLabel={t('images.sizeDefault')}
          onSize={(size) => setDraft({ size })}
          onAspect={(aspectRatio) => setDraft({ aspectRatio })}
        />
      )}
      {mode === 'edit' && (
        <ShapeField
          key="edit"
          shape={shape}
          size={draft.editSize}
          aspectRatio={draft.editAspectRatio}
          emptySizeLabel={t('images.sizeFromSource')}
          onSize={(editSize) => setDraft({ editSize })}
          onAspect={(editAspectRatio) => setDraft({ editAspectRatio })}
        />
      )}
      {mode === 'sdapi' && (
        <>
          <Field label={t('images.sd.negative')}>
            {(id) => (
              <textarea
                id={id}
                className="input"
                rows={2}
                value={draft.negativePrompt}
                onChange={(event) => setDraft({ negativePrompt: event.target.value })}
              />
            )}
          </Field>
          <div className="field-row">
            <WholeNumberField
              label={t('images.sd.steps')}
              value={draft.steps}
              min={1}
              max={SD_TXT2IMG.maxSteps}
              step={1}
              onChange={(steps) => setDraft({ steps })}
            />
            <WholeNumberField
              label={t('images.sd.width')}
              value={draft.sdWidth}
              min={SD_TXT2IMG.minSide}
              max={SD_TXT2IMG.maxSide}
              step={SD_TXT2IMG.sideStep}
              onChange={(sdWidth) => setDraft({ sdWidth })}
            />
            <WholeNumberField
              label={t('images.sd.height')}
              value={draft.sdHeight}
              min={SD_TXT2IMG.minSide}
              max={SD_TXT2IMG.maxSide}
              step={SD_TXT2IMG.sideStep}
              onChange={(sdHeight) => setDraft({ sdHeight })}
            />
          </div>
        </>
      )}
      {mode !== 'sdapi' && (
        // The service makes one picture per request (n is forced to 1).
        <MediaCost model={model ?? null} amount={{ images: 1 }} prompt={draft.prompt} />
      )}
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={blocked}>
          {t('images.generate')}
        </button>
        <span className="hint">
          {mode === 'edit' && sources.length === 0 ? t('images.noSources') : t('images.submitHint')}
        </span>
      </div>
      <Progress />
      <Outcome />
    </form>
  );
}

/** A number input that snaps to its range and step when the person leaves it. */
function WholeNumberField(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange(value: number): void;
}) {
  const { label, value, min, max, step, onChange } = props;
  return (
    <Field label={label}>
      {(id) => (
        <input
          id={id}
          className="input"
          type="number"
          min={min}
          max={max}
          step={step}
          value={value}
          onChange={(event) => onChange(Number(event.target.value))}
          onBlur={() => onChange(fitNumber(value, min, max, step))}
        />
      )}
    </Field>
  );
}
