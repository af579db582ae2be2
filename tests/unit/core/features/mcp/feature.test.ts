// The mcp feature over stdio against the real server-everything, and against a hostile tool server.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { McpServerView } from '../../../../../shared/tools';
import {
  alive,
  callError,
  EVERYTHING,
  everythingJson,
  harness,
  importedAndListed,
  open,
  SECRET,
  tool,
  until,
} from './feature-harness';

describe('mcp over stdio (server-everything)', () => {
  it('asks once, starts on demand, lists its 13 tools and calls echo', async () => {
    const feature = await open();
    const { id, offered } = await importedAndListed(feature);
    expect(offered.unavailable).toEqual([]);
    expect(offered.tools).toHaveLength(13);
    expect(harness.confirms).toHaveLength(1);
    expect(harness.confirms[0]).toMatchObject({
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
    expect(harness.events.some(([e]) => e === 'mcp.changed')).toBe(true);
    // Restarting the same command line does not ask again.
    await feature.handlers['mcp.restart']({ id });
    expect(harness.confirms).toHaveLength(1);
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
      const s = harness.events
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
      const status = harness.events
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
    harness.opened = [];
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
    harness.allow = false;
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
    harness.allow = true;
    const [server] = await feature.handlers['mcp.list']({});
    await feature.handlers['mcp.restart']({ id: server!.id });
    expect(harness.confirms).toHaveLength(2);
    // A changed command line asks again, saying it changed.
    await feature.handlers['mcp.update']({
      id: server!.id,
      transport: { type: 'stdio', command: process.execPath, args: [EVERYTHING, 'stdio'], env: {} },
    });
    await until(() => harness.confirms.length === 3);
    expect(harness.confirms[2]!.changed).toBe(true);
  });

  it('says in words that a host running no commands refused it, and runs nothing', async () => {
    harness.allow = 'commands_off';
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
    harness.allow = true;
    await feature.handlers['mcp.restart']({ id: server!.id });
    expect(harness.confirms).toHaveLength(2);
  });

  it('says in words when the command cannot start', async () => {
    const feature = await open();
    await feature.handlers['mcp.import']({
      json: JSON.stringify({
        mcpServers: {
          broken: { command: '/no/such/program-atelier' },
          nofolder: {
            command: process.execPath,
            args: [EVERYTHING],
            cwd: join(harness.dir, 'missing'),
          },
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
        reason: `The folder ${join(harness.dir, 'missing')} does not exist; check the server's folder.`,
        failure: { kind: 'no_folder', detail: join(harness.dir, 'missing') },
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
      failure: { kind: 'no_folder', detail: join(harness.dir, 'missing') },
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
