// Settings: the models and voice the chat's studio uses (Read aloud, Illustrate, Animate, voice mode), each the list's default until chosen.
import { useCallback, useState } from 'react';
import type { ModelTask } from '../../../shared/model-defaults';
import { DEFAULT_STUDIO_CHOICES, type StudioChoices } from '../../../shared/studio';
import { studioModel, type StudioTask } from '../../../shared/studio-actions';
import type { UserError } from '../../../shared/types';
import { ErrorNotice } from '../common/ErrorNotice';
import { Field } from '../common/Field';
import { VoiceSelect } from '../common/VoiceSelect';
import { useT } from '../i18n/use-t';
import { ModelPicker } from '../models/ModelPicker';
import { useAppStore } from '../store';

type ModelField = Exclude<keyof StudioChoices, 'speechVoice'>;

const FIELDS: readonly {
  field: ModelField;
  task: StudioTask;
  pickerTask: ModelTask;
  label:
    'studio.speechModel' | 'studio.pictureModel' | 'studio.videoModel' | 'studio.transcribeModel';
}[] = [
  { field: 'speechModel', task: 'speech', pickerTask: 'speech', label: 'studio.speechModel' },
  { field: 'pictureModel', task: 'picture', pickerTask: 'image', label: 'studio.pictureModel' },
  { field: 'videoModel', task: 'video', pickerTask: 'video', label: 'studio.videoModel' },
  {
    field: 'transcribeModel',
    task: 'transcribe',
    pickerTask: 'transcription',
    label: 'studio.transcribeModel',
  },
];

/** Animating takes a picture: image-to-video models first. */
const VIDEO_KINDS = ['image-to-video', 'text-to-video'] as const;

function ModelChoice({
  spec,
  choices,
  save,
}: {
  spec: (typeof FIELDS)[number];
  choices: StudioChoices;
  save(patch: Partial<StudioChoices>): void;
}) {
  const t = useT();
  const models = useAppStore((s) => s.models);
  const basis = useAppStore((s) => s.settings?.priceBasis ?? 'auto');
  const chosen = choices[spec.field];
  const inUse = studioModel(spec.task, choices, models, basis);
  const { field } = spec;
  const onChange = useCallback((id: string) => save({ [field]: id }), [save, field]);
  const label = t(spec.label);
  return (
    <div className="studio-choice">
      <Field label={label}>
        {(id) => (
          <ModelPicker
            selectId={id}
            label={label}
            value={inUse}
            task={spec.pickerTask}
            kinds={spec.task === 'video' ? VIDEO_KINDS : undefined}
            onChange={onChange}
          />
        )}
      </Field>
      {chosen === '' ? (
        <p className="hint">{inUse === '' ? t('studio.noModel') : t('studio.usesDefault')}</p>
      ) : (
        <button type="button" className="text-button" onClick={() => save({ [field]: '' })}>
          {t('studio.useDefault')}
        </button>
      )}
    </div>
  );
}

export function StudioSettingsCard() {
  const t = useT();
  const choices = useAppStore((s) => s.settings?.studio ?? DEFAULT_STUDIO_CHOICES);
  const updateSettings = useAppStore((s) => s.updateSettings);
  const [error, setError] = useState<UserError | null>(null);
  const save = useCallback(
    (patch: Partial<StudioChoices>) => void updateSettings({ studio: patch }).then(setError),
    [updateSettings],
  );
  return (
    <section className="card" aria-label={t('studio.card')}>
      <h2>{t('studio.card')}</h2>
      <p className="hint">{t('studio.cardHint')}</p>
      {FIELDS.slice(0, 1).map((spec) => (
        <ModelChoice key={spec.field} spec={spec} choices={choices} save={save} />
      ))}
      <div className="studio-voice">
        <VoiceSelect
          label={t('studio.voice')}
          value={choices.speechVoice}
          onChange={(speechVoice) => save({ speechVoice })}
        />
      </div>
      {FIELDS.slice(1).map((spec) => (
        <ModelChoice key={spec.field} spec={spec} choices={choices} save={save} />
      ))}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </section>
  );
}
