// Records from the microphone with MediaRecorder and hands the recording over as a WAV file.
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/use-t';
import { toWav } from './wav';

export function Recorder({ onRecorded }: { onRecorded(file: File): void }) {
  const t = useT();
  const [recording, setRecording] = useState<MediaRecorder | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const chunks = useRef<Blob[]>([]);

  useEffect(() => {
    if (!recording) return;
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 500);
    return () => clearInterval(timer);
  }, [recording]);

  async function start() {
    setProblem(null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      setProblem(t('attach.micUnavailable', { reason: (error as Error).message }));
      return;
    }
    const recorder = new MediaRecorder(stream);
    chunks.current = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.current.push(event.data);
    };
    recorder.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      const recorded = new Blob(chunks.current, { type: recorder.mimeType || 'audio/webm' });
      // Audio models take WAV or MP3, not the browser's WebM: decode and re-encode here.
      void toWav(recorded)
        .then((wav) => {
          const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
          onRecorded(new File([wav], `recording-${stamp}.wav`, { type: 'audio/wav' }));
        })
        .catch((error: unknown) =>
          setProblem(t('attach.micUnavailable', { reason: (error as Error).message })),
        );
    };
    recorder.start();
    setSeconds(0);
    setRecording(recorder);
  }

  function stop() {
    recording?.stop();
    setRecording(null);
  }

  return (
    <>
      <button
        type="button"
        className={`button ghost${recording ? ' recording' : ''}`}
        aria-pressed={recording !== null}
        onClick={() => (recording ? stop() : void start())}
      >
        {recording ? t('attach.stopRecording', { seconds }) : t('attach.record')}
      </button>
      {problem && (
        <span className="attachment-error" role="alert">
          {problem}
        </span>
      )}
    </>
  );
}
