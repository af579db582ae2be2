// The Speech and Music forms of the Audio tab: text, model, voice or length, and the button that makes it.
import { MediaCost } from '../models/MediaCost';
import { SPEECH_FORMATS, SPEECH_LONG_CHARS, type SpeechFormat } from '../../../shared/audio';
import { useCallback, type FormEvent, type KeyboardEvent } from 'react';
import { ErrorNotice } from '../common/ErrorNotice';
import { KindModelSelect } from '../common/KindModelSelect';
import { countWords } from '../i18n/counts';
import { useLanguage, useT } from '../i18n/use-t';
import { useAppStore } from '../store';
import { Field } from '../common/Field';
import { VoiceSelect } from '../common/VoiceSelect';

/** Ctrl/Cmd+Enter in the text sends the form, as in the chat composer. */
function submitOnCtrlEnter(event: KeyboardEvent<HTMLTextAreaElement>): void {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  }
}

/** Each speech format's name in the Format list. */
const FORMAT_LABELS = {
  mp3: 'audio.format.mp3',
  opus: 'audio.format.opus',
  aac: 'audio.format.aac',
  flac: 'audio.format.flac',
  wav: 'audio.format.wav',
  pcm: 'audio.format.pcm',
} as const satisfies Record<SpeechFormat, string>;

/** What is running, or that the service was busy and the request goes again. */
export function BusyNote({ text, live = true }: { text: string; live?: boolean }) {
  const t = useT();
  const retry = useAppStore((s) => s.audioRetry);
  return (
    <span role={live ? 'status' : undefined} className="muted progress-note">
      <span className="media-spinner" aria-hidden="true" />{' '}
      {retry ? t('audio.retrying', { attempt: retry.attempt, max: retry.maxAttempts }) : text}
    </span>
  );
}

function NoModels({ kinds }: { kinds: 'speech' | 'music' }) {
  const t = useT();
  const models = useAppStore((s) => s.models);
  const loading = useAppStore((s) => s.modelsLoading);
  const kind = kinds === 'speech' ? 'text-to-speech' : 'music';
  if (loading || models.length === 0 || models.some((m) => m.kind === kind)) return null;
  return (
    <p className="hint warning">
      {t('audio.noModels', {
        kind: t(kinds === 'speech' ? 'models.kind.text-to-speech' : 'models.kind.music'),
      })}
    </p>
  );
}

export function SpeechForm() {
  const t = useT();
  const language = useLanguage();
  const draft = useAppStore((s) => s.speechDraft);
  const setDraft = useAppStore((s) => s.setSpeechDraft);
  const busy = useAppStore((s) => s.audioBusy);
  const error = useAppStore((s) => s.audioError);
  const speak = useAppStore((s) => s.speak);
  const dismiss = useAppStore((s) => s.dismissAudioError);
  const model = useAppStore((s) => s.models.find((m) => m.id === s.speechDraft.model));
  const setModel = useCallback((id: string) => setDraft({ model: id }), [setDraft]);
  const canSend = busy === null && draft.text.trim() !== '' && draft.model !== '';
  const long = draft.text.length > SPEECH_LONG_CHARS;

  function submit(event: FormEvent): void {
    event.preventDefault();
    if (canSend) void speak();
  }

  return (
    <form className="card" onSubmit={submit}>
      <Field
        label={t('audio.text')}
        hint={
          long
            ? t('audio.longText', {
                count: countWords(language, 'units.characters', draft.text.length),
                long: countWords(language, 'units.characters', SPEECH_LONG_CHARS),
              })
            : countWords(language, 'units.characters', draft.text.length)
        }
      >
        {(id) => (
          <textarea
            id={id}
            className="input"
            rows={5}
            placeholder={t('audio.speechPlaceholder')}
            value={draft.text}
            onChange={(event) => setDraft({ text: event.target.value })}
            onKeyDown={submitOnCtrlEnter}
          />
        )}
      </Field>
      <KindModelSelect value={draft.model} task="speech" onChange={setModel} />
      <NoModels kinds="speech" />
      <div className="field-row">
        <VoiceSelect
          label={t('audio.voice')}
          value={draft.voice}
          onChange={(voice) => setDraft({ voice })}
        />
        <Field label={t('audio.format')}>
          {(id) => (
            <select
              id={id}
              className="input"
              value={draft.format}
              onChange={(event) => setDraft({ format: event.target.value as SpeechFormat })}
            >
              {SPEECH_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {t(FORMAT_LABELS[format])}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <MediaCost model={model ?? null} amount={{ speech: draft.text.length }} />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={!canSend}>
          {t('audio.speak')}
        </button>
        {busy === 'speech' && <BusyNote text={t('audio.speaking')} />}
      </div>
      {error && <ErrorNotice error={error} onRetry={() => void speak()} onDismiss={dismiss} />}
    </form>
  );
}

export function MusicForm() {
  const t = useT();
  const language = useLanguage();
  const draft = useAppStore((s) => s.musicDraft);
  const setDraft = useAppStore((s) => s.setMusicDraft);
  const busy = useAppStore((s) => s.audioBusy);
  const error = useAppStore((s) => s.audioError);
  const makeMusic = useAppStore((s) => s.makeMusic);
  const dismiss = useAppStore((s) => s.dismissAudioError);
  const model = useAppStore((s) => s.models.find((m) => m.id === s.musicDraft.model));
  // The list rarely states a model's longest piece; without it the service is the judge.
  const statedMax = model?.limits?.maxSeconds ?? null;
  const setModel = useCallback((id: string) => setDraft({ model: id }), [setDraft]);
  const secondsValid =
    Number.isInteger(draft.seconds) &&
    draft.seconds >= 1 &&
    (statedMax === null || draft.seconds <= statedMax);
  const canSend = busy === null && draft.text.trim() !== '' && draft.model !== '' && secondsValid;

  function submit(event: FormEvent): void {
    event.preventDefault();
    if (canSend) void makeMusic();
  }

  return (
    <form className="card" onSubmit={submit}>
      <Field label={t('audio.text')}>
        {(id) => (
          <textarea
            id={id}
            className="input"
            rows={4}
            placeholder={t('audio.musicPlaceholder')}
            value={draft.text}
            onChange={(event) => setDraft({ text: event.target.value })}
            onKeyDown={submitOnCtrlEnter}
          />
        )}
      </Field>
      <KindModelSelect value={draft.model} task="music" onChange={setModel} />
      <NoModels kinds="music" />
      <Field
        label={t('audio.seconds')}
        className="seconds-field"
        hint={
          statedMax !== null
            ? t('audio.secondsHint', { max: countWords(language, 'units.seconds', statedMax) })
            : t('audio.secondsHintUnstated')
        }
        warning={!secondsValid}
      >
        {(id) => (
          <input
            id={id}
            className="input"
            type="number"
            min={1}
            max={statedMax ?? undefined}
            step={1}
            value={Number.isFinite(draft.seconds) ? draft.seconds : ''}
            aria-invalid={!secondsValid}
            onChange={(event) => setDraft({ seconds: event.target.valueAsNumber })}
          />
        )}
      </Field>
      <MediaCost
        model={model ?? null}
        amount={{ music: Number.isFinite(draft.seconds) ? draft.seconds : null }}
        prompt={draft.text}
      />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={!canSend}>
          {t('audio.makeMusic')}
        </button>
        {busy === 'music' && <BusyNote text={t('audio.composing')} />}
      </div>
      {error && <ErrorNotice error={error} onRetry={() => void makeMusic()} onDismiss={dismiss} />}
    </form>
  );
}
