// Why an MCP server failed, in words: each failure kind's English sentence, and the kind read from whatever a start or a call threw.
import { STATUS_CODES } from 'node:http';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { McpFailure, McpFailureKind } from '../../../../shared/tools';
import { megabytes, MessageTooLargeError } from './bounded-fetch';

export function seconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)}`;
}

/** English sentences of each failure (the page words them itself from the kind and detail). */
const SENTENCES: Record<McpFailureKind, (detail: string) => string> = {
  timeout: (d) => `The server did not answer within ${d} s.`,
  not_found: () => 'The program was not found; check the command.',
  permission: () => 'The program may not be run (permission denied).',
  no_folder: (d) => `The folder ${d} does not exist; check the server's folder.`,
  refused: () => 'Nothing answers at that address; is the server running?',
  unknown_host: () => 'That host name is not known; check the address.',
  address_timeout: () => 'The address did not answer in time.',
  unreachable: (d) => `The address could not be reached (${d}).`,
  declined: () => 'You did not allow its command to run. Press Restart to be asked again.',
  address_unconfirmed: (d) =>
    `Its address ${d} is on this computer or a private network, and it came from an imported configuration: confirm it in Settings before it is used.`,
  http_status: (d) => `The address answered HTTP ${d}, not an MCP answer.`,
  too_large: (d) => `Its answer was larger than ${d} MB, so it was not read.`,
  not_mcp: () => 'The address answered, but not as an MCP server.',
  stopped_at_once: (d) => `It stopped at once and said: ${d}`,
  commands_off: () =>
    'This web host runs no commands: start it with --allow-mcp-commands, or from a terminal where it can ask you.',
  stopped_unexpectedly: (d) =>
    `The server stopped unexpectedly${d ? ` (its last words: ${d})` : ''}.`,
  other: (d) => d,
};

export function failure(
  kind: McpFailureKind,
  detail = '',
): { failure: McpFailure; reason: string } {
  return { failure: { kind, detail }, reason: SENTENCES[kind](detail) };
}

/** A folder given for a stdio server that is not there. */
export class MissingFolderError extends Error {
  constructor(readonly folder: string) {
    super(SENTENCES.no_folder(folder));
  }
}

/**
 * What went wrong, from whatever a start or a call threw. For an HTTP server only the status and
 * words of our own: what an address answers (an intranet page, an error body, even its reason
 * phrase) never reaches a person, the model or a log.
 */
export function failureOf(
  error: unknown,
  timeoutMs: number,
  http: boolean,
): { failure: McpFailure; reason: string } {
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout)
    return failure('timeout', seconds(timeoutMs));
  if (error instanceof MissingFolderError) return failure('no_folder', error.folder);
  if (error instanceof MessageTooLargeError)
    return failure('too_large', megabytes(error.limitBytes));
  // fetch() says "fetch failed" and puts the reason in `cause`.
  const cause = (error as { cause?: NodeJS.ErrnoException } | null)?.cause;
  const code = (error as NodeJS.ErrnoException | null)?.code ?? cause?.code;
  if (code === 'ENOENT') return failure('not_found');
  if (code === 'EACCES') return failure('permission');
  if (code === 'ECONNREFUSED') return failure('refused');
  if (code === 'ENOTFOUND') return failure('unknown_host');
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return failure('address_timeout');
  if (cause instanceof Error && /fetch failed/i.test(String((error as Error).message)))
    return failure('unreachable', cause.message);
  if (http) {
    if (error instanceof UnauthorizedError) return failure('http_status', '401 Unauthorized');
    const status = error instanceof StreamableHTTPError ? (error.code ?? 0) : 0;
    if (status >= 100 && status <= 599)
      return failure('http_status', `${status} ${STATUS_CODES[status] ?? ''}`.trim());
    return failure('not_mcp');
  }
  const message = error instanceof Error ? error.message : String(error);
  const clean = message.replace(/^MCP error -?\d+: /, '').trim();
  return failure(
    'other',
    clean
      ? `${clean.charAt(0).toUpperCase()}${clean.slice(1)}${/[.!?]$/.test(clean) ? '' : '.'}`
      : 'It failed.',
  );
}

/** A sentence for a person (and the model) from whatever a start or a call threw. */
export function words(error: unknown, timeoutMs: number, http: boolean): string {
  return failureOf(error, timeoutMs, http).reason;
}
