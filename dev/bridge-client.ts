// Runs in the browser before the renderer: defines window.atelier over the web host's WebSocket, which the tab opens with the printed address's login once and its own session after.
import type { EventChannel, InvokeChannel } from '../shared/channel-names';
import type { Envelope } from '../shared/types';
import { WEB_MEDIA_KEY_ITEM, WEB_SESSION_ITEM } from '../shared/web-session';
import { createAtelierApi } from '../electron/preload/api';
import {
  binaryPartOf,
  BRIDGE_PATH,
  BRIDGE_REFUSED,
  encodeBinaryCall,
  LOGIN_PARAM,
  OPEN_FROM_TERMINAL,
  type BridgeCall,
  type BridgeHello,
  type BridgeServerMessage,
} from './bridge-protocol';

const RECONNECT_DELAYS_MS = [250, 500, 1000, 2000, 4000];

const pending = new Map<number, (envelope: Envelope<unknown>) => void>();
const listeners = new Map<EventChannel, Set<(payload: unknown) => void>>();
const unsent: Array<string | Uint8Array<ArrayBuffer>> = [];
let nextId = 1;
let socket: WebSocket | null = null;
let welcomed = false;
let lockedOut = false;
let failedConnects = 0;

/** sessionStorage, or null where the browser refuses it (then the tab cannot keep a session). */
function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The login of the address the person opened, taken out of the address bar at once so a reload,
 * a bookmark or the history never holds it (it works once anyway).
 */
function takeLogin(): string | null {
  const params = new URLSearchParams(location.search);
  const login = params.get(LOGIN_PARAM);
  if (login === null) return null;
  params.delete(LOGIN_PARAM);
  const search = params.toString();
  history.replaceState(
    history.state,
    '',
    `${location.pathname}${search ? `?${search}` : ''}${location.hash}`,
  );
  return login;
}

function forgetSession(): void {
  tabStorage()?.removeItem(WEB_SESSION_ITEM);
  tabStorage()?.removeItem(WEB_MEDIA_KEY_ITEM);
}

let login = takeLogin();
// A tab opening a new address forgets what an earlier one was given (perhaps by a host since
// started again): its media key must not name media before the new welcome.
if (login !== null) forgetSession();

/** The page for a tab the host does not know: what to do, and no app. */
function showOpenFromTerminal(): void {
  const heading = document.createElement('h1');
  heading.textContent = OPEN_FROM_TERMINAL.title;
  const text = document.createElement('p');
  text.textContent = OPEN_FROM_TERMINAL.body;
  const page = document.createElement('main');
  page.setAttribute('style', 'font-family: system-ui, sans-serif; margin: 3rem; max-width: 36rem');
  page.append(heading, text);
  document.title = 'Atelier';
  document.documentElement.lang = 'en';
  document.body.replaceChildren(page);
}

/** The host does not know this tab (a used address, or a host started again): it says so, once. */
function lockOut(): void {
  lockedOut = true;
  forgetSession();
  unsent.length = 0;
  showOpenFromTerminal();
}

function failed(message: string): Envelope<never> {
  return {
    ok: false,
    error: { code: 'network', message, status: null, retryable: true },
  };
}

function receive(message: BridgeServerMessage): void {
  if (message.kind === 'welcome') {
    tabStorage()?.setItem(WEB_SESSION_ITEM, message.session);
    tabStorage()?.setItem(WEB_MEDIA_KEY_ITEM, message.mediaKey);
    // Spent: the session opens every later socket of this tab.
    login = null;
    welcomed = true;
    failedConnects = 0;
    for (const queued of unsent.splice(0)) socket?.send(queued);
    return;
  }
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

function hello(): BridgeHello | null {
  if (login !== null) return { kind: 'hello', login };
  const session = tabStorage()?.getItem(WEB_SESSION_ITEM);
  return session ? { kind: 'hello', session } : null;
}

function connect(): void {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(`${scheme}//${location.host}${BRIDGE_PATH}`);
  socket = ws;
  welcomed = false;
  ws.addEventListener('open', () => {
    const first = hello();
    if (first) {
      ws.send(JSON.stringify(first));
      return;
    }
    lockOut();
    ws.close();
  });
  ws.addEventListener('message', (event) => {
    if (typeof event.data === 'string') receive(JSON.parse(event.data) as BridgeServerMessage);
  });
  ws.addEventListener('close', (event) => {
    socket = null;
    welcomed = false;
    // Calls in flight died with the socket; their answers will never come.
    for (const settle of pending.values())
      settle(failed('The connection to the Atelier web host was lost.'));
    pending.clear();
    if (event.code === BRIDGE_REFUSED && !lockedOut) lockOut();
    if (lockedOut) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failedConnects, RECONNECT_DELAYS_MS.length - 1)];
    failedConnects += 1;
    setTimeout(connect, delay);
  });
}

function send(call: BridgeCall): void {
  // File bytes go as they are in a binary frame; everything else as JSON text.
  const bytes = binaryPartOf(call.input);
  const message = bytes ? encodeBinaryCall(call, bytes) : JSON.stringify(call);
  if (welcomed && socket?.readyState === WebSocket.OPEN) socket.send(message);
  else unsent.push(message);
}

if (login === null && !tabStorage()?.getItem(WEB_SESSION_ITEM)) {
  // Nothing to open the bridge with: no window.atelier, and the app finds no page to start in.
  showOpenFromTerminal();
} else {
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
}
