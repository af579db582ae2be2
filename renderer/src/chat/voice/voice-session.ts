// Voice mode's rounds: listen, transcribe, ask, read the answer aloud sentence by sentence as it streams, and listen again until stopped.
import type { UserError } from '../../../../shared/types';
import type { VoicePhase, VoiceProblemKind } from '../../store/voice-slice';
import { createSentenceStream } from './sentences';
import { createSpeechQueue } from './speech-queue';

/** Why voice mode stopped: said to the person with what to do. */
export class VoiceProblem extends Error {
  constructor(
    readonly kind: VoiceProblemKind,
    /** The browser's words (microphone, playback) or the service's refusal. */
    readonly reason: string = '',
    readonly error?: UserError,
  ) {
    super(error?.message ?? (reason || kind));
  }
}

/** The answer a round's question got: where it is, for the media it makes. */
export interface AnswerRef {
  conversationId: string;
  messageId: string;
}

export interface VoiceRoundDeps<Audio> {
  /** The person's question as a recording; null when stopped meanwhile. */
  listen(signal: AbortSignal): Promise<{ recording: Blob; seconds: number } | null>;
  /** Its words; null when the person declined the cost or voice mode stopped. */
  transcribe(recording: Blob, seconds: number, signal: AbortSignal): Promise<string | null>;
  /**
   * Sends the question as a chat turn; `onText` gets the answer so far as it streams. Null when
   * the turn did not begin (declined) or voice mode stopped.
   */
  ask(
    question: string,
    onText: (soFar: string, answer: AnswerRef | null) => void,
    signal: AbortSignal,
  ): Promise<(AnswerRef & { text: string }) | null>;
  synthesize(sentence: string, answer: AnswerRef | null): Promise<Audio>;
  play(audio: Audio, signal: AbortSignal): Promise<void>;
  setPhase(phase: VoicePhase): void;
  /** A round's whole reply has been played. */
  onReplyPlayed(): void;
}

/** Runs rounds until `signal` aborts or something fails (thrown, a VoiceProblem when it is ours). */
export async function runVoiceSession<Audio>(
  deps: VoiceRoundDeps<Audio>,
  signal: AbortSignal,
): Promise<void> {
  while (!signal.aborted) {
    deps.setPhase('listening');
    const heard = await deps.listen(signal);
    if (!heard || signal.aborted) return;
    deps.setPhase('transcribing');
    const question = await deps.transcribe(heard.recording, heard.seconds, signal);
    if (question === null || signal.aborted) return;
    // Nothing said (a sigh, the room): listen again rather than ask the model nothing.
    if (question.trim() === '') continue;
    deps.setPhase('thinking');
    let answer: AnswerRef | null = null;
    const sentences = createSentenceStream();
    const queue = createSpeechQueue({
      synthesize: (sentence) => deps.synthesize(sentence, answer),
      play: async (audio: Audio) => {
        if (signal.aborted) return;
        deps.setPhase('speaking');
        await deps.play(audio, signal);
      },
    });
    signal.addEventListener('abort', () => queue.cancel(), { once: true });
    const whole = await deps.ask(
      question,
      (soFar, ref) => {
        answer = ref ?? answer;
        for (const sentence of sentences.push(soFar)) queue.add(sentence);
      },
      signal,
    );
    if (!whole || signal.aborted) {
      queue.cancel();
      return;
    }
    answer = { conversationId: whole.conversationId, messageId: whole.messageId };
    for (const sentence of sentences.end(whole.text)) queue.add(sentence);
    await queue.finish();
    if (signal.aborted) return;
    deps.onReplyPlayed();
  }
}
