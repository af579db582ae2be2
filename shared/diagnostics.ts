// Diagnostics types: where the debug listener and the legacy address are, and what they answered.

export interface DiagnosticsView {
  /** The debug listener's base address in use (the user's, or the default). */
  debugBaseUrl: string;
  /** Same host as the base URL, its port + 1, the same path. */
  defaultDebugBaseUrl: string;
  /** The legacy listener's base address (port 6070 by default). */
  legacyBaseUrl: string;
  defaultLegacyBaseUrl: string;
  /** The base URL to go back to from the legacy address. */
  mainBaseUrl: string;
  /** The debug log may be read once per this many ms. */
  minIntervalMs: number;
  /** Epoch ms when the debug log may be read again; 0 when it may now. */
  nextFetchAt: number;
}

export interface DebugTestResult {
  status: number;
  body: string;
  sentAt: string;
}

export interface DebugReceived {
  status: number;
  /** What the service recorded, the key masked. */
  call: unknown;
  nextFetchAt: number;
}

export const LEGACY_PORT = 6070;
