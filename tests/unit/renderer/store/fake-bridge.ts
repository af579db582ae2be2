// The store under test without a host: a fake window.atelier that records every call and answers
// from a table a test fills; a channel the test did not fake fails as core would with an unknown
// error. Each test file imports its own copy (vitest isolates modules per file).
import type { AtelierApi } from '../../../../shared/channels';
import type { Envelope } from '../../../../shared/types';

export type Answer = (input: unknown) => Envelope<unknown>;
export type Store = typeof import('../../../../renderer/src/store').useAppStore;

/** Every call the store made, in order. */
export const calls: Array<{ channel: string; input: unknown }> = [];
/** What a channel answers; one not here answers "not faked". */
export const answers = new Map<string, Answer>();

const fakeBridge: AtelierApi = {
  platform: 'web',
  invoke: (async (channel: string, input: unknown) => {
    calls.push({ channel, input });
    const answer = answers.get(channel);
    return answer
      ? answer(input)
      : {
          ok: false,
          error: { code: 'unknown', message: 'not faked', status: null, retryable: false },
        };
  }) as AtelierApi['invoke'],
  on: () => () => undefined,
};

/** Forgets the calls made and the answers set, for the next test. */
export function resetBridge(): void {
  calls.length = 0;
  answers.clear();
}

/** Puts the fake bridge in place, connects the platform to it and loads the store. */
export async function openStore(): Promise<Store> {
  (globalThis as { window?: unknown }).window = { atelier: fakeBridge };
  const platform = await import('../../../../renderer/src/platform');
  await platform.connectPlatform(100);
  return (await import('../../../../renderer/src/store')).useAppStore;
}
