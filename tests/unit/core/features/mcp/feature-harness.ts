// The mcp feature opened on a fresh data folder for each test, a host that records what it was asked, and the servers the tests run it against.
import { mkdtemp, rm } from 'node:fs/promises';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import type { EventChannel } from '../../../../../shared/channels';
import type {
  FeatureContext,
  Host,
  McpCommandConfirm,
} from '../../../../../electron/core/features/context';
import {
  openMcpFeature,
  type McpFeature,
  type McpFeatureOptions,
} from '../../../../../electron/core/features/mcp/feature';
import {
  ToolCallError,
  type OfferedTool,
} from '../../../../../electron/core/features/chat/tool-provider';

export const EVERYTHING = resolve(
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);
export const SECRET = 'sk-atelier-secret-key-for-the-test';

export interface McpHarness {
  dir: string;
  /** Disposed after each test; a test that disposes them itself empties the list. */
  opened: McpFeature[];
  /** What the host was asked to confirm, in order. */
  confirms: McpCommandConfirm[];
  /** What the host answers a confirm. */
  allow: boolean | 'commands_off';
  events: Array<[EventChannel, unknown]>;
}

/** A fresh data folder and host for each test of the calling file. */
export const harness = {} as McpHarness;

beforeEach(async () => {
  harness.dir = await mkdtemp(join(tmpdir(), 'atelier-mcp-'));
  harness.opened = [];
  harness.confirms = [];
  harness.allow = true;
  harness.events = [];
});

afterEach(async () => {
  for (const feature of harness.opened) await feature.dispose?.();
  await rm(harness.dir, { recursive: true, force: true });
});

export async function open(options: McpFeatureOptions = {}): Promise<McpFeature> {
  const host: Host = {
    openExternal: async () => false,
    saveMedia: async () => ({ saved: false }),
    pickFile: async () => ({ path: null, canPick: false }),
    confirmMcpCommand: async (request) => {
      harness.confirms.push(request);
      return harness.allow;
    },
  };
  const ctx = {
    dataDir: harness.dir,
    host,
    emit: (event: EventChannel, payload: unknown) => harness.events.push([event, payload]),
    state: { apiKey: () => SECRET },
  } as unknown as FeatureContext;
  const feature = await openMcpFeature(ctx, {
    restartDelaysMs: [50, 100, 200],
    ...options,
  });
  harness.opened.push(feature);
  return feature;
}

export function everythingJson(name = 'everything', args: string[] = []): string {
  return JSON.stringify({
    mcpServers: { [name]: { command: process.execPath, args: [EVERYTHING, ...args] } },
  });
}

export async function until<T>(what: () => T | undefined | false, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = what();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function importedAndListed(feature: McpFeature, json = everythingJson()) {
  const { added } = await feature.handlers['mcp.import']({ json });
  expect(added).toEqual(['everything']);
  const list = await feature.handlers['mcp.list']({});
  const id = list[0]!.id;
  const offered = await feature.provider.toolsFor(null, new AbortController().signal);
  return { id, offered };
}

export function tool(offered: OfferedTool[], name: string): OfferedTool {
  const found = offered.find((t) => t.tool === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

export async function callError(work: Promise<unknown>): Promise<ToolCallError> {
  try {
    await work;
  } catch (e) {
    if (e instanceof ToolCallError) return e;
    throw e;
  }
  throw new Error('the call did not fail');
}

/** Confirms every imported address that waits for the person (this computer, a private network). */
export async function confirmAddresses(feature: McpFeature): Promise<void> {
  for (const server of await feature.handlers['mcp.list']({}))
    if (server.unconfirmedAddress) await feature.handlers['mcp.confirmAddress']({ id: server.id });
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolvePort(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** An HTTP server on a free loopback port; `answer` handles each request. */
export async function listening(
  answer: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const http = createHttpServer(answer);
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: async () => {
      http.closeAllConnections();
      if (http.listening) await new Promise((r) => http.close(r));
    },
  };
}

/** A stateless SDK server with one tool, ping. */
export function answerAsMcp(req: IncomingMessage, res: ServerResponse): void {
  const server = new McpServer({ name: 'probe', version: '1.0.0' });
  server.registerTool('ping', { description: 'Answers pong' }, async () => ({
    content: [{ type: 'text', text: 'pong' }],
  }));
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => void transport.close());
  void server.connect(transport).then(() => transport.handleRequest(req, res));
}
