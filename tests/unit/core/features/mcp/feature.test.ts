// The mcp feature against the real server-everything (stdio and Streamable HTTP).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import {
  createServer as createHttpServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventChannel } from '../../../../../shared/channels';
import type { McpServerView } from '../../../../../shared/tools';
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

const EVERYTHING = resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const SECRET = 'sk-atelier-secret-key-for-the-test';

let dir: string;
let opened: McpFeature[];
let confirms: McpCommandConfirm[];
let allow: boolean | 'commands_off';
let events: Array<[EventChannel, unknown]>;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-mcp-'));
  opened = [];
  confirms = [];
  allow = true;
  events = [];
});

afterEach(async () => {
  for (const feature of opened) await feature.dispose?.();
  await rm(dir, { recursive: true, force: true });
});

async function open(options: McpFeatureOptions = {}): Promise<McpFeature> {
  const host: Host = {
    openExternal: async () => false,
    saveMedia: async () => ({ saved: false }),
    pickFile: async () => ({ path: null, canPick: false }),
    confirmMcpCommand: async (request) => {
      confirms.push(request);
      return allow;
    },
  };
  const ctx = {
    dataDir: dir,
    host,
    emit: (event: EventChannel, payload: unknown) => events.push([event, payload]),
    state: { apiKey: () => SECRET },
  } as unknown as FeatureContext;
  const feature = await openMcpFeature(ctx, {
    restartDelaysMs: [50, 100, 200],
    ...options,
  });
  opened.push(feature);
  return feature;
}

function everythingJson(name = 'everything', args: string[] = []): string {
  return JSON.stringify({
    mcpServers: { [name]: { command: process.execPath, args: [EVERYTHING, ...args] } },
  });
}

async function until<T>(what: () => T | undefined | false, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = what();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function importedAndListed(feature: McpFeature, json = everythingJson()) {
  const { added } = await feature.handlers['mcp.import']({ json });
  expect(added).toEqual(['everything']);
  const list = await feature.handlers['mcp.list']({});
  const id = list[0]!.id;
  const offered = await feature.provider.toolsFor(null, new AbortController().signal);
  return { id, offered };
}

function tool(offered: OfferedTool[], name: string): OfferedTool {
  const found = offered.find((t) => t.tool === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

async function callError(work: Promise<unknown>): Promise<ToolCallError> {
  try {
    await work;
  } catch (e) {
    if (e instanceof ToolCallError) return e;
    throw e;
  }
  throw new Error('the call did not fail');
}

describe('mcp over stdio (server-everything)', () => {
  it('asks once, starts on demand, lists its 13 tools and calls echo', async () => {
    const feature = await open();
    const { id, offered } = await importedAndListed(feature);
    expect(offered.unavailable).toEqual([]);
    expect(offered.tools).toHaveLength(13);
    expect(confirms).toHaveLength(1);
    expect(confirms[0]).toMatchObject({
      serverName: 'everything',
      command: process.execPath,
      changed: false,
    });
    for (const t of offered.tools) expect(t.wireName).toMatch(/^[A-Za-z0-9_-]{1,64}$/);

    const outcome = await feature.provider.call(
      tool(offered.tools, 'echo'),
      { message: 'hello there' },
      new AbortController().signal,
    );
    expect(outcome).toEqual({
      isError: false,
      parts: [{ type: 'text', text: 'Echo: hello there' }],
    });

    const view = (await feature.handlers['mcp.list']({}))[0]!;
    expect(view.status).toEqual({ state: 'connected' });
    expect(view.tools).toHaveLength(13);
    expect(events.some(([e]) => e === 'mcp.changed')).toBe(true);
    // Restarting the same command line does not ask again.
    await feature.handlers['mcp.restart']({ id });
    expect(confirms).toHaveLength(1);
    expect((await feature.handlers['mcp.stderr']({ id })).join('\n')).toMatch(/Starting/);
  });

  it('turns pictures and links into parts', async () => {
    const feature = await open();
    const { offered } = await importedAndListed(feature);
    const signal = new AbortController().signal;
    const image = await feature.provider.call(tool(offered.tools, 'get-tiny-image'), {}, signal);
    expect(image.parts.some((p) => p.type === 'image' && p.mime === 'image/png')).toBe(true);
    const links = await feature.provider.call(
      tool(offered.tools, 'get-resource-links'),
      { count: 2 },
      signal,
    );
    expect(links.parts.filter((p) => p.type === 'resource_link')).toHaveLength(2);
  });

  it('refuses arguments against the schema before the server sees them', async () => {
    const feature = await open();
    const { offered } = await importedAndListed(feature);
    const error = await callError(
      feature.provider.call(
        tool(offered.tools, 'echo'),
        { message: 5 },
        new AbortController().signal,
      ),
    );
    expect(error.kind).toBe('invalid_arguments');
    expect(error.message).toBe(
      `The arguments do not fit the tool's schema: "/message" must be string.`,
    );
    const missing = await callError(
      feature.provider.call(tool(offered.tools, 'echo'), {}, new AbortController().signal),
    );
    expect(missing.message).toMatch(/must have required property 'message'/);
  });

  it('gives up after the call timeout, and stops on abort', async () => {
    const feature = await open({ callTimeoutMs: 300 });
    const { offered } = await importedAndListed(feature);
    const long = tool(offered.tools, 'trigger-long-running-operation');
    const timedOut = await callError(
      feature.provider.call(long, { duration: 5, steps: 5 }, new AbortController().signal),
    );
    expect(timedOut.kind).toBe('timeout');
    expect(timedOut.message).toMatch(/within 0.3 s/);

    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 100);
    const stopped = await callError(
      feature.provider.call(long, { duration: 5, steps: 5 }, controller.signal),
    );
    expect(stopped.kind).toBe('stopped');
    expect(Date.now() - started).toBeLessThan(1000);
    // The server still answers afterwards.
    const echo = await feature.provider.call(
      tool(offered.tools, 'echo'),
      { message: 'still here' },
      new AbortController().signal,
    );
    expect(echo.parts).toEqual([{ type: 'text', text: 'Echo: still here' }]);
  });

  it('restarts a killed server with backoff, then gives up in words', async () => {
    const feature = await open({ restartDelaysMs: [50, 100] });
    const { id, offered } = await importedAndListed(feature);
    const first = feature.processIdOf(id)!;
    expect(alive(first)).toBe(true);
    process.kill(first, 'SIGKILL');
    const planned = await until(() => {
      const s = events
        .filter(([e]) => e === 'mcp.changed')
        .map(([, p]) => (p as McpServerView[])[0]!.status)
        .find((st) => st.state === 'failed' && st.retryInMs === 50);
      return s;
    });
    expect(planned).toMatchObject({
      state: 'failed',
      reason: expect.stringMatching(/stopped unexpectedly/),
    });
    const second = await until(() => {
      const pid = feature.processIdOf(id);
      return pid !== null && pid !== first ? pid : undefined;
    });
    const echo = await feature.provider.call(
      tool(offered.tools, 'echo'),
      { message: 'back' },
      new AbortController().signal,
    );
    expect(echo.parts).toEqual([{ type: 'text', text: 'Echo: back' }]);

    // Killed again and again: after the planned restarts it stays failed, in words.
    process.kill(second, 'SIGKILL');
    const third = await until(() => {
      const pid = feature.processIdOf(id);
      return pid !== null && pid !== second ? pid : undefined;
    });
    process.kill(third, 'SIGKILL');
    const failed = await until(() => {
      const status = events
        .filter(([e]) => e === 'mcp.changed')
        .map(([, p]) => (p as McpServerView[])[0]!.status)
        .at(-1);
      return status?.state === 'failed' && status.retryInMs === undefined ? status : undefined;
    });
    expect(failed.reason).toMatch(/restarted 2 times and stopped again; press Restart/);
    const down = await callError(
      feature.provider.call(
        tool(offered.tools, 'echo'),
        { message: 'x' },
        new AbortController().signal,
      ),
    );
    expect(down.kind).toBe('server_down');
  });

  it('leaves no process behind when core closes', async () => {
    const feature = await open();
    const { id } = await importedAndListed(feature);
    const pid = feature.processIdOf(id)!;
    expect(alive(pid)).toBe(true);
    await feature.dispose!();
    opened = [];
    expect(alive(pid)).toBe(false);
  });

  it("never hands the service key or Atelier's environment to the server", async () => {
    process.env.ATELIER_TEST_SECRET = SECRET;
    try {
      const feature = await open();
      await feature.handlers['mcp.import']({
        json: JSON.stringify({
          mcpServers: {
            everything: {
              command: process.execPath,
              args: [EVERYTHING],
              env: { MINE: 'configured' },
            },
          },
        }),
      });
      const { tools } = await feature.provider.toolsFor(null, new AbortController().signal);
      const outcome = await feature.provider.call(
        tool(tools, 'get-env'),
        {},
        new AbortController().signal,
      );
      const text = outcome.parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
      const env = JSON.parse(text) as Record<string, string>;
      expect(env.MINE).toBe('configured');
      expect(env.PATH).toBeTruthy();
      expect(text).not.toContain(SECRET);
      expect(env.ATELIER_TEST_SECRET).toBeUndefined();
    } finally {
      delete process.env.ATELIER_TEST_SECRET;
    }
  });

  it('does not run a command the person refused, nor a changed one without asking again', async () => {
    allow = false;
    const feature = await open();
    await feature.handlers['mcp.import']({ json: everythingJson() });
    const { tools, unavailable } = await feature.provider.toolsFor(
      null,
      new AbortController().signal,
    );
    expect(tools).toEqual([]);
    expect(unavailable).toEqual([
      {
        serverName: 'everything',
        reason: 'You did not allow its command to run. Press Restart to be asked again.',
        failure: { kind: 'declined', detail: '' },
      },
    ]);
    allow = true;
    const [server] = await feature.handlers['mcp.list']({});
    await feature.handlers['mcp.restart']({ id: server!.id });
    expect(confirms).toHaveLength(2);
    // A changed command line asks again, saying it changed.
    await feature.handlers['mcp.update']({
      id: server!.id,
      transport: { type: 'stdio', command: process.execPath, args: [EVERYTHING, 'stdio'], env: {} },
    });
    await until(() => confirms.length === 3);
    expect(confirms[2]!.changed).toBe(true);
  });

  it('says in words that a host running no commands refused it, and runs nothing', async () => {
    allow = 'commands_off';
    const feature = await open();
    await feature.handlers['mcp.import']({ json: everythingJson() });
    const { tools, unavailable } = await feature.provider.toolsFor(
      null,
      new AbortController().signal,
    );
    expect(tools).toEqual([]);
    expect(unavailable).toEqual([
      {
        serverName: 'everything',
        reason: expect.stringMatching(/runs no commands: start it with --allow-mcp-commands/),
        failure: { kind: 'commands_off', detail: '' },
      },
    ]);
    // Not remembered as allowed: the next start asks the host again.
    const [server] = await feature.handlers['mcp.list']({});
    expect(server!.status).toMatchObject({ state: 'failed' });
    allow = true;
    await feature.handlers['mcp.restart']({ id: server!.id });
    expect(confirms).toHaveLength(2);
  });

  it('says in words when the command cannot start', async () => {
    const feature = await open();
    await feature.handlers['mcp.import']({
      json: JSON.stringify({
        mcpServers: {
          broken: { command: '/no/such/program-atelier' },
          nofolder: { command: process.execPath, args: [EVERYTHING], cwd: join(dir, 'missing') },
        },
      }),
    });
    const { unavailable } = await feature.provider.toolsFor(null, new AbortController().signal);
    expect(unavailable).toEqual([
      {
        serverName: 'broken',
        reason: 'The program was not found; check the command.',
        failure: { kind: 'not_found', detail: '' },
      },
      {
        serverName: 'nofolder',
        reason: `The folder ${join(dir, 'missing')} does not exist; check the server's folder.`,
        failure: { kind: 'no_folder', detail: join(dir, 'missing') },
      },
    ]);
    const [view, folder] = await feature.handlers['mcp.list']({});
    expect(view!.status).toEqual({
      state: 'failed',
      reason: 'The program was not found; check the command.',
      failure: { kind: 'not_found', detail: '' },
    });
    // The page words the kind in its own language; the folder travels as the detail.
    expect(folder!.status).toMatchObject({
      state: 'failed',
      failure: { kind: 'no_folder', detail: join(dir, 'missing') },
    });
  });
});

describe('a hostile tool server (stdio)', () => {
  const HOSTILE_SERVER = resolve('tests/unit/core/features/mcp/servers/hostile-server.mjs');
  const ATTACK = 'a'.repeat(40) + '!';

  async function hostile() {
    const feature = await open();
    await feature.handlers['mcp.import']({
      json: JSON.stringify({
        mcpServers: { hostile: { command: process.execPath, args: [HOSTILE_SERVER] } },
      }),
    });
    const { tools } = await feature.provider.toolsFor(null, new AbortController().signal);
    return { feature, tools };
  }

  it('checks arguments against its catastrophic pattern and ends (it held core for good)', async () => {
    const { feature, tools } = await hostile();
    const refused = await callError(
      feature.provider.call(tool(tools, 'match'), { text: ATTACK }, new AbortController().signal),
    );
    expect(refused.kind).toBe('invalid_arguments');
    expect(refused.detail).toBe('"/text" must match pattern "^(a+)+$"');
  });

  it('checks structured content against its output schema and ends', async () => {
    const { feature, tools } = await hostile();
    const outcome = await feature.provider.call(
      tool(tools, 'structured'),
      {},
      new AbortController().signal,
    );
    expect(outcome.isError).toBe(true);
    expect(outcome.parts[0]).toMatchObject({
      type: 'text',
      text: expect.stringMatching(/output schema/),
    });
  });

  it('answers a ping while calls with a huge and a slow result are under way', async () => {
    const { feature, tools } = await hostile();
    let ended = 0;
    const huge = feature.provider
      .call(tool(tools, 'huge'), {}, new AbortController().signal)
      .finally(() => ended++);
    const slow = feature.provider
      .call(tool(tools, 'slow'), { ms: 1000 }, new AbortController().signal)
      .finally(() => ended++);
    expect(await feature.handlers['mcp.list']({})).toHaveLength(1);
    expect(ended).toBe(0);
    // Chat keeps 1,000 of them (tools.test.ts); the server's answer itself comes whole.
    expect((await huge).parts).toHaveLength(200_000);
    expect((await slow).parts).toEqual([{ type: 'text', text: 'slept' }]);
  });
});

describe('mcp configuration', () => {
  it('imports new names, updates same names, and keeps them on disk', async () => {
    const feature = await open();
    const port = await freePort();
    const first = await feature.handlers['mcp.import']({
      json: `{"mcpServers": {"a": {"url": "http://127.0.0.1:${port}/mcp"}, "b": {"url": "http://127.0.0.1:${port}/b", "disabled": true}}}`,
    });
    expect([first.added, first.updated]).toEqual([['a', 'b'], []]);
    // On this computer: used once the person confirms the address.
    await confirmAddresses(feature);
    // Nothing listens on that port: said in words once its start (right after the yes) fails.
    await until(() => {
      const a = events.at(-1)?.[1] as McpServerView[] | undefined;
      return a?.[0]?.status.state === 'failed' && a[0].status.failure?.kind === 'refused';
    });
    expect((await feature.handlers['mcp.list']({}))[0]!.status).toEqual({
      state: 'failed',
      reason: 'Nothing answers at that address; is the server running?',
      failure: { kind: 'refused', detail: '' },
    });
    const second = await feature.handlers['mcp.import']({
      json: `{"mcpServers": {"a": {"url": "http://127.0.0.1:${port}/other"}, "c": {"url": "http://127.0.0.1:${port}/c", "disabled": true}}}`,
    });
    expect([second.added, second.updated]).toEqual([['c'], ['a']]);
    const saved = JSON.parse(await readFile(join(dir, 'mcp-servers.json'), 'utf8')) as {
      servers: Array<{ name: string; transport: { url: string } }>;
    };
    expect(saved.servers.map((s) => [s.name, s.transport.url])).toEqual([
      ['a', `http://127.0.0.1:${port}/other`],
      ['b', `http://127.0.0.1:${port}/b`],
      ['c', `http://127.0.0.1:${port}/c`],
    ]);
    await expect(
      feature.handlers['mcp.import']({
        json: '{"mcpServers": {"x": {"type": "sse", "url": "http://x"}}}',
      }),
    ).rejects.toThrow('Nothing was imported. Server "x": its type "sse" is not supported');
  });

  it('treats a corrupt file as empty and says so', async () => {
    await writeFile(join(dir, 'mcp-servers.json'), '{"version": 1, "servers": [{"id": 3}]}');
    const feature = await open();
    expect(await feature.handlers['mcp.list']({})).toEqual([]);
    const [problem] = await feature.handlers['mcp.problems']({});
    expect(problem).toMatch(
      /^The MCP server list could not be read .* set aside in recovered\/[^/]+\/mcp-servers\.json\.$/,
    );
    const where = /set aside in (\S+)\.$/.exec(problem!)![1]!;
    expect(await readFile(join(dir, where), 'utf8')).toBe('{"version": 1, "servers": [{"id": 3}]}');
  });

  it('turns tools off and servers off', async () => {
    const feature = await open();
    const { id, offered } = await importedAndListed(feature);
    expect(offered.tools).toHaveLength(13);
    await feature.handlers['mcp.setToolEnabled']({ id, tool: 'get-env', enabled: false });
    const fewer = await feature.provider.toolsFor(null, new AbortController().signal);
    expect(fewer.tools.map((t) => t.tool)).not.toContain('get-env');
    expect(fewer.tools).toHaveLength(12);
    const pid = feature.processIdOf(id)!;
    await feature.handlers['mcp.setEnabled']({ id, enabled: false });
    expect(alive(pid)).toBe(false);
    expect(feature.provider.hasEnabledServers()).toBe(false);
    expect((await feature.provider.toolsFor(null, new AbortController().signal)).tools).toEqual([]);
  });
});

/** Confirms every imported address that waits for the person (this computer, a private network). */
async function confirmAddresses(feature: McpFeature): Promise<void> {
  for (const server of await feature.handlers['mcp.list']({}))
    if (server.unconfirmedAddress) await feature.handlers['mcp.confirmAddress']({ id: server.id });
}

async function freePort(): Promise<number> {
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

describe('mcp over Streamable HTTP (server-everything)', () => {
  let child: ChildProcess | null = null;
  afterEach(() => {
    child?.kill('SIGKILL');
    child = null;
  });

  it('connects, lists and calls without a confirm step', async () => {
    const port = await freePort();
    child = spawn(process.execPath, [EVERYTHING, 'streamableHttp'], {
      env: { PATH: process.env.PATH ?? '', PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let said = '';
    child.stderr!.on('data', (d: Buffer) => (said += String(d)));
    await until(() => said.includes('listening'));
    const feature = await open();
    await feature.handlers['mcp.import']({
      json: JSON.stringify({
        mcpServers: {
          web: {
            type: 'streamableHttp',
            url: `http://127.0.0.1:${port}/mcp`,
            headers: { 'X-Mine': 'yes' },
          },
        },
      }),
    });
    await confirmAddresses(feature);
    const { tools, unavailable } = await feature.provider.toolsFor(
      null,
      new AbortController().signal,
    );
    expect(unavailable).toEqual([]);
    expect(tools.length).toBeGreaterThanOrEqual(12);
    expect(confirms).toEqual([]);
    const outcome = await feature.provider.call(
      tool(tools, 'echo'),
      { message: 'over http' },
      new AbortController().signal,
    );
    expect(outcome.parts).toEqual([{ type: 'text', text: 'Echo: over http' }]);
  });
});

describe('mcp over Streamable HTTP (an in-process SDK server)', () => {
  it('sends the configured headers and nothing of the service key; a gone address is server_down', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const http = createHttpServer((req, res) => {
      seen.push(req.headers);
      // Stateless: one server and transport per request.
      const server = new McpServer({ name: 'probe', version: '1.0.0' });
      server.registerTool('ping', { description: 'Answers pong' }, async () => ({
        content: [{ type: 'text', text: 'pong' }],
      }));
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => void transport.close());
      void server.connect(transport).then(() => transport.handleRequest(req, res));
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    try {
      const address = http.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const feature = await open();
      await feature.handlers['mcp.import']({
        json: JSON.stringify({
          mcpServers: {
            probe: { url: `http://127.0.0.1:${port}/mcp`, headers: { 'X-Team': 'blue' } },
          },
        }),
      });
      await confirmAddresses(feature);
      const { tools, unavailable } = await feature.provider.toolsFor(
        null,
        new AbortController().signal,
      );
      expect(unavailable).toEqual([]);
      expect(tools.map((t) => t.tool)).toEqual(['ping']);
      const outcome = await feature.provider.call(tools[0]!, {}, new AbortController().signal);
      expect(outcome.parts).toEqual([{ type: 'text', text: 'pong' }]);
      expect(seen.length).toBeGreaterThan(1);
      for (const headers of seen) {
        expect(headers['x-team']).toBe('blue');
        expect(headers.authorization).toBeUndefined();
        expect(JSON.stringify(headers)).not.toContain(SECRET);
      }
      // The address stops answering: the call says the server is down.
      http.closeAllConnections();
      await new Promise((r) => http.close(r));
      const down = await callError(
        feature.provider.call(tools[0]!, {}, new AbortController().signal),
      );
      expect(down.kind).toBe('server_down');
      expect(down.message).toMatch(/^The server could not be reached/);
    } finally {
      for (const feature of opened) await feature.dispose?.();
      opened = [];
      http.closeAllConnections();
      if (http.listening) await new Promise((r) => http.close(r));
    }
  });
});

/** An HTTP server on a free loopback port; `answer` handles each request. */
async function listening(
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
function answerAsMcp(req: IncomingMessage, res: ServerResponse): void {
  const server = new McpServer({ name: 'probe', version: '1.0.0' });
  server.registerTool('ping', { description: 'Answers pong' }, async () => ({
    content: [{ type: 'text', text: 'pong' }],
  }));
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => void transport.close());
  void server.connect(transport).then(() => transport.handleRequest(req, res));
}

const INTRANET_WORDS = 'INTERNAL SECRET: the payroll password is hunter2';

describe('an HTTP address that answers with something else than MCP', () => {
  it.each([
    [
      'an error page',
      500,
      'text/plain',
      { kind: 'http_status', detail: '500 Internal Server Error' },
    ],
    ['a web page', 200, 'text/html', { kind: 'not_mcp', detail: '' }],
    ['JSON that is not MCP', 200, 'application/json', { kind: 'not_mcp', detail: '' }],
  ])(
    'shows %s as its status and our own words; its body reaches no answer or event',
    async (_what, status, type, failure) => {
      const server = await listening((_req, res) => {
        res.writeHead(status, INTRANET_WORDS, { 'content-type': type });
        res.end(INTRANET_WORDS);
      });
      try {
        const feature = await open();
        const added = await feature.handlers['mcp.add']({
          name: 'intranet',
          transport: { type: 'http', url: server.url, headers: { 'X-Token': 'team' } },
        });
        const offered = await feature.provider.toolsFor(null, new AbortController().signal);
        expect(offered.unavailable[0]!.failure).toEqual(failure);
        const restarted = await feature.handlers['mcp.restart']({ id: added.id });
        const listed = await feature.handlers['mcp.list']({});
        const everything = JSON.stringify({ offered, restarted, listed, events });
        expect(everything).not.toContain('INTERNAL SECRET');
        expect(everything).not.toContain('hunter2');
      } finally {
        await server.close();
      }
    },
  );

  it('says a call that met an error page is down, with the status only', async () => {
    let failing = false;
    const server = await listening((req, res) => {
      if (!failing) return answerAsMcp(req, res);
      res.writeHead(502, INTRANET_WORDS, { 'content-type': 'text/plain' });
      res.end(INTRANET_WORDS);
    });
    try {
      const feature = await open();
      await feature.handlers['mcp.add']({
        name: 'probe',
        transport: { type: 'http', url: server.url, headers: {} },
      });
      const { tools } = await feature.provider.toolsFor(null, new AbortController().signal);
      failing = true;
      const down = await callError(
        feature.provider.call(tools[0]!, {}, new AbortController().signal),
      );
      expect(down.kind).toBe('server_down');
      expect(down.message).toBe(
        'The server could not be reached: The address answered HTTP 502 Bad Gateway, not an MCP answer.',
      );
      expect(JSON.stringify(events)).not.toContain('INTERNAL SECRET');
    } finally {
      await server.close();
    }
  });
});

describe('an imported address on this computer or a private network', () => {
  it('waits for the person to confirm it in Settings: nothing is sent there before', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const server = await listening((req, res) => {
      seen.push(req.headers);
      answerAsMcp(req, res);
    });
    try {
      const feature = await open();
      await feature.handlers['mcp.import']({
        json: JSON.stringify({
          mcpServers: { probe: { url: server.url, headers: { 'X-Team': 'blue' } } },
        }),
      });
      const waiting = await feature.provider.toolsFor(null, new AbortController().signal);
      expect(waiting.tools).toEqual([]);
      expect(waiting.unavailable).toEqual([
        {
          serverName: 'probe',
          reason: `Its address ${server.url} is on this computer or a private network, and it came from an imported configuration: confirm it in Settings before it is used.`,
          failure: { kind: 'address_unconfirmed', detail: server.url },
        },
      ]);
      const [listed] = await feature.handlers['mcp.list']({});
      expect(listed!.unconfirmedAddress).toEqual({ url: server.url, kind: 'loopback' });
      await expect(feature.handlers['mcp.restart']({ id: listed!.id })).resolves.toMatchObject({
        status: { state: 'failed', failure: { kind: 'address_unconfirmed' } },
      });
      expect(seen).toEqual([]);

      const confirmed = await feature.handlers['mcp.confirmAddress']({ id: listed!.id });
      expect(confirmed.unconfirmedAddress).toBeUndefined();
      const { tools } = await feature.provider.toolsFor(null, new AbortController().signal);
      expect(tools.map((t) => t.tool)).toEqual(['ping']);
      expect(seen[0]!['x-team']).toBe('blue');
      // Kept on disk: a restart of core does not ask again.
      const again = await open();
      expect((await again.handlers['mcp.list']({}))[0]!.unconfirmedAddress).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('names each kind of address, leaves public ones and typed ones alone', async () => {
    const feature = await open();
    const off = (url: string) => ({ url, disabled: true });
    await feature.handlers['mcp.import']({
      json: JSON.stringify({
        mcpServers: {
          named: off('http://localhost:1/mcp'),
          intranet: off('http://10.1.2.3/mcp'),
          metadata: off('http://169.254.169.254/latest'),
          v6: off('https://[fd00::1]/mcp'),
          public: off('https://93.184.216.34/mcp'),
        },
      }),
    });
    await feature.handlers['mcp.add']({
      name: 'typed',
      transport: { type: 'http', url: 'http://10.9.9.9/mcp', headers: {} },
    });
    const kinds = Object.fromEntries(
      (await feature.handlers['mcp.list']({})).map((s) => [s.name, s.unconfirmedAddress?.kind]),
    );
    expect(kinds).toEqual({
      named: 'loopback',
      intranet: 'private',
      metadata: 'private',
      v6: 'private',
      public: undefined,
      typed: undefined,
    });
    expect(feature.provider.hasEnabledServers()).toBe(true);
  });
});
