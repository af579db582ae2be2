// The speech queue: made in order one at a time, played in order with no overlap, stopped by the first failure.
import { describe, expect, it } from 'vitest';
import { createSpeechQueue } from '../../../../../renderer/src/chat/voice/speech-queue';

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A queue whose making and playing the test finishes by hand, with a log of what happened. */
function harness() {
  const log: string[] = [];
  const made = new Map<string, Deferred<string>>();
  const played = new Map<string, Deferred<void>>();
  const queue = createSpeechQueue<string>({
    synthesize(sentence) {
      log.push(`make ${sentence}`);
      const d = deferred<string>();
      made.set(sentence, d);
      return d.promise;
    },
    play(audio) {
      log.push(`play ${audio}`);
      const d = deferred<void>();
      played.set(audio, d);
      return d.promise.then(() => void log.push(`end ${audio}`));
    },
  });
  return { log, made, played, queue };
}

describe('createSpeechQueue', () => {
  it('makes the next sentence while one plays, and plays each only after the one before ended', async () => {
    const { log, made, played, queue } = harness();
    queue.add('A');
    queue.add('B');
    queue.add('C');
    await settle();
    made.get('A')!.resolve('a');
    await settle();
    made.get('B')!.resolve('b');
    await settle();
    made.get('C')!.resolve('c');
    await settle();
    // B and C are ready, but A still plays.
    expect(log).toEqual(['make A', 'play a', 'make B', 'make C']);
    played.get('a')!.resolve();
    await settle();
    played.get('b')!.resolve();
    await settle();
    played.get('c')!.resolve();
    await queue.finish();
    expect(log).toEqual([
      'make A',
      'play a',
      'make B',
      'make C',
      'end a',
      'play b',
      'end b',
      'play c',
      'end c',
    ]);
  });

  it('asks for one sentence at a time, in order', async () => {
    const { log, made, queue } = harness();
    queue.add('A');
    queue.add('B');
    await settle();
    expect(log).toEqual(['make A']);
    made.get('A')!.resolve('a');
    await settle();
    expect(log).toContain('make B');
  });

  it('stops making and playing at the first failure, and finish says why', async () => {
    const { log, made, played, queue } = harness();
    queue.add('A');
    queue.add('B');
    queue.add('C');
    await settle();
    made.get('A')!.resolve('a');
    await settle();
    made.get('B')!.reject(new Error('refused'));
    await settle();
    played.get('a')!.resolve();
    await expect(queue.finish()).rejects.toThrow('refused');
    expect(log).toEqual(['make A', 'play a', 'make B', 'end a']);
  });

  it('finishes at once with nothing added', async () => {
    await expect(harness().queue.finish()).resolves.toBeUndefined();
  });
});
