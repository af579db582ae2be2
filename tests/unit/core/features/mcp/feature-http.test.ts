// The mcp feature over Streamable HTTP: the real server-everything, an in-process SDK server, and addresses that answer with something else than MCP.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  answerAsMcp,
  callError,
  confirmAddresses,
  EVERYTHING,
  freePort,
  harness,
  listening,
  open,
  SECRET,
  tool,
  until,
} from './feature-harness';

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
    expect(harness.confirms).toEqual([]);
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
      for (const feature of harness.opened) await feature.dispose?.();
      harness.opened = [];
      http.closeAllConnections();
      if (http.listening) await new Promise((r) => http.close(r));
    }
  });
});

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
        const everything = JSON.stringify({ offered, restarted, listed, events: harness.events });
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
      expect(JSON.stringify(harness.events)).not.toContain('INTERNAL SECRET');
    } finally {
      await server.close();
    }
  });
});
