// The web host's WebSocket messages: the page's hello, the page's calls, their answers, and core's events.
import type { Envelope } from '../shared/types';

export const BRIDGE_PATH = '/bridge';
export const BRIDGE_SCRIPT_PATH = '/bridge.js';

/** The query parameter of the address the terminal prints: a login that works once. */
export const LOGIN_PARAM = 'token';

/**
 * A socket's first message, before any call: the login of the printed address (once), or the
 * session a login was traded for. Nothing rides on a cookie, which the browser would also send
 * to every other port of the same host.
 */
export type BridgeHello = { kind: 'hello'; login: string } | { kind: 'hello'; session: string };

/** The close code of a socket whose hello was refused: the page must be opened from the terminal. */
export const BRIDGE_REFUSED = 4401;

/** How long a socket may stay open without a hello before it is closed as refused. */
export const HELLO_TIMEOUT_MS = 10_000;

/** What the page says to a browser without a login or session (words shared by host and page). */
export const OPEN_FROM_TERMINAL = {
  title: 'Open Atelier from its terminal',
  body:
    'Open the address printed in the terminal where Atelier runs (the line “Atelier is running at …”). ' +
    'Each address it prints lets one browser tab in, once; the bare address and an address used before do not.',
} as const;

export interface BridgeCall {
  id: number;
  channel: string;
  input: unknown;
}

export type BridgeServerMessage =
  | { kind: 'welcome'; session: string; mediaKey: string }
  | { kind: 'answer'; id: number; envelope: Envelope<unknown> }
  | { kind: 'event'; event: string; payload: unknown };

/**
 * A call that carries bytes (files.chunk) goes as one binary WebSocket frame instead of JSON:
 * a 4-byte big-endian length, that many bytes of UTF-8 JSON (the BridgeCall without the bytes),
 * then the bytes, which the host puts back as `input.bytes`. The schema of the call checks them.
 */
export const BINARY_FIELD = 'bytes';
/** The JSON part of a binary frame is small (ids and offsets); anything longer is refused. */
export const MAX_BINARY_HEADER_BYTES = 4096;

/** The call's bytes when its input carries them in BINARY_FIELD, else null (it goes as text). */
export function binaryPartOf(input: unknown): Uint8Array | null {
  if (typeof input !== 'object' || input === null) return null;
  const value = (input as Record<string, unknown>)[BINARY_FIELD];
  return value instanceof Uint8Array ? value : null;
}

/** The frame for a call whose input holds bytes in BINARY_FIELD. */
export function encodeBinaryCall(call: BridgeCall, bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const { [BINARY_FIELD]: _bytes, ...rest } = call.input as Record<string, unknown>;
  const header = new TextEncoder().encode(JSON.stringify({ ...call, input: rest }));
  const frame = new Uint8Array(4 + header.length + bytes.length);
  new DataView(frame.buffer).setUint32(0, header.length);
  frame.set(header, 4);
  frame.set(bytes, 4 + header.length);
  return frame;
}

/** A binary frame back to its call (bytes in place, not copied), or null when it is malformed. */
export function decodeBinaryCall(frame: Uint8Array): BridgeCall | null {
  if (frame.length < 4) return null;
  const headerLength = new DataView(frame.buffer, frame.byteOffset, 4).getUint32(0);
  if (headerLength > MAX_BINARY_HEADER_BYTES || 4 + headerLength > frame.length) return null;
  let value: unknown;
  try {
    value = JSON.parse(
      new TextDecoder('utf-8', { fatal: true }).decode(frame.subarray(4, 4 + headerLength)),
    );
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const call = value as Partial<BridgeCall>;
  if (typeof call.id !== 'number' || !Number.isSafeInteger(call.id)) return null;
  const input = call.input;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null;
  return {
    id: call.id,
    channel: typeof call.channel === 'string' ? call.channel : '',
    input: { ...input, [BINARY_FIELD]: frame.subarray(4 + headerLength) },
  };
}
