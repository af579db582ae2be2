// Voice mode switched on and off: one session at a time, wired to the store's chat turns, the audio calls and the spending questions.
import { speechEstimate, transcriptionEstimate } from '../../../../shared/estimates';
import { DEFAULT_STUDIO_CHOICES } from '../../../../shared/studio';
import { studioModel } from '../../../../shared/studio-actions';
import type { ChatMessage, MediaItem } from '../../../../shared/types';
import { recordingName } from '../../common/useMicrophoneRecorder';
import { uploadFile } from '../../common/upload';
import { invoke } from '../../platform';
import { useAppStore } from '../../store';
import { VOICE_OFF } from '../../store/voice-slice';
import { playMedia, recordQuestion, startMicrophone, type Microphone } from './voice-io';
import {
  runVoiceSession,
  VoiceProblem,
  type AnswerRef,
  type VoiceRoundDeps,
} from './voice-session';

let running: { stop: AbortController; press: AbortController } | null = null;

const store = () => useAppStore.getState();
/** The model voice mode uses for a step: the one chosen in Settings, as Read aloud finds it. */
function modelFor(task: 'transcribe' | 'speech'): string {
  const state = store();
  return studioModel(
    task,
    state.settings?.studio ?? DEFAULT_STUDIO_CHOICES,
    state.models,
    state.settings?.priceBasis,
  );
}

async function transcribe(recording: Blob, seconds: number): Promise<string | null> {
  const model = modelFor('transcribe');
  if (!model) throw new VoiceProblem('no-transcription-model');
  const go = await store().askToSpend(
    'transcription',
    model,
    (info, basis) => transcriptionEstimate(info, { seconds }, basis),
    store().voice.conversationId ?? store().activeId,
  );
  if (!go) return null;
  const uploaded = await uploadFile(recording, { name: recordingName('wav'), mime: 'audio/wav' });
  if (!uploaded.ok) throw new VoiceProblem('service', '', uploaded.error);
  const answer = await invoke('audio.transcribe', {
    fileId: uploaded.data.fileId,
    model,
    timestamps: false,
    duration: seconds,
  });
  if (!answer.ok) throw new VoiceProblem('service', '', answer.error);
  return answer.data.text;
}

function lastAnswer(messages: readonly ChatMessage[], before: ReadonlySet<string>) {
  return [...messages].reverse().find((m) => m.role === 'assistant' && !before.has(m.id));
}

/** Sends the question as an ordinary turn and follows its answer until the stream ends. */
async function ask(
  question: string,
  onText: (soFar: string, answer: AnswerRef | null) => void,
  signal: AbortSignal,
): Promise<(AnswerRef & { text: string }) | null> {
  const openBefore = store().activeId;
  const before = new Set((openBefore ? store().open[openBefore]?.messages : [])?.map((m) => m.id));
  await store().sendTurn({ kind: 'send', text: question });
  const conversationId = store().activeId;
  if (!conversationId || signal.aborted) return null;
  store().setVoice({ conversationId });
  return new Promise((resolve, reject) => {
    // Any change of the store calls this: the text is handed on only when it grew or its message
    // became known, so the sentences are not cut again for nothing.
    let given = { length: -1, messageId: undefined as string | undefined };
    const check = () => {
      const state = store();
      const stream = state.streams[conversationId];
      if (signal.aborted) return finish(null);
      if (stream) {
        const content = state.liveTexts.get(conversationId)?.content ?? '';
        if (content.length === given.length && stream.messageId === given.messageId) return;
        given = { length: content.length, messageId: stream.messageId };
        const ref = stream.messageId ? { conversationId, messageId: stream.messageId } : null;
        onText(content, ref);
        return;
      }
      const failure = state.turnFailures[conversationId];
      if (failure) return fail(new VoiceProblem('service', '', failure.error));
      const message = lastAnswer(state.open[conversationId]?.messages ?? [], before);
      if (!message) return finish(null);
      if (message.status === 'error' && message.error)
        return fail(new VoiceProblem('service', '', message.error));
      finish({ conversationId, messageId: message.id, text: message.content });
    };
    const unsubscribeStore = useAppStore.subscribe(check);
    const unsubscribeText = store().liveTexts.subscribe(conversationId, check);
    const cleanup = () => {
      unsubscribeStore();
      unsubscribeText();
      signal.removeEventListener('abort', check);
    };
    const finish = (value: (AnswerRef & { text: string }) | null) => {
      cleanup();
      resolve(value);
    };
    const fail = (problem: VoiceProblem) => {
      cleanup();
      reject(problem);
    };
    signal.addEventListener('abort', check);
    check();
  });
}

async function synthesize(sentence: string, answer: AnswerRef | null): Promise<MediaItem> {
  const model = modelFor('speech');
  if (!model) throw new VoiceProblem('no-speech-model');
  const go = await store().askToSpend(
    'speech',
    model,
    (info, basis) => speechEstimate(info, { characters: sentence.length }, basis),
    answer?.conversationId ?? null,
  );
  if (!go) {
    stopVoiceMode();
    throw new VoiceProblem('service', 'declined');
  }
  const made = await invoke('audio.speak', {
    model,
    text: sentence,
    voice: (store().settings?.studio ?? DEFAULT_STUDIO_CHOICES).speechVoice,
    format: 'mp3',
    ...(answer ? { fromChat: answer } : {}),
  });
  if (!made.ok) throw new VoiceProblem('service', '', made.error);
  return made.data;
}

/** Turns voice mode on in the open conversation (a new one is made by the first question). */
export async function startVoiceMode(): Promise<void> {
  if (running) return;
  const stop = new AbortController();
  const current = { stop, press: new AbortController() };
  running = current;
  store().setVoice({ ...VOICE_OFF, phase: 'starting', conversationId: store().activeId });
  let microphone: Microphone | null = null;
  try {
    microphone = await startMicrophone();
    const mic = microphone;
    const deps: VoiceRoundDeps<MediaItem> = {
      listen: (signal) => {
        current.press = new AbortController();
        return recordQuestion(mic, signal, current.press.signal);
      },
      transcribe: (recording, seconds) => transcribe(recording, seconds),
      ask,
      synthesize,
      play: (item, signal) =>
        playMedia(item.id, signal, () =>
          store().setVoice({ sentencesPlayed: store().voice.sentencesPlayed + 1 }),
        ),
      setPhase: (phase) => {
        if (!stop.signal.aborted) store().setVoice({ phase });
      },
      onReplyPlayed: () => store().setVoice({ repliesPlayed: store().voice.repliesPlayed + 1 }),
    };
    await runVoiceSession(deps, stop.signal);
    store().setVoice({ phase: 'off' });
  } catch (error) {
    const problem =
      error instanceof VoiceProblem
        ? error
        : new VoiceProblem('microphone', error instanceof Error ? error.message : String(error));
    const declined = problem.reason === 'declined' || stop.signal.aborted;
    store().setVoice({
      phase: 'off',
      problem: declined
        ? null
        : {
            kind: problem.kind,
            reason: problem.reason,
            ...(problem.error ? { error: problem.error } : {}),
          },
    });
  } finally {
    microphone?.close();
    stop.abort();
    if (running === current) running = null;
  }
}

/** Stops listening and speaking at once; the conversation keeps what was said. */
export function stopVoiceMode(): void {
  if (!running) return;
  running.stop.abort();
  store().setVoice({ phase: 'off' });
}

/** Ends the question being recorded now, without waiting for a pause. */
export function sendQuestionNow(): void {
  running?.press.abort();
}
