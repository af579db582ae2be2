// Voice mode's rounds with fake microphone, service and speaker: two rounds asked and read aloud in order, then stopped.
import { describe, expect, it } from 'vitest';
import {
  runVoiceSession,
  type AnswerRef,
  type VoiceRoundDeps,
} from '../../../../../renderer/src/chat/voice/voice-session';
import type { VoicePhase } from '../../../../../renderer/src/store/voice-slice';

interface Script {
  /** What each round transcribes to, in order. */
  heard: string[];
  /** The answer to each question, streamed in these pieces. */
  answerPieces: Record<string, string[]>;
  /** How synthesizing a sentence goes (default: fine). */
  synthesizeFails?: string;
}

function fakes(script: Script, controller: AbortController) {
  const log: string[] = [];
  const phases: VoicePhase[] = [];
  let round = 0;
  let replies = 0;
  const deps: VoiceRoundDeps<string> = {
    async listen() {
      if (round >= script.heard.length) {
        controller.abort();
        return null;
      }
      return { recording: new Blob([String(round)]), seconds: 2 };
    },
    async transcribe() {
      const words = script.heard[round++]!;
      log.push(`heard ${words}`);
      return words;
    },
    async ask(question, onText) {
      const ref: AnswerRef = { conversationId: 'c1', messageId: `a-${question}` };
      let soFar = '';
      for (const piece of script.answerPieces[question] ?? []) {
        soFar += piece;
        onText(soFar, ref);
        await Promise.resolve();
      }
      return { ...ref, text: soFar };
    },
    async synthesize(sentence, answer) {
      if (sentence === script.synthesizeFails) throw new Error('The service said no.');
      // Only where the answer is, as audio.speak's fromChat takes it.
      if (answer) expect(Object.keys(answer).sort()).toEqual(['conversationId', 'messageId']);
      return `${answer?.messageId}:${sentence}`;
    },
    async play(audio) {
      log.push(`play ${audio}`);
    },
    setPhase: (phase) => {
      if (phases.at(-1) !== phase) phases.push(phase);
    },
    onReplyPlayed: () => {
      replies += 1;
      log.push(`played reply ${replies}`);
    },
  };
  return { deps, log, phases, replies: () => replies };
}

describe('runVoiceSession', () => {
  it('asks each question heard and reads its answer aloud sentence by sentence, round after round', async () => {
    const controller = new AbortController();
    const { deps, log, phases, replies } = fakes(
      {
        heard: ['Capital of France?', 'And Spain?'],
        answerPieces: {
          'Capital of France?': ['It is Pa', 'ris. It is on the', ' Seine.'],
          'And Spain?': ['Madrid.'],
        },
      },
      controller,
    );
    await runVoiceSession(deps, controller.signal);
    expect(log).toEqual([
      'heard Capital of France?',
      'play a-Capital of France?:It is Paris.',
      'play a-Capital of France?:It is on the Seine.',
      'played reply 1',
      'heard And Spain?',
      'play a-And Spain?:Madrid.',
      'played reply 2',
    ]);
    expect(replies()).toBe(2);
    expect(phases).toEqual([
      'listening',
      'transcribing',
      'thinking',
      'speaking',
      'listening',
      'transcribing',
      'thinking',
      'speaking',
      'listening',
    ]);
  });

  it('listens again when nothing was said, without asking', async () => {
    const controller = new AbortController();
    const { deps, log } = fakes(
      { heard: ['  ', 'Hi?'], answerPieces: { 'Hi?': ['Hello.'] } },
      controller,
    );
    await runVoiceSession(deps, controller.signal);
    expect(log).toEqual(['heard   ', 'heard Hi?', 'play a-Hi?:Hello.', 'played reply 1']);
  });

  it('stops with the failure when a sentence cannot be spoken', async () => {
    const controller = new AbortController();
    const { deps, log } = fakes(
      { heard: ['Q?'], answerPieces: { 'Q?': ['One. Two. Three.'] }, synthesizeFails: 'Two.' },
      controller,
    );
    await expect(runVoiceSession(deps, controller.signal)).rejects.toThrow('The service said no.');
    expect(log).toEqual(['heard Q?', 'play a-Q?:One.']);
  });
});
