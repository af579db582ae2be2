// Voice mode's microphone problems in words the person can act on: none there, refused, or another failure.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openMicrophone } from '../../../../../renderer/src/chat/voice/voice-io';
import { VoiceProblem } from '../../../../../renderer/src/chat/voice/voice-session';

function withMicrophone(getUserMedia?: () => Promise<MediaStream>): void {
  vi.stubGlobal('navigator', getUserMedia ? { mediaDevices: { getUserMedia } } : {});
}

async function kindOf(attempt: Promise<unknown>): Promise<string> {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  return error instanceof VoiceProblem ? error.kind : `not a VoiceProblem: ${String(error)}`;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('openMicrophone', () => {
  it('says no microphone when the page has no media devices', async () => {
    withMicrophone();
    expect(await kindOf(openMicrophone())).toBe('no-microphone');
  });

  it('says no microphone when none is found', async () => {
    withMicrophone(() =>
      Promise.reject(new DOMException('Requested device not found', 'NotFoundError')),
    );
    expect(await kindOf(openMicrophone())).toBe('no-microphone');
  });

  it('says the microphone was refused when permission is denied', async () => {
    withMicrophone(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    expect(await kindOf(openMicrophone())).toBe('microphone-refused');
  });

  it('keeps the browser’s words for any other failure', async () => {
    withMicrophone(() => Promise.reject(new DOMException('Device busy', 'NotReadableError')));
    const problem = (await openMicrophone().then(
      () => null,
      (e: unknown) => e,
    )) as VoiceProblem;
    expect(problem.kind).toBe('microphone');
    expect(problem.reason).toBe('Device busy');
  });

  it('answers the stream when the microphone opens', async () => {
    const stream = { id: 'mic' } as unknown as MediaStream;
    withMicrophone(() => Promise.resolve(stream));
    await expect(openMicrophone()).resolves.toBe(stream);
  });
});
