// Records from the microphone with MediaRecorder: start, stop, the seconds so far, and why it could not.
import { useEffect, useRef, useState } from 'react';

export interface MicrophoneRecorder {
  recording: boolean;
  /** Whole seconds since the recording started. */
  seconds: number;
  /** Why the microphone or the recording failed (the browser's words), for the caller to phrase. */
  problem: string | null;
  start(): Promise<void>;
  stop(): void;
}

/** recording-2026-01-31-12-00-00.wav: a file name that sorts by when it was recorded. */
export function recordingName(extension: string): string {
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
  return `recording-${stamp}.${extension}`;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * `onRecorded` gets the whole recording (the browser's container, see its type) once stopped; if it
 * fails, its reason becomes the problem. `timesliceMs` hands data over while recording, so a long
 * recording is not held in one piece by the browser. Leaving the page stops the microphone.
 */
export function useMicrophoneRecorder(
  onRecorded: (recording: Blob) => void | Promise<void>,
  timesliceMs?: number,
): MicrophoneRecorder {
  const [recording, setRecording] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);

  useEffect(() => {
    if (!recording) return;
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 500);
    return () => clearInterval(timer);
  }, [recording]);

  useEffect(() => () => recorder.current?.stop(), []);

  async function start(): Promise<void> {
    setProblem(null);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const chunks: Blob[] = [];
      const next = new MediaRecorder(stream);
      next.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      next.onstop = () => {
        for (const track of stream.getTracks()) track.stop();
        setRecording(false);
        recorder.current = null;
        const whole = new Blob(chunks, { type: next.mimeType || 'audio/webm' });
        void Promise.resolve()
          .then(() => onRecorded(whole))
          .catch((error: unknown) => setProblem(reasonOf(error)));
      };
      recorder.current = next;
      next.start(timesliceMs);
      setSeconds(0);
      setRecording(true);
    } catch (error) {
      setProblem(reasonOf(error));
    }
  }

  return { recording, seconds, problem, start, stop: () => recorder.current?.stop() };
}
