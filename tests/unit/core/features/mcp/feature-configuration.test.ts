// The mcp feature's configuration: imports kept on disk, a corrupt file set aside, tools and servers turned off, imported addresses on this computer or a private network waiting for the person's yes.
import { readFile, writeFile } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { McpServerView } from '../../../../../shared/tools';
import {
  alive,
  answerAsMcp,
  confirmAddresses,
  freePort,
  harness,
  importedAndListed,
  listening,
  open,
  until,
} from './feature-harness';

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
      const a = harness.events.at(-1)?.[1] as McpServerView[] | undefined;
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
    const saved = JSON.parse(await readFile(join(harness.dir, 'mcp-servers.json'), 'utf8')) as {
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
    await writeFile(
      join(harness.dir, 'mcp-servers.json'),
      '{"version": 1, "servers": [{"id": 3}]}',
    );
    const feature = await open();
    expect(await feature.handlers['mcp.list']({})).toEqual([]);
    const [problem] = await feature.handlers['mcp.problems']({});
    expect(problem).toMatch(
      /^The MCP server list could not be read .* set aside in recovered\/[^/]+\/mcp-servers\.json\.$/,
    );
    const where = /set aside in (\S+)\.$/.exec(problem!)![1]!;
    expect(await readFile(join(harness.dir, where), 'utf8')).toBe(
      '{"version": 1, "servers": [{"id": 3}]}',
    );
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
