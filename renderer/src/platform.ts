// The renderer's only door to the app: window.atelier (Electron preload, web host bridge or a test fake).
import type {
  AtelierApi,
  EventPayloads,
  InvokeChannel,
  InvokeInput,
  InvokeOutput,
} from '../../shared/channels';
import type { EventChannel } from '../../shared/channel-names';
import { isOpenableLink } from '../../shared/links';
import type { Envelope, UserError } from '../../shared/types';

declare global {
  interface Window {
    atelier?: AtelierApi;
  }
}

let api: AtelierApi | null = null;

function bridgeOnWindow(): AtelierApi | null {
  const candidate = typeof window === 'undefined' ? undefined : window.atelier;
  return candidate && typeof candidate.invoke === 'function' && typeof candidate.on === 'function'
    ? candidate
    : null;
}

/**
 * Resolves with the bridge, waiting up to `timeoutMs` because a host may install it a moment after
 * the page starts (the web host connects its socket first); null when it never appears.
 */
export async function connectPlatform(timeoutMs = 3000): Promise<AtelierApi | null> {
  const started = Date.now();
  for (;;) {
    const found = bridgeOnWindow();
    if (found) {
      api = found;
      return found;
    }
    if (Date.now() - started >= timeoutMs) return null;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function bridge(): AtelierApi {
  if (!api) throw new Error('window.atelier is not connected');
  return api;
}

function failure(error: unknown): UserError {
  return {
    code: 'unknown',
    message: error instanceof Error ? error.message : String(error),
    status: null,
    retryable: true,
  };
}

/** Calls core; never throws: a broken bridge answers like any other failure. */
export async function invoke<C extends InvokeChannel>(
  channel: C,
  input: InvokeInput<C>,
): Promise<Envelope<InvokeOutput<C>>> {
  try {
    return await bridge().invoke(channel, input);
  } catch (error) {
    return { ok: false, error: failure(error) };
  }
}

export function subscribe<E extends EventChannel>(
  event: E,
  listener: (payload: EventPayloads[E]) => void,
): () => void {
  return bridge().on(event, listener);
}

export function platformKind(): AtelierApi['platform'] {
  return bridge().platform;
}

/**
 * Links never navigate the window: http(s) and mailto go to the system browser through core. Only
 * the links slice calls this, after the person said yes (or trusted the host before).
 */
export function openExternal(url: string): void {
  if (!isOpenableLink(url)) return;
  void invoke('shell.openExternal', { url });
}
