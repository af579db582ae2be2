// A server's tool list as core takes it (issue 38, finding 33): at most MCP_TOOL_LIMITS.tools tools, each
// within its limits, no page past its bytes, and mcp.list / mcp.changed bounded whatever a server lists.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventChannel } from '../../../../../shared/channels';
import { MCP_TOOL_LIMITS, type McpServerView } from '../../../../../shared/tools';
import type { FeatureContext, Host } from '../../../../../electron/core/features/context';
import { openMcpFeature, type McpFeature } from '../../../../../electron/core/features/mcp/feature';

const MANY_TOOLS = resolve('tests/unit/core/features/mcp/servers/many-tools.mjs');

/**
 * What mcp.list may carry for one server, in characters of JSON: each kept tool's name and title
 * (128 each), the first 1,000 characters of its description and 250 of JSON around them.
 */
const LIST_BOUND_PER_SERVER =
  MCP_TOOL_LIMITS.tools *
  (MCP_TOOL_LIMITS.nameChars +
    MCP_TOOL_LIMITS.titleChars +
    MCP_TOOL_LIMITS.shownDescriptionChars +
    250);

let dir: string;
let opened: McpFeature[];
let changedSizes: number[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-mcp-list-'));
  opened = [];
  changedSizes = [];
});

afterEach(async () => {
  for (const feature of opened) await feature.dispose?.();
  await rm(dir, { recursive: true, force: true });
});

async function open(): Promise<McpFeature> {
  const host = { confirmMcpCommand: async () => true } as unknown as Host;
  const ctx = {
    dataDir: dir,
    host,
    emit: (event: EventChannel, payload: unknown) => {
      if (event === 'mcp.changed') changedSizes.push(JSON.stringify(payload).length);
    },
  } as unknown as FeatureContext;
  const feature = await openMcpFeature(ctx, { restartDelaysMs: [] });
  opened.push(feature);
  return feature;
}

async function listed(feature: McpFeature, server: Record<string, unknown>) {
  await feature.handlers['mcp.import']({ json: JSON.stringify({ mcpServers: { many: server } }) });
  const offered = await feature.provider.toolsFor(null, new AbortController().signal);
  const list = await feature.handlers['mcp.list']({});
  return { offered: offered.tools, list, view: list[0]! };
}

describe('a server that lists 200,000 tools over 50 pages (stdio)', () => {
  it('keeps the first 1,000, asks for no page after them, says so, and mcp.list stays bounded', async () => {
    const feature = await open();
    const { offered, list, view } = await listed(feature, {
      command: process.execPath,
      args: [MANY_TOOLS, '200000', '4000', '1500'],
    });
    expect(view.status.state).toBe('connected');
    expect(view.tools).toHaveLength(1_000);
    expect(view.tools[0]!.name).toBe('tool_0');
    expect(view.tools.at(-1)!.name).toBe('tool_999');
    expect(view.toolListCut).toEqual({ more: true, leftOut: 0 });
    expect(offered).toHaveLength(1_000);

    // The first page held the first 4,000: no other was asked for.
    const outcome = await feature.provider.call(offered[0]!, {}, new AbortController().signal);
    expect(outcome.parts).toEqual([{ type: 'text', text: 'pages 1' }]);

    // The model reads a whole description within its limit; Settings gets its start, no schema.
    expect(offered[0]!.description).toHaveLength(1_500);
    expect(view.tools[0]!.description.length).toBeLessThanOrEqual(
      MCP_TOOL_LIMITS.shownDescriptionChars,
    );
    expect(view.tools[0]).not.toHaveProperty('inputSchema');
    const size = JSON.stringify(list).length;
    expect(size).toBeLessThan(LIST_BOUND_PER_SERVER);
    expect(Math.max(...changedSizes)).toBeLessThan(LIST_BOUND_PER_SERVER);
  }, 60_000);

  it('leaves out a tool whose name or schema is past the limits and cuts a long description', async () => {
    const feature = await open();
    const { offered, view } = await listed(feature, {
      command: process.execPath,
      args: [MANY_TOOLS, '10', '4000', '40', 'odd'],
    });
    expect(view.status.state).toBe('connected');
    expect(view.toolListCut).toEqual({ more: false, leftOut: 2 });
    expect(view.tools.map((t) => t.name)).toEqual([
      'long_description',
      ...Array.from({ length: 10 }, (_, i) => `tool_${i}`),
    ]);
    const long = offered.find((t) => t.tool === 'long_description')!;
    expect(long.description).toHaveLength(MCP_TOOL_LIMITS.descriptionChars);
    expect(long.description.endsWith('…')).toBe(true);
  }, 30_000);

  it('says nothing of a list within the limits', async () => {
    const feature = await open();
    const { view } = await listed(feature, {
      command: process.execPath,
      args: [MANY_TOOLS, '30', '7'],
    });
    expect(view.tools).toHaveLength(30);
    expect(view.toolListCut).toBeUndefined();
  }, 30_000);
});

/**
 * A Streamable HTTP server written by hand: it answers initialize, and tools/list with a first
 * page of ten tools and then, for the page after (or the first, when told), a body that never
 * ends. `written` counts what it sent of the endless one.
 */
function endlessListServer(endlessFirst: boolean) {
  const state = { written: 0 };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += String(chunk)));
    req.on('end', () => {
      const message = JSON.parse(body) as {
        id?: number;
        method: string;
        params?: { protocolVersion?: string; cursor?: string };
      };
      if (message.id === undefined) {
        res.writeHead(202).end();
        return;
      }
      const answer = (result: unknown) =>
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
      if (message.method === 'initialize') {
        answer({
          protocolVersion: message.params?.protocolVersion,
          capabilities: { tools: {} },
          serverInfo: { name: 'endless', version: '1.0.0' },
        });
        return;
      }
      if (message.method !== 'tools/list') {
        answer({});
        return;
      }
      if (!endlessFirst && !message.params?.cursor) {
        answer({
          tools: Array.from({ length: 10 }, (_, i) => ({
            name: `tool_${i}`,
            inputSchema: { type: 'object' },
          })),
          nextCursor: 'next',
        });
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(`{"jsonrpc":"2.0","id":${message.id},"result":{"tools":[`);
      const piece =
        `${JSON.stringify({ name: 'x'.repeat(60), inputSchema: { type: 'object' } })},`.repeat(
          1_000,
        );
      const more = () => {
        // 64 MB at most, so a test that fails does not fill the disk's memory.
        while (state.written < 64 * 1024 * 1024 && !res.destroyed) {
          state.written += piece.length;
          if (!res.write(piece)) {
            res.once('drain', more);
            return;
          }
        }
        if (!res.destroyed) res.end('{"name":"last","inputSchema":{"type":"object"}}]}}');
      };
      res.on('error', () => undefined);
      more();
    });
  });
  return { server, state };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

describe('a listing page past its bytes (Streamable HTTP)', () => {
  let servers: Server[] = [];
  afterEach(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
    servers = [];
  });

  it('fails in words when the first page is past the limit, reading no more of it', async () => {
    const { server, state } = endlessListServer(true);
    servers.push(server);
    const url = await listen(server);
    const feature = await open();
    await feature.handlers['mcp.add']({
      name: 'endless',
      transport: { type: 'http', url, headers: {} },
    });
    await feature.provider.toolsFor(null, new AbortController().signal);
    const [view] = (await feature.handlers['mcp.list']({})) as McpServerView[];
    expect(view!.status).toMatchObject({
      state: 'failed',
      failure: { kind: 'too_large', detail: '4' },
    });
    expect(view!.tools).toEqual([]);
    // Sockets buffer a little more than what was read; nowhere near the 64 MB it would send.
    expect(state.written).toBeLessThan(MCP_TOOL_LIMITS.pageBytes * 4);
  }, 60_000);

  it('keeps the pages before one past the limit, and says the list was cut', async () => {
    const { server } = endlessListServer(false);
    servers.push(server);
    const url = await listen(server);
    const feature = await open();
    await feature.handlers['mcp.add']({
      name: 'endless',
      transport: { type: 'http', url, headers: {} },
    });
    await feature.provider.toolsFor(null, new AbortController().signal);
    const [view] = (await feature.handlers['mcp.list']({})) as McpServerView[];
    expect(view!.status.state).toBe('connected');
    expect(view!.tools).toHaveLength(10);
    expect(view!.toolListCut).toEqual({ more: true, leftOut: 0 });
  }, 60_000);
});
