// The composer's Record button: a microphone recording handed over as a WAV file.
import { useT } from '../../i18n/use-t';
import { recordingName, useMicrophoneRecorder } from '../../common/useMicrophoneRecorder';
import { toWav } from '../../common/wav';
import './attachments.css';

export function Recorder({ onRecorded }: { onRecorded(file: File): void }) {
  const t = useT();
  // Audio models take WAV or MP3, not the browser's WebM: decode and re-encode here.
  const recorder = useMicrophoneRecorder(async (recording) => {
    const wav = await toWav(recording);
    onRecorded(new File([wav], recordingName('wav'), { type: 'audio/wav' }));
  });

  return (
    <>
      <button
        type="button"
        className={`button ghost${recorder.recording ? ' recording' : ''}`}
        aria-pressed={recorder.recording}
        onClick={() => (recorder.recording ? recorder.stop() : void recorder.start())}
      >
        {recorder.recording
          ? t('attach.stopRecording', { seconds: recorder.seconds })
          : t('attach.record')}
      </button>
      {recorder.problem && (
        <span className="attachment-error recorder-problem" role="alert">
          {t('attach.micUnavailable', { reason: recorder.problem })}
        </span>
      )}
    </>
  );
}
