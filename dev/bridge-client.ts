// Runs in the browser before the renderer: defines window.atelier over the web host's WebSocket.
import type { EventChannel, InvokeChannel } from '../shared/channel-names';
import type { Envelope } from '../shared/types';
import { createAtelierApi } from '../electron/preload/api';
import {
  binaryPartOf,
  BRIDGE_PATH,
  encodeBinaryCall,
  TOKEN_META_NAME,
  type BridgeCall,
  type BridgeServerMessage,
} from './bridge-protocol';

const RECONNECT_DELAYS_MS = [250, 500, 1000, 2000, 4000];

const token = document.querySelector<HTMLMetaElement>(`meta[name="${TOKEN_META_NAME}"]`)?.content;
const pending = new Map<number, (envelope: Envelope<unknown>) => void>();
const listeners = new Map<EventChannel, Set<(payload: unknown) => void>>();
const unsent: Array<string | Uint8Array<ArrayBuffer>> = [];
let nextId = 1;
let socket: WebSocket | null = null;
let failedConnects = 0;

function lostConnection(): Envelope<never> {
  return {
    ok: false,
    error: {
      code: 'network',
      message: 'The connection to the Atelier web host was lost.',
      status: null,
      retryable: true,
    },
  };
}

function receive(message: BridgeServerMessage): void {
  if (message.kind === 'answer') {
    pending.get(message.id)?.(message.envelope);
    pending.delete(message.id);
    return;
  }
  for (const listener of listeners.get(message.event as EventChannel) ?? []) {
    try {
      listener(message.payload);
    } catch (error) {
      console.error(error);
    }
  }
}

function connect(): void {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(
    `${scheme}//${location.host}${BRIDGE_PATH}?token=${encodeURIComponent(token ?? '')}`,
  );
  socket = ws;
  ws.addEventListener('open', () => {
    failedConnects = 0;
    for (const message of unsent.splice(0)) ws.send(message);
  });
  ws.addEventListener('message', (event) => {
    if (typeof event.data === 'string') receive(JSON.parse(event.data) as BridgeServerMessage);
  });
  ws.addEventListener('close', () => {
    socket = null;
    // Calls in flight died with the socket; their answers will never come.
    for (const settle of pending.values()) settle(lostConnection());
    pending.clear();
    const delay = RECONNECT_DELAYS_MS[Math.min(failedConnects, RECONNECT_DELAYS_MS.length - 1)];
    failedConnects += 1;
    setTimeout(connect, delay);
  });
}

function send(call: BridgeCall): void {
  // File bytes go as they are in a binary frame; everything else as JSON text.
  const bytes = binaryPartOf(call.input);
  const message = bytes ? encodeBinaryCall(call, bytes) : JSON.stringify(call);
  if (socket?.readyState === WebSocket.OPEN) socket.send(message);
  else unsent.push(message);
}

const api = createAtelierApi(
  {
    call: (channel: InvokeChannel, input: unknown) =>
      new Promise<Envelope<unknown>>((settle) => {
        const id = nextId++;
        pending.set(id, settle);
        send({ id, channel, input });
      }),
    subscribe(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      // A wrapper per subscription, so subscribing one function twice needs two unsubscribes.
      const entry = (payload: unknown): void => listener(payload);
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
  },
  'web',
);

Object.defineProperty(window, 'atelier', { value: api, enumerable: true });
connect();
