// Builds window.atelier over any transport (Electron IPC or the web host's WebSocket), allowing only known names.
import {
  isEventChannel,
  isInvokeChannel,
  type EventChannel,
  type InvokeChannel,
} from '../../shared/channel-names';
import type { AtelierApi } from '../../shared/channels';
import type { Envelope } from '../../shared/types';

export interface BridgeTransport {
  call(channel: InvokeChannel, input: unknown): Promise<Envelope<unknown>>;
  /** Delivers the event's payloads to `listener` until the returned function is called. */
  subscribe(event: EventChannel, listener: (payload: unknown) => void): () => void;
}

function failure(code: 'invalid_input' | 'unknown', message: string): Envelope<never> {
  return { ok: false, error: { code, message, status: null, retryable: code === 'unknown' } };
}

export function createAtelierApi(
  transport: BridgeTransport,
  platform: AtelierApi['platform'],
): AtelierApi {
  // The renderer treats invoke as never throwing: every failure arrives as an envelope.
  const invoke = (channel: unknown, input: unknown): Promise<Envelope<unknown>> => {
    if (!isInvokeChannel(channel)) {
      return Promise.resolve(failure('invalid_input', `Unknown call: ${String(channel)}`));
    }
    return transport
      .call(channel, input)
      .catch((error: unknown) =>
        failure('unknown', error instanceof Error ? error.message : String(error)),
      );
  };
  const api: AtelierApi = {
    platform,
    invoke: invoke as AtelierApi['invoke'],
    on(event, listener) {
      if (!isEventChannel(event)) throw new TypeError(`Unknown event: ${String(event)}`);
      if (typeof listener !== 'function') throw new TypeError('on() needs a listener function');
      return transport.subscribe(event, listener as (payload: unknown) => void);
    },
  };
  return Object.freeze(api);
}
