// The service client: every endpoint of the API, in app terms, assembled from one module per endpoint family.
import { accountCalls } from './account-calls';
import { audioCalls } from './audio-calls';
import { createServiceCalls, type ServiceClientOptions } from './calls';
import { chatCalls } from './chat-calls';
import { debugCalls } from './debug-calls';
import { imageCalls } from './image-calls';
import { textCalls } from './text-calls';
import type { FullServiceClient } from './types';
import { videoCalls } from './video-calls';

export type { ServiceClientOptions };
export { DEBUG_LATEST_MIN_INTERVAL_MS } from './debug-calls';

export function createServiceClient(options: ServiceClientOptions): FullServiceClient {
  const calls = createServiceCalls(options);
  return {
    ...accountCalls(calls),
    ...chatCalls(calls),
    ...textCalls(calls),
    ...imageCalls(calls),
    ...audioCalls(calls),
    ...videoCalls(calls),
    ...debugCalls(calls),
    downloadFile: calls.downloadFile,
  };
}
