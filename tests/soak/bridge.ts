// A Node client of the web host's WebSocket bridge, as the page's bridge script is: calls answered by id, events kept with the time they arrived.
import WebSocket from 'ws';
import type { Envelope } from '../../shared/types';
import {
  binaryPartOf,
  BRIDGE_PATH,
  encodeBinaryCall,
  LOGIN_PARAM,
  type BridgeHello,
  type BridgeServerMessage,
} from '../../dev/bridge-protocol';

/** An event as it reached this client; `at` is Date.now() on arrival. */
export interface ReceivedEvent {
  at: number;
  event: string;
  payload: unknown;
}

/** What a call settles with when the socket closed before its answer (the host died). */
export const LOST = Symbol('lost');
export type Answer<T> = Envelope<T> | typeof LOST;

export interface BridgeSession {
  /** Sends one call; settles with its Envelope, or LOST when the socket closes first. */
  call<T = unknown>(channel: string, input: unknown): Promise<Answer<T>>;
  /** Sends raw frames as they are, for the fuzz tests; no answer is awaited. */
  sendRaw(frame: string | Uint8Array): void;
  /** Every event received so far, oldest first. */
  readonly events: ReceivedEvent[];
  /** Called for each event as it arrives; returns the function that stops it. */
  onEvent(listener: (event: ReceivedEvent) => void): () => void;
  /** Whether the socket is still open. */
  isOpen(): boolean;
  /** Resolves when the socket has closed (for whatever reason). */
  readonly closed: Promise<void>;
  close(): void;
  /** The session the host handed this client: `openBridge(url, session)` opens another socket. */
  readonly session: string;
}

/**
 * Opens the bridge as the page's bridge script does: the login of the address the host printed
 * (`url`, which works once) or, given, the session an earlier socket was handed.
 */
export async function openBridge(url: string, session?: string): Promise<BridgeSession> {
  const origin = new URL(url).origin;
  const socket = new WebSocket(`${origin.replace('http:', 'ws:')}${BRIDGE_PATH}`, {
    headers: { Origin: origin },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, answer) =>
      reject(new Error(`the bridge refused the connection: ${answer.statusCode}`)),
    );
  });
  const hello: BridgeHello = session
    ? { kind: 'hello', session }
    : { kind: 'hello', login: new URL(url).searchParams.get(LOGIN_PARAM) ?? '' };
  const welcome = await new Promise<string>((resolve, reject) => {
    socket.once('message', (raw) => {
      const message = JSON.parse(raw.toString()) as BridgeServerMessage;
      if (message.kind === 'welcome') resolve(message.session);
      else reject(new Error(`the bridge answered ${message.kind} to the hello`));
    });
    socket.once('close', (code) => reject(new Error(`the bridge refused the hello: ${code}`)));
    socket.send(JSON.stringify(hello));
  });

  const pending = new Map<number, (answer: Answer<unknown>) => void>();
  const events: ReceivedEvent[] = [];
  const listeners = new Set<(event: ReceivedEvent) => void>();
  let nextId = 1;
  let open = true;

  const closed = new Promise<void>((resolve) => {
    socket.once('close', () => {
      open = false;
      for (const settle of pending.values()) settle(LOST);
      pending.clear();
      resolve();
    });
  });
  // A host killed mid-frame resets the connection; that is the close above, not a failure here.
  socket.on('error', () => socket.terminate());
  socket.on('message', (raw, isBinary) => {
    if (isBinary) return;
    const message = JSON.parse(raw.toString()) as BridgeServerMessage;
    if (message.kind === 'welcome') return;
    if (message.kind === 'answer') {
      pending.get(message.id)?.(message.envelope);
      pending.delete(message.id);
      return;
    }
    const received = { at: Date.now(), event: message.event, payload: message.payload };
    events.push(received);
    for (const listener of listeners) listener(received);
  });

  return {
    call<T>(channel: string, input: unknown): Promise<Answer<T>> {
      if (!open) return Promise.resolve(LOST);
      const id = nextId++;
      return new Promise<Answer<T>>((settle) => {
        pending.set(id, settle as (answer: Answer<unknown>) => void);
        const call = { id, channel, input };
        const bytes = binaryPartOf(input);
        socket.send(bytes ? encodeBinaryCall(call, bytes) : JSON.stringify(call));
      });
    },
    sendRaw(frame) {
      if (open) socket.send(frame);
    },
    events,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isOpen: () => open,
    closed,
    close() {
      socket.terminate();
    },
    session: welcome,
  };
}
