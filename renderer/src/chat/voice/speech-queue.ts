// Sentences spoken in order: each is made while the one before plays, and played only after it, never two at once.

export interface SpeechQueueOptions<T> {
  /** Makes one sentence's audio (a paid request: one at a time, in order). */
  synthesize(sentence: string): Promise<T>;
  /** Plays it to the end. */
  play(audio: T): Promise<void>;
}

export interface SpeechQueue {
  add(sentence: string): void;
  /** Resolves when every sentence added has played; rejects with the first failure. */
  finish(): Promise<void>;
  /** Nothing more is made or played (what is playing is the caller's to stop). */
  cancel(): void;
}

export function createSpeechQueue<T>(options: SpeechQueueOptions<T>): SpeechQueue {
  let making: Promise<unknown> = Promise.resolve();
  let playing: Promise<void> = Promise.resolve();
  let failed = false;
  let cancelled = false;
  return {
    add(sentence) {
      const made = making.then(() => {
        // After a failure or a cancel nothing more is asked for (or paid).
        if (failed || cancelled) throw new Error('The speech queue has stopped.');
        return options.synthesize(sentence);
      });
      making = made.catch(() => {
        failed = true;
      });
      playing = playing.then(async () => {
        const audio = await made;
        if (!cancelled) await options.play(audio);
      });
      // Held until finish() is awaited; a failure stays in the chain for it.
      playing.catch(() => undefined);
    },
    finish: () => playing,
    cancel() {
      cancelled = true;
    },
  };
}
