// Voice mode's microphone and speaker: a question recorded until a pause (or a press), and a reply played to its end.
import { VOICE_LEVEL_INTERVAL_MS, VOICE_MAX_RECORDING_MS } from '../../../../shared/voice';
import { mediaUrl } from '../../common/media';
import { toWav } from '../../common/wav';
import { createSilenceDetector, levelOf } from './silence-detector';
import { VoiceProblem } from './voice-session';

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The microphone, or why not in words the person can act on. */
export async function openMicrophone(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new VoiceProblem('no-microphone');
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    if (name === 'NotFoundError' || name === 'OverconstrainedError')
      throw new VoiceProblem('no-microphone', reasonOf(error));
    if (name === 'NotAllowedError' || name === 'SecurityError')
      throw new VoiceProblem('microphone-refused', reasonOf(error));
    throw new VoiceProblem('microphone', reasonOf(error));
  }
}

/** The open microphone and its level meter, kept for the whole of voice mode. */
export interface Microphone {
  stream: MediaStream;
  /** The input's RMS level now. */
  level(): number;
  close(): void;
}

export async function startMicrophone(): Promise<Microphone> {
  const stream = await openMicrophone();
  const context = new AudioContext();
  await context.resume();
  const analyser = context.createAnalyser();
  analyser.fftSize = 2048;
  context.createMediaStreamSource(stream).connect(analyser);
  const frame = new Float32Array(analyser.fftSize);
  return {
    stream,
    level() {
      analyser.getFloatTimeDomainData(frame);
      return levelOf(frame);
    },
    close() {
      for (const track of stream.getTracks()) track.stop();
      void context.close();
    },
  };
}

/**
 * Records until the detector hears a pause after speech, `pressed` aborts (the person's "Send
 * now"), or the longest recording is reached; answers it as WAV, the format audio models take.
 * Null when `signal` aborts first.
 */
export function recordQuestion(
  microphone: Microphone,
  signal: AbortSignal,
  pressed: AbortSignal,
): Promise<{ recording: Blob; seconds: number } | null> {
  return new Promise((resolve, reject) => {
    const chunks: Blob[] = [];
    const recorder = new MediaRecorder(microphone.stream);
    const detector = createSilenceDetector();
    const started = performance.now();
    let stopped = false;
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    const end = () => {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      signal.removeEventListener('abort', end);
      pressed.removeEventListener('abort', end);
      if (recorder.state !== 'inactive') recorder.stop();
    };
    recorder.onstop = () => {
      if (signal.aborted) return resolve(null);
      const seconds = (performance.now() - started) / 1000;
      toWav(new Blob(chunks, { type: recorder.mimeType || 'audio/webm' })).then(
        (recording) => resolve({ recording, seconds }),
        (error: unknown) => reject(new VoiceProblem('microphone', reasonOf(error))),
      );
    };
    const timer = setInterval(() => {
      const at = performance.now() - started;
      if (detector.feed(microphone.level(), at) === 'ended' || at >= VOICE_MAX_RECORDING_MS) end();
    }, VOICE_LEVEL_INTERVAL_MS);
    signal.addEventListener('abort', end);
    pressed.addEventListener('abort', end);
    recorder.start();
    if (signal.aborted || pressed.aborted) end();
  });
}

/** Plays a media item to its end; a stop pauses it and resolves at once. */
export function playMedia(id: string, signal: AbortSignal, onPlayed: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const audio = new Audio(mediaUrl(id));
    const done = () => {
      signal.removeEventListener('abort', stop);
      resolve();
    };
    const stop = () => {
      audio.pause();
      done();
    };
    audio.onended = () => {
      onPlayed();
      done();
    };
    audio.onerror = () => {
      signal.removeEventListener('abort', stop);
      reject(new VoiceProblem('playback', audio.error?.message ?? ''));
    };
    signal.addEventListener('abort', stop);
    audio.play().catch((error: unknown) => {
      signal.removeEventListener('abort', stop);
      if (!signal.aborted) reject(new VoiceProblem('playback', reasonOf(error)));
    });
  });
}
