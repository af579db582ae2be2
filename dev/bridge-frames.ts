// The bridge's frames as the web host reads them: a page's calls, and the hello that must come first.
import type { RawData } from 'ws';
import { decodeBinaryCall, type BridgeCall } from './bridge-protocol';

/** A hello is a few dozen bytes: a socket whose first message is longer is refused unread. */
const MAX_HELLO_BYTES = 512;

function frameBytes(raw: RawData): Buffer {
  return Array.isArray(raw) ? Buffer.concat(raw) : Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
}

export function parseCall(raw: RawData, isBinary: boolean): BridgeCall | null {
  if (isBinary) return decodeBinaryCall(frameBytes(raw));
  let value: unknown;
  try {
    value = JSON.parse(raw.toString());
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const call = value as Partial<BridgeCall>;
  if (typeof call.id !== 'number' || !Number.isSafeInteger(call.id)) return null;
  return {
    id: call.id,
    channel: typeof call.channel === 'string' ? call.channel : '',
    input: call.input,
  };
}

/** The hello's login or session, or null when the first message is anything else. */
export function parseHello(
  raw: RawData,
  isBinary: boolean,
): { login?: unknown; session?: unknown } | null {
  if (isBinary || frameBytes(raw).length > MAX_HELLO_BYTES) return null;
  try {
    const value: unknown = JSON.parse(raw.toString());
    if (typeof value !== 'object' || value === null) return null;
    const hello = value as { kind?: unknown; login?: unknown; session?: unknown };
    return hello.kind === 'hello' ? { login: hello.login, session: hello.session } : null;
  } catch {
    return null;
  }
}
