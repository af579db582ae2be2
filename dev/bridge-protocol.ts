// The web host's WebSocket messages: the page's calls, their answers, and core's events.
import type { Envelope } from '../shared/types';

export const BRIDGE_PATH = '/bridge';
export const BRIDGE_SCRIPT_PATH = '/bridge.js';
/** The meta tag that carries the per-start session token into the served page. */
export const TOKEN_META_NAME = 'atelier-bridge-token';

export interface BridgeCall {
  id: number;
  channel: string;
  input: unknown;
}

export type BridgeServerMessage =
  | { kind: 'answer'; id: number; envelope: Envelope<unknown> }
  | { kind: 'event'; event: string; payload: unknown };
