// The Video tab: prompt, model, aspect ratio, duration and frames on one side, the job queue on the other.
import { countWords, sizeWords } from '../i18n/counts';
import { MediaCost } from '../models/MediaCost';
import { useCallback, useEffect, type FormEvent, type KeyboardEvent } from 'react';
import { ErrorNotice } from '../common/ErrorNotice';
import { KindModelSelect } from '../common/KindModelSelect';
import { useLanguage, useT } from '../i18n/use-t';
import { subscribe } from '../platform';
import { useAppStore } from '../store';
import { VIDEO_FRAME_MAX_BYTES, VIDEO_PROMPT_LONG_CHARS } from '../../../shared/video';
import { AspectRatioField, aspectRatioSendable } from './AspectRatioField';
import { FramePicker } from './FramePicker';
import { VideoJobList } from './VideoJobList';
import { Field } from '../common/Field';
import '../common/media-page.css';
import './video.css';

function VideoForm() {
  const t = useT();
  const language = useLanguage();
  const draft = useAppStore((s) => s.videoDraft);
  const setDraft = useAppStore((s) => s.setVideoDraft);
  const frames = useAppStore((s) => s.videoFrames);
  const refusal = useAppStore((s) => s.frameRefusal);
  const submitting = useAppStore((s) => s.videoSubmitting);
  const retry = useAppStore((s) => s.videoRetry);
  const error = useAppStore((s) => s.videoError);
  const generate = useAppStore((s) => s.generateVideo);
  const dismiss = useAppStore((s) => s.dismissVideoError);
  const models = useAppStore((s) => s.models);
  const model = models.find((m) => m.id === draft.model);
  // A duration the new model does not offer goes back to its default.
  const setModel = useCallback(
    (id: string) => {
      const state = useAppStore.getState();
      const offered = state.models.find((m) => m.id === id)?.limits?.durations;
      const keep = !offered || offered.includes(state.videoDraft.duration);
      setDraft(keep ? { model: id } : { model: id, duration: 0 });
    },
    [setDraft],
  );

  const durations = model?.limits?.durations ?? [];
  const framesBusy = Object.values(frames).some((frame) => frame?.uploading);
  const canSend =
    !submitting &&
    !framesBusy &&
    aspectRatioSendable(draft.aspectRatio) &&
    draft.prompt.trim() !== '' &&
    draft.model !== '';
  const promptChars = draft.prompt.length;
  const hasVideoModels = models.some(
    (m) => m.kind === 'text-to-video' || m.kind === 'image-to-video',
  );

  function submit(event: FormEvent): void {
    event.preventDefault();
    if (canSend) void generate();
  }

  function onPromptKey(event: KeyboardEvent<HTMLTextAreaElement>): void {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  }

  return (
    <form className="card" onSubmit={submit}>
      <Field
        label={t('video.prompt')}
        hint={
          promptChars > VIDEO_PROMPT_LONG_CHARS &&
          t('video.promptLong', {
            characters: countWords(language, 'units.characters', promptChars),
          })
        }
      >
        {(id) => (
          <textarea
            id={id}
            className="input"
            rows={4}
            placeholder={t('video.promptPlaceholder')}
            value={draft.prompt}
            onChange={(event) => setDraft({ prompt: event.target.value })}
            onKeyDown={onPromptKey}
          />
        )}
      </Field>
      <KindModelSelect value={draft.model} task="video" onChange={setModel} />
      {models.length > 0 && !hasVideoModels && (
        <p className="hint warning">{t('video.noModels')}</p>
      )}
      <div className="field-row">
        <AspectRatioField
          value={draft.aspectRatio}
          onChange={(aspectRatio) => setDraft({ aspectRatio })}
        />
        <Field label={t('video.duration')} hint={durations.length === 0 && t('video.durationHint')}>
          {(id) =>
            durations.length > 0 ? (
              <select
                id={id}
                className="input"
                value={draft.duration}
                onChange={(event) => setDraft({ duration: Number(event.target.value) })}
              >
                <option value={0}>{t('video.durationDefault')}</option>
                {durations.map((seconds) => (
                  <option key={seconds} value={seconds}>
                    {countWords(language, 'units.seconds', seconds)}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                className="input"
                type="number"
                min={0}
                max={600}
                step={1}
                value={draft.duration}
                onChange={(event) =>
                  setDraft({ duration: Math.max(0, Math.floor(event.target.valueAsNumber || 0)) })
                }
              />
            )
          }
        </Field>
      </div>
      {/* Any model may take frames: the list does not say which do, and the service judges. */}
      <p className="hint">{t('video.framesHint')}</p>
      <FramePicker slot="first" />
      <FramePicker slot="last" />
      {refusal && (
        <p className="hint warning" role="alert">
          {refusal.reason === 'too_large'
            ? t('video.frameTooLarge', {
                name: refusal.name,
                size: sizeWords(refusal.size, language),
                limit: sizeWords(VIDEO_FRAME_MAX_BYTES, language),
              })
            : t('video.frameNotImage', { name: refusal.name })}
        </p>
      )}
      <MediaCost
        model={model ?? null}
        amount={{ video: draft.duration > 0 ? draft.duration : null }}
        prompt={draft.prompt}
      />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={!canSend}>
          {t('video.generate')}
        </button>
        {submitting && (
          <span role="status" className="muted progress-note">
            <span className="media-spinner" aria-hidden="true" />{' '}
            {retry
              ? t('video.retrying', { attempt: retry.attempt, max: retry.maxAttempts })
              : t('video.submitting')}
          </span>
        )}
      </div>
      <p className="hint">{t('video.pollNote')}</p>
      {error && <ErrorNotice error={error} onRetry={() => void generate()} onDismiss={dismiss} />}
    </form>
  );
}

export default function VideoTab() {
  const t = useT();
  const load = useAppStore((s) => s.loadVideoJobs);

  useEffect(() => {
    void load();
    const unsubscribers = [
      subscribe('video.jobs.changed', (jobs) => useAppStore.getState().applyVideoJobs(jobs)),
      subscribe('video.retrying', (retry) => useAppStore.getState().applyVideoRetry(retry)),
    ];
    return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
  }, [load]);

  return (
    <section className="media-page" aria-labelledby="video-title">
      <header className="media-header">
        <h1 id="video-title">{t('video.title')}</h1>
      </header>
      <div className="media-columns">
        <div className="media-main">
          <VideoForm />
        </div>
        <div className="media-side">
          <VideoJobList />
        </div>
      </div>
    </section>
  );
}
