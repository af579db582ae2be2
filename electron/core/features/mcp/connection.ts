// One MCP server as core runs it: the SDK client and transport, its state in words, its tools, its
// stderr, restarts with backoff after a crash, and calls with a timeout and cancellation.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ErrorCode,
  McpError,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import {
  MCP_MESSAGE_BYTES,
  MCP_TOOL_LIMITS,
  type McpFailure,
  type McpServerStatus,
  type McpToolListCut,
} from '../../../../shared/tools';
import type { Host } from '../context';
import { makeFolder } from '../../library/data-folder';
import { ToolCallError, type ToolOutcome } from '../chat/tool-provider';
import { outputSchemaValidator } from './arguments';
import { boundedFetch, megabytes, MessageTooLargeError } from './bounded-fetch';
import { failure, failureOf, MissingFolderError, seconds, words } from './failures';
import { outcomeOf } from './results';
import { StderrLines } from './stderr-lines';
import { commandFingerprint, type StoredMcpServer } from './store';
import { readToolList, type ListedTool, type ToolList } from './tool-list';

export interface McpRuntimeOptions {
  startTimeoutMs: number;
  callTimeoutMs: number;
  /** The waits before each restart after a crash; when they run out the server stays failed. */
  restartDelaysMs: number[];
  /** Connected at least this long before a crash: the crash starts a fresh series of restarts. */
  stableAfterMs: number;
}

export interface ConnectionDeps {
  dataDir: string;
  host: Host;
  options: McpRuntimeOptions;
  /** The configuration as it is now (it may change while the server runs). */
  config: () => StoredMcpServer | undefined;
  /** Remembers that the person allowed this command line. */
  approve: (fingerprint: string) => Promise<void>;
  /** The state or the tools changed. */
  changed: () => void;
}

const CLIENT_INFO = { name: 'Atelier', version: '1.0.0' };

export class McpConnection {
  status: McpServerStatus = { state: 'stopped' };
  tools: ListedTool[] = [];
  /** What was not taken of its tool list (MCP_TOOL_LIMITS); undefined when it was taken whole. */
  toolListCut: McpToolListCut | undefined;
  readonly stderr = new StderrLines();
  private client: Client | null = null;
  private pid: number | null = null;
  /** Bumped by every start and stop; events of an older generation are ignored. */
  private generation = 0;
  private starting: Promise<void> | null = null;
  private restartTimer: ReturnType<typeof setTimeout> | null = null;
  private crashes = 0;
  private connectedAt = 0;
  /** The last message cut at its limit since the start or the list page under way. */
  private oversize: MessageTooLargeError | null = null;
  /** Aborts the list page under way when its answer is cut at its limit. */
  private listing: AbortController | null = null;

  constructor(private readonly deps: ConnectionDeps) {}

  private get http(): boolean {
    return this.deps.config()?.transport.type === 'http';
  }

  /** The child process of a stdio server while it runs (tests check it is gone after stop). */
  get processId(): number | null {
    return this.pid;
  }

  /** Starts the server unless it runs; resolves when connected, throws the reason in words. */
  async ensureStarted(signal?: AbortSignal): Promise<void> {
    if (this.status.state === 'connected' && this.client) return;
    if (!this.starting) {
      this.clearTimer();
      this.starting = this.startNow().finally(() => {
        this.starting = null;
      });
    }
    await (signal ? raceAbort(this.starting, signal) : this.starting);
    if (this.status.state !== 'connected')
      throw new Error(this.status.state === 'failed' ? this.status.reason : 'It is not running.');
  }

  /** Stops it (if running) and starts it afresh, with a new series of restarts. */
  async restart(): Promise<void> {
    await this.stop();
    this.crashes = 0;
    await this.ensureStarted().catch(() => undefined);
  }

  /** Stops the server and any planned restart; its child process is ended. */
  async stop(): Promise<void> {
    this.generation++;
    this.clearTimer();
    const client = this.client;
    this.client = null;
    this.pid = null;
    const was = this.status.state;
    this.status = { state: 'stopped' };
    if (client) await client.close().catch(() => undefined);
    if (was !== 'stopped') this.deps.changed();
  }

  async call(
    tool: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<ToolOutcome> {
    if (signal.aborted) throw new ToolCallError('stopped', 'The call was stopped before it ran.');
    if (this.status.state !== 'connected') {
      if (this.status.state === 'failed' && this.status.retryInMs === undefined)
        throw new ToolCallError('server_down', `The server is not running: ${this.status.reason}`);
      try {
        await this.ensureStarted(signal);
      } catch (e) {
        if (signal.aborted) throw new ToolCallError('stopped', 'The call was stopped.');
        throw new ToolCallError(
          'server_down',
          `The server is not running: ${words(e, 0, this.http)}`,
        );
      }
    }
    const client = this.client;
    if (!client) throw new ToolCallError('server_down', 'The server is not running.');
    const timeoutMs = this.deps.options.callTimeoutMs;
    try {
      const result = await client.callTool({ name: tool, arguments: args }, undefined, {
        timeout: timeoutMs,
        signal,
      });
      return outcomeOf(result as Record<string, unknown>);
    } catch (e) {
      if (signal.aborted) throw new ToolCallError('stopped', 'The call was stopped.');
      if (e instanceof McpError && e.code === ErrorCode.RequestTimeout)
        throw new ToolCallError(
          'timeout',
          `The tool did not answer within ${seconds(timeoutMs)} s, so the call was cancelled.`,
        );
      if (
        (e instanceof McpError && e.code === ErrorCode.ConnectionClosed) ||
        this.client !== client ||
        this.status.state !== 'connected'
      )
        throw new ToolCallError('server_down', 'The server stopped during the call.');
      // Not an answer of the server at all (the address no longer answers, a broken pipe).
      if (!(e instanceof McpError))
        throw new ToolCallError(
          'server_down',
          `The server could not be reached: ${words(e, 0, this.http)}`,
        );
      // The server refused the call itself (unknown tool, bad arguments …): the model reads why.
      return { isError: true, parts: [{ type: 'text', text: words(e, timeoutMs, false) }] };
    }
  }

  private clearTimer(): void {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
  }

  private setStatus(status: McpServerStatus): void {
    this.status = status;
    this.deps.changed();
  }

  private async startNow(): Promise<void> {
    const generation = ++this.generation;
    const config = this.deps.config();
    if (!config) return;
    if (config.unconfirmedAddress) {
      // Imported, on this computer or a private network: not one request before the person's yes.
      this.setStatus({
        state: 'failed',
        ...failure('address_unconfirmed', config.unconfirmedAddress.url),
      });
      return;
    }
    this.setStatus({ state: 'starting' });
    this.oversize = null;
    let client: Client | null = null;
    try {
      const transport = await this.transportFor(config);
      if (generation !== this.generation) return;
      if (transport === 'declined' || transport === 'commands_off') {
        this.setStatus({ state: 'failed', ...failure(transport) });
        return;
      }
      // Structured results are checked against a tool's output schema on RE2, like its arguments.
      client = new Client(CLIENT_INFO, {
        capabilities: {},
        jsonSchemaValidator: outputSchemaValidator,
      });
      const current = client;
      client.onclose = () => this.closed(generation, current);
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
        void this.listTools(current)
          .then((list) => {
            if (this.client === current) {
              this.tools = list.tools;
              this.toolListCut = list.cut;
              this.deps.changed();
            }
          })
          .catch(() => undefined);
      });
      await client.connect(transport, { timeout: this.deps.options.startTimeoutMs });
      if (transport instanceof StdioClientTransport) this.pid = transport.pid;
      const list = await this.listTools(client);
      if (generation !== this.generation) {
        await client.close().catch(() => undefined);
        return;
      }
      this.client = client;
      this.tools = list.tools;
      this.toolListCut = list.cut;
      this.connectedAt = Date.now();
      this.setStatus({ state: 'connected' });
    } catch (e) {
      if (client) await client.close().catch(() => undefined);
      if (generation !== this.generation) return;
      this.pid = null;
      const last = this.stderr.last();
      let why = failureOf(
        this.oversize ?? e,
        this.deps.options.startTimeoutMs,
        config.transport.type === 'http',
      );
      if (/connection closed/i.test(why.reason) && last) why = failure('stopped_at_once', last);
      if (this.crashes > 0) this.planRestart(why);
      else this.setStatus({ state: 'failed', ...why });
    }
  }

  /** Why not, when the command line may not run: the person said no, or the host runs none. */
  private async transportFor(
    config: StoredMcpServer,
  ): Promise<Transport | 'declined' | 'commands_off'> {
    const transport = config.transport;
    if (transport.type === 'http') {
      const url = new URL(transport.url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new Error('Only http:// and https:// addresses can be used');
      // Only the headers configured for this server go out: never the service's key.
      return new StreamableHTTPClientTransport(url, {
        requestInit: { headers: { ...transport.headers } },
        fetch: boundedFetch(
          { messageBytes: MCP_MESSAGE_BYTES, listBytes: MCP_TOOL_LIMITS.pageBytes },
          (error) => this.cut(error),
        ),
      });
    }
    const cwd = transport.cwd ?? join(this.deps.dataDir, 'mcp');
    if (!transport.cwd) await makeFolder(cwd);
    // A missing folder fails the spawn with the same ENOENT as a missing program: say which.
    else if (
      !(await stat(cwd)
        .then((s) => s.isDirectory())
        .catch(() => false))
    )
      throw new MissingFolderError(cwd);
    const fingerprint = commandFingerprint(transport, cwd)!;
    if (config.approved !== fingerprint) {
      const allowed = await this.deps.host.confirmMcpCommand({
        serverName: config.name,
        command: transport.command,
        args: [...transport.args],
        cwd,
        env: { ...transport.env },
        changed: config.approved !== undefined,
      });
      if (allowed === 'commands_off') return allowed;
      if (!allowed) return 'declined';
      await this.deps.approve(fingerprint);
    }
    // The SDK adds its safe default environment (PATH, HOME, …) to exactly these variables:
    // nothing else of Atelier's own environment, and never the service's key, reaches the program.
    const stdio = new StdioClientTransport({
      command: transport.command,
      args: [...transport.args],
      env: { ...transport.env },
      cwd,
      stderr: 'pipe',
      maxBufferSize: MCP_MESSAGE_BYTES,
    });
    stdio.stderr?.on('data', (chunk: Buffer | string) => this.stderr.push(String(chunk)));
    // The SDK ends the connection on a line past maxBufferSize and says so only here.
    stdio.onerror = (error) => {
      if (/ReadBuffer exceeded maximum size/.test(error.message))
        this.oversize = new MessageTooLargeError(MCP_MESSAGE_BYTES);
    };
    return stdio;
  }

  /** An HTTP answer was cut at its limit: a list page waiting for it ends now. */
  private cut(error: MessageTooLargeError): void {
    this.oversize = error;
    this.listing?.abort(error);
  }

  private async listTools(client: Client): Promise<ToolList> {
    return readToolList(
      async (cursor) => {
        const listing = new AbortController();
        this.listing = listing;
        this.oversize = null;
        try {
          return await client.listTools(cursor ? { cursor } : undefined, {
            timeout: this.deps.options.callTimeoutMs,
            signal: listing.signal,
          });
        } finally {
          if (this.listing === listing) this.listing = null;
        }
      },
      // The SDK may see only a failed body. Only an HTTP answer is cut on its own: a stdio line
      // past its limit ends the connection.
      () => this.http && this.oversize !== null,
    );
  }

  /** The transport closed: expected after stop, a crash otherwise. */
  private closed(generation: number, client: Client): void {
    if (generation !== this.generation || this.client !== client) return;
    this.client = null;
    this.pid = null;
    if (Date.now() - this.connectedAt >= this.deps.options.stableAfterMs) this.crashes = 0;
    const last = this.stderr.last();
    this.planRestart(
      this.oversize
        ? failure('too_large', megabytes(this.oversize.limitBytes))
        : failure('stopped_unexpectedly', last ?? ''),
    );
  }

  private planRestart(why: { failure: McpFailure; reason: string }): void {
    const delays = this.deps.options.restartDelaysMs;
    if (this.crashes >= delays.length) {
      this.setStatus({
        state: 'failed',
        failure: why.failure,
        reason: `${why.reason} It was restarted ${delays.length} times and stopped again; press Restart to try once more.`,
        gaveUpAfter: delays.length,
      });
      return;
    }
    const delay = delays[this.crashes]!;
    this.crashes++;
    this.generation++;
    this.setStatus({ state: 'failed', ...why, retryInMs: delay });
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (this.starting) return;
      this.starting = this.startNow().finally(() => {
        this.starting = null;
      });
    }, delay);
    this.restartTimer.unref?.();
  }
}

/** Waits for `work` unless `signal` aborts first (the work itself goes on). */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('Stopped.'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('Stopped.'));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
