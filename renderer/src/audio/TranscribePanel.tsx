// Transcription: a file (button, drag and drop) or a microphone recording, and the transcript by speaker.
import { sizeWords } from '../i18n/counts';
import { saveTextFile } from '../common/save-text';
import { localeOf } from '../i18n/translate';
import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { toSrt, toVtt, transcriptCues } from '../../../shared/subtitles';
import type { Language, Transcript } from '../../../shared/types';
import { CopyButton } from '../common/CopyButton';
import { ErrorNotice } from '../common/ErrorNotice';
import { KindModelSelect } from '../common/KindModelSelect';
import { recordingName, useMicrophoneRecorder } from '../common/useMicrophoneRecorder';
import type { Translate } from '../i18n/translate';
import { useLanguage, useT } from '../i18n/use-t';
import { useMoney } from '../i18n/use-money';
import { useAppStore } from '../store';
import { MAX_UPLOAD_BYTES } from '../../../shared/upload-limits';
import type { AudioFileRefusal } from '../store/audio-slice';
import { BusyNote } from './CreateForms';
import { formatClock } from './WaveformPlayer';
import { HistoryRow } from './HistoryRow';
import { Field } from '../common/Field';
import { TranscriptionCost } from '../models/MediaCost';

/** SPEAKER_00, SPEAKER_01 … as Speaker 1, Speaker 2 … in order of first appearance. */
export function speakerNames(transcript: Transcript, t: Translate): Map<string, string> {
  const names = new Map<string, string>();
  for (const segment of transcript.segments ?? []) {
    if (segment.speaker && !names.has(segment.speaker))
      names.set(segment.speaker, t('audio.speaker', { n: names.size + 1 }));
  }
  return names;
}

/** The transcript as text to copy and save: timed lines by speaker when there are segments. */
export function transcriptText(transcript: Transcript, t: Translate): string {
  if (!transcript.segments) return transcript.text;
  const names = speakerNames(transcript, t);
  return transcript.segments
    .map((segment) => {
      const who = segment.speaker ? `${names.get(segment.speaker)}: ` : '';
      return `[${formatClock(segment.start)}] ${who}${segment.text}`;
    })
    .join('\n');
}

/** Consecutive segments of one speaker, shown as one turn. */
function turnsOf(transcript: Transcript) {
  const turns: { speaker: string | null; start: number; end: number; texts: string[] }[] = [];
  for (const segment of transcript.segments ?? []) {
    const last = turns[turns.length - 1];
    if (last && last.speaker === segment.speaker && segment.speaker !== null) {
      last.texts.push(segment.text);
      last.end = segment.end;
    } else
      turns.push({
        speaker: segment.speaker,
        start: segment.start,
        end: segment.end,
        texts: [segment.text],
      });
  }
  return turns;
}

function refusalText(refusal: AudioFileRefusal, t: Translate, language: Language): string {
  return refusal.reason === 'too_large'
    ? t('audio.tooLarge', {
        name: refusal.name,
        size: sizeWords(refusal.size, language),
        limit: sizeWords(MAX_UPLOAD_BYTES, language),
      })
    : t('audio.notAudio', { name: refusal.name });
}

/** The transcript saved under its recording's name with another extension. */
function saveText(text: string, name: string, extension = 'txt', mime = 'text/plain'): void {
  saveTextFile(text, `${name.replace(/\.[^.]+$/, '') || 'transcript'}.${extension}`, mime);
}

/** The transcript's cues, speakers named as on screen. */
function cuesOf(transcript: Transcript, t: Translate) {
  const names = speakerNames(transcript, t);
  return transcriptCues(transcript, (speaker) => names.get(speaker));
}

/** Transcripts kept from earlier, newest first: show one again, or delete it. */
function TranscriptHistory() {
  const t = useT();
  const locale = localeOf(useLanguage());
  const transcripts = useAppStore((s) => s.transcripts);
  const current = useAppStore((s) => s.transcript?.id ?? null);
  const show = useAppStore((s) => s.showTranscript);
  const remove = useAppStore((s) => s.deleteTranscript);
  if (transcripts.length === 0) return null;
  return (
    <section className="transcript-history" aria-labelledby="transcript-history-title">
      <h3 id="transcript-history-title">{t('audio.transcriptHistory')}</h3>
      <ul className="stack history-list" aria-labelledby="transcript-history-title">
        {transcripts.map((item) => (
          <HistoryRow
            key={item.id}
            current={item.id === current}
            openLabel={t('audio.openTranscript', { name: item.fileName })}
            onOpen={() => show(item.id)}
            title={item.fileName}
            facts={`${new Date(item.createdAt).toLocaleString(locale)} · ${item.text.slice(0, 80)}`}
          >
            <button
              type="button"
              className="text-button"
              aria-label={t('audio.deleteTranscript', { name: item.fileName })}
              onClick={() => void remove(item.id)}
            >
              {t('audio.delete')}
            </button>
          </HistoryRow>
        ))}
      </ul>
    </section>
  );
}

export function TranscribePanel() {
  const t = useT();
  const money = useMoney();
  const language = useLanguage();
  const draft = useAppStore((s) => s.transcribeDraft);
  const setDraft = useAppStore((s) => s.setTranscribeDraft);
  const stage = useAppStore((s) => s.transcribeStage);
  const transcript = useAppStore((s) => s.transcript);
  const error = useAppStore((s) => s.transcribeError);
  const refusal = useAppStore((s) => s.transcribeRefusal);
  const transcribeBlob = useAppStore((s) => s.transcribeBlob);
  const dismiss = useAppStore((s) => s.dismissTranscribeError);
  const model = useAppStore((s) => s.models.find((m) => m.id === s.transcribeDraft.model));
  const loadTranscripts = useAppStore((s) => s.loadTranscripts);
  useEffect(() => {
    void loadTranscripts();
  }, [loadTranscripts]);
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const lastFile = useRef<{ blob: Blob; name: string } | null>(null);
  const timestampsId = useId();
  const diarizes = model?.badges.includes('diarization') ?? false;
  const timestamps = draft.timestamps ?? diarizes;
  const setModel = useCallback((id: string) => setDraft({ model: id }), [setDraft]);
  const busy = stage.stage !== 'idle';

  const send = useCallback(
    (blob: Blob, name: string) => {
      lastFile.current = { blob, name };
      void transcribeBlob(blob, name, timestamps);
    },
    [transcribeBlob, timestamps],
  );
  const recorder = useMicrophoneRecorder((blob) => {
    if (blob.size > 0) send(blob, recordingName(blob.type.includes('ogg') ? 'ogg' : 'webm'));
  }, 1000);

  function onDrop(event: DragEvent<HTMLDivElement>): void {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !busy && draft.model !== '') send(file, file.name);
  }

  const text = transcript ? transcriptText(transcript, t) : '';
  const names = transcript ? speakerNames(transcript, t) : new Map<string, string>();

  return (
    <div className="card">
      <KindModelSelect value={draft.model} task="transcription" onChange={setModel} />
      <div className="field-row">
        <Field label={t('audio.language')}>
          {(id) => (
            <input
              id={id}
              className="input"
              value={draft.language}
              maxLength={20}
              placeholder={t('audio.languagePlaceholder')}
              onChange={(event) => setDraft({ language: event.target.value })}
            />
          )}
        </Field>
        <div className="field checkbox-field">
          <label className="checkbox">
            <input
              id={timestampsId}
              type="checkbox"
              checked={timestamps}
              onChange={(event) => setDraft({ timestamps: event.target.checked })}
            />
            {t('audio.timestamps')}
          </label>
          <p className="hint">{t('audio.timestampsHint')}</p>
        </div>
      </div>
      <TranscriptionCost
        modelId={draft.model}
        seconds={recorder.recording ? recorder.seconds : null}
      />
      <div
        className="drop-zone"
        data-active={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p className="muted">{t('audio.dropHint')}</p>
        <div className="form-actions">
          <button
            type="button"
            className="button primary"
            disabled={busy || draft.model === '' || recorder.recording}
            onClick={() => fileInput.current?.click()}
          >
            {t('audio.transcribeFile')}
          </button>
          <input
            ref={fileInput}
            type="file"
            hidden
            accept="audio/*,video/webm,.wav,.mp3,.ogg,.oga,.flac,.m4a,.webm"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) send(file, file.name);
            }}
          />
          {recorder.recording ? (
            <button type="button" className="button stop" onClick={recorder.stop}>
              {t('audio.stopRecording')}
            </button>
          ) : (
            <button
              type="button"
              className="button"
              disabled={busy || draft.model === '' || typeof MediaRecorder === 'undefined'}
              onClick={() => void recorder.start()}
            >
              {t('audio.record')}
            </button>
          )}
        </div>
        <div role="status" className="progress-note">
          {recorder.recording && t('audio.recording', { seconds: recorder.seconds })}
          {stage.stage === 'uploading' && (
            <>
              {t('audio.uploading', {
                name: stage.name,
                percent: stage.total > 0 ? Math.round((stage.sent / stage.total) * 100) : 0,
              })}
              <progress max={stage.total || 1} value={stage.sent} />
            </>
          )}
          {stage.stage === 'transcribing' && (
            <BusyNote text={t('audio.transcribing', { name: stage.name })} live={false} />
          )}
        </div>
      </div>
      {recorder.problem && (
        <p className="hint warning" role="alert">
          {t('audio.micUnavailable', { reason: recorder.problem })}
        </p>
      )}
      {refusal && (
        <p className="hint warning" role="alert">
          {refusalText(refusal, t, language)}
        </p>
      )}
      {error && (
        <ErrorNotice
          error={error}
          onRetry={
            lastFile.current
              ? () => lastFile.current && send(lastFile.current.blob, lastFile.current.name)
              : undefined
          }
          onDismiss={dismiss}
        />
      )}
      {transcript && (
        <section
          className="transcript"
          aria-label={t('audio.transcriptOf', { name: transcript.fileName })}
        >
          <h2>{t('audio.transcriptOf', { name: transcript.fileName })}</h2>
          {transcript.cost && (
            <p className="hint">{t('audio.cost', { cost: money(transcript.cost) })}</p>
          )}
          {transcript.segments && (
            <ol className="stack transcript-turns" aria-label={t('audio.bySpeaker')}>
              {turnsOf(transcript).map((turn, index) => (
                <li
                  key={index}
                  className="transcript-turn"
                  data-speaker={turn.speaker ?? undefined}
                >
                  <div className="turn-head">
                    {turn.speaker && (
                      <span
                        className="speaker"
                        data-index={[...names.keys()].indexOf(turn.speaker) % 4}
                      >
                        {names.get(turn.speaker)}
                      </span>
                    )}
                    <span className="muted turn-time">
                      {formatClock(turn.start)}–{formatClock(turn.end)}
                    </span>
                  </div>
                  <p>{turn.texts.join(' ')}</p>
                </li>
              ))}
            </ol>
          )}
          <Field label={t('audio.transcript')}>
            {(id) => <textarea id={id} className="input" rows={6} readOnly value={text} />}
          </Field>
          <div className="form-actions">
            <CopyButton text={text} />
            <button
              type="button"
              className="text-button"
              onClick={() => saveText(text, transcript.fileName)}
            >
              {t('audio.saveTranscript')}
            </button>
            <button
              type="button"
              className="text-button"
              onClick={() =>
                saveText(
                  toSrt(cuesOf(transcript, t)),
                  transcript.fileName,
                  'srt',
                  'application/x-subrip',
                )
              }
            >
              {t('audio.saveSrt')}
            </button>
            <button
              type="button"
              className="text-button"
              onClick={() =>
                saveText(toVtt(cuesOf(transcript, t)), transcript.fileName, 'vtt', 'text/vtt')
              }
            >
              {t('audio.saveVtt')}
            </button>
          </div>
          {!transcript.segments && <p className="hint">{t('audio.subtitlesOneCue')}</p>}
        </section>
      )}
      <TranscriptHistory />
    </div>
  );
}
