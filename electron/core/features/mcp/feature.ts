// The mcp.* channels and the ToolProvider chat uses: MCP servers configured, started on demand, watched and stopped.
import type { McpServerView, McpToolInfo } from '../../../../shared/tools';
import {
  MCP_CALL_TIMEOUT_MS,
  MCP_START_TIMEOUT_MS,
  MCP_TOOL_LIMITS,
} from '../../../../shared/tools';
import { parseMcpImport } from '../../../../shared/mcp';
import { serviceError } from '../../service/errors';
import type { ChannelsOf, Feature, FeatureContext } from '../context';
import {
  ToolCallError,
  type OfferedTool,
  type OfferedTools,
  type ToolOutcome,
  type ToolProvider,
} from '../chat/tool-provider';
import { argumentFinding, argumentProblem } from './arguments';
import { McpConnection, type McpRuntimeOptions } from './connection';
import { addressKind } from './local-address';
import { openMcpConfigStore, type StoredMcpServer } from './store';
import { cutText } from './tool-list';
import { wireNames } from './wire-names';

export type McpChannel = ChannelsOf<'mcp'>;

export type McpFeatureOptions = Partial<McpRuntimeOptions>;

export interface McpFeature extends Feature<McpChannel> {
  provider: ToolProvider;
  /** The running child process of a stdio server, for tests that check it ends. */
  processIdOf(serverId: string): number | null;
}

const DEFAULTS: McpRuntimeOptions = {
  startTimeoutMs: MCP_START_TIMEOUT_MS,
  callTimeoutMs: MCP_CALL_TIMEOUT_MS,
  restartDelaysMs: [1000, 2000, 4000, 8000, 16_000],
  stableAfterMs: 60_000,
};

function sameTransport(a: StoredMcpServer, b: StoredMcpServer): boolean {
  return JSON.stringify(a.transport) === JSON.stringify(b.transport);
}

export async function openMcpFeature(
  ctx: FeatureContext,
  options: McpFeatureOptions = {},
): Promise<McpFeature> {
  const runtime: McpRuntimeOptions = { ...DEFAULTS, ...options };
  const store = await openMcpConfigStore(ctx.dataDir, { recovery: ctx.recovery });
  const connections = new Map<string, McpConnection>();
  let closing = false;

  let emitQueued = false;
  /** One mcp.changed per tick, however many things changed in it. */
  function changed(): void {
    if (emitQueued || closing) return;
    emitQueued = true;
    queueMicrotask(() => {
      emitQueued = false;
      if (!closing) ctx.emit('mcp.changed', views());
    });
  }

  function connection(id: string): McpConnection {
    let conn = connections.get(id);
    if (!conn) {
      conn = new McpConnection({
        dataDir: ctx.dataDir,
        host: ctx.host,
        options: runtime,
        config: () => store.get(id),
        approve: async (fingerprint) => {
          await store.change(id, (s) => {
            s.approved = fingerprint;
          });
        },
        changed,
      });
      connections.set(id, conn);
    }
    return conn;
  }

  function view(server: StoredMcpServer): McpServerView {
    const conn = connections.get(server.id);
    const { approved: _approved, ...config } = server;
    // No schema and the start of each description: what Settings shows, bounded whatever a server lists.
    const tools: McpToolInfo[] = (conn?.tools ?? []).map((t) => ({
      name: t.name,
      ...(t.title !== undefined ? { title: t.title } : {}),
      description: cutText(t.description, MCP_TOOL_LIMITS.shownDescriptionChars),
      enabled: !server.disabledTools.includes(t.name),
      alwaysAllowed: server.alwaysAllowed.includes(t.name),
    }));
    const cut = conn?.toolListCut;
    return {
      ...config,
      status: conn?.status ?? { state: 'stopped' },
      tools,
      ...(cut ? { toolListCut: cut } : {}),
    };
  }

  function views(): McpServerView[] {
    return store.list().map(view);
  }

  function existing(id: string): StoredMcpServer {
    const server = store.get(id);
    if (!server) throw serviceError('not_found', 'That MCP server is no longer configured.');
    return server;
  }

  /** Starts it in the background (a failure shows as its state). */
  function startSoon(id: string): void {
    void connection(id)
      .ensureStarted()
      .catch(() => undefined);
  }

  /** After a change of configuration: a changed or turned-off server stops, and starts again when on. */
  async function applied(
    before: StoredMcpServer | undefined,
    after: StoredMcpServer,
  ): Promise<void> {
    const conn = connections.get(after.id);
    const transportChanged = !before || !sameTransport(before, after);
    if (conn && (!after.enabled || transportChanged)) await conn.stop();
    if (after.enabled && (transportChanged || (before && !before.enabled))) startSoon(after.id);
    changed();
  }

  const provider: ToolProvider = {
    hasEnabledServers: () => store.list().some((s) => s.enabled && !s.unconfirmedAddress),

    async toolsFor(servers, signal): Promise<OfferedTools> {
      const chosen = store
        .list()
        .filter((s) => s.enabled && (servers === null || servers.includes(s.id)));
      const unavailable: OfferedTools['unavailable'] = [];
      await Promise.all(
        chosen.map(async (server) => {
          try {
            await connection(server.id).ensureStarted(signal);
          } catch (e) {
            if (!signal.aborted) {
              const status = connection(server.id).status;
              unavailable.push({
                serverName: server.name,
                reason: (e as Error).message,
                ...(status.state === 'failed' && status.failure ? { failure: status.failure } : {}),
              });
            }
          }
        }),
      );
      if (signal.aborted) throw new ToolCallError('stopped', 'The turn was stopped.');
      const offered: Omit<OfferedTool, 'wireName'>[] = [];
      for (const server of chosen) {
        const conn = connections.get(server.id);
        if (!conn || conn.status.state !== 'connected') continue;
        for (const tool of conn.tools) {
          if (server.disabledTools.includes(tool.name)) continue;
          offered.push({
            serverId: server.id,
            serverName: server.name,
            tool: tool.name,
            description: tool.description,
            inputSchema: tool.inputSchema,
            alwaysAllowed: server.alwaysAllowed.includes(tool.name),
          });
        }
      }
      const names = wireNames(offered);
      return {
        tools: offered.map((t, i) => ({ ...t, wireName: names[i]! })),
        unavailable: unavailable.sort((a, b) => a.serverName.localeCompare(b.serverName)),
      };
    },

    async call(tool, args, signal): Promise<ToolOutcome> {
      const server = store.get(tool.serverId);
      const conn = connections.get(tool.serverId);
      if (!server || !server.enabled || !conn)
        throw new ToolCallError(
          'unknown_tool',
          `The server "${tool.serverName}" is no longer configured or is turned off.`,
        );
      const listed = conn.tools.find((t) => t.name === tool.tool);
      if (!listed || server.disabledTools.includes(tool.tool))
        throw new ToolCallError(
          'unknown_tool',
          `The tool "${tool.tool}" of "${server.name}" is not offered (gone or turned off).`,
        );
      const input = args === undefined || args === null ? {} : args;
      const problem = argumentProblem(listed.inputSchema, input);
      if (problem)
        throw new ToolCallError(
          'invalid_arguments',
          problem,
          argumentFinding(listed.inputSchema, input) ?? undefined,
        );
      if (typeof input !== 'object' || Array.isArray(input))
        throw new ToolCallError('invalid_arguments', 'The arguments must be a JSON object.');
      return conn.call(tool.tool, input as Record<string, unknown>, signal);
    },

    async alwaysAllow(serverId, tool) {
      await store.change(serverId, (s) => {
        if (!s.alwaysAllowed.includes(tool)) s.alwaysAllowed.push(tool);
      });
      changed();
    },
  };

  return {
    provider,
    processIdOf: (id) => connections.get(id)?.processId ?? null,
    handlers: {
      'mcp.list': () => views(),
      'mcp.problems': () => store.problems(),

      'mcp.import': async ({ json }) => {
        const parsed = parseMcpImport(json);
        if (!parsed.ok)
          throw serviceError(
            'invalid_input',
            `Nothing was imported. ${parsed.problems.slice(0, 5).join(' ')}`,
          );
        // An address on this computer or a private network waits for the person's yes: a pasted
        // configuration must not send its headers to an intranet service on its own.
        const kinds = await Promise.all(
          parsed.servers.map((server) =>
            server.transport.type === 'http' ? addressKind(server.transport.url) : null,
          ),
        );
        const added: string[] = [];
        const updated: string[] = [];
        for (const [index, server] of parsed.servers.entries()) {
          const kind = kinds[index];
          const unconfirmed =
            kind && server.transport.type === 'http'
              ? { url: server.transport.url, kind }
              : undefined;
          const before = store.byName(server.name);
          if (before) {
            const after = await store.change(before.id, (s) => {
              s.transport = server.transport;
              if (!server.enabled) s.enabled = false;
              if (unconfirmed) s.unconfirmedAddress = unconfirmed;
              else delete s.unconfirmedAddress;
            });
            updated.push(server.name);
            await applied(before, after);
          } else {
            const after = await store.add(
              server.name,
              server.transport,
              server.enabled,
              unconfirmed,
            );
            added.push(server.name);
            await applied(undefined, after);
          }
        }
        return { added, updated, servers: views() };
      },

      'mcp.add': async ({ name, transport }) => {
        const server = await store.add(name, transport);
        await applied(undefined, server);
        return view(server);
      },

      'mcp.update': async ({ id, name, transport }) => {
        const before = existing(id);
        const after = await store.change(id, (s) => {
          if (name !== undefined) s.name = name;
          // An address the person types in Settings is their own choice.
          if (transport !== undefined && JSON.stringify(transport) !== JSON.stringify(s.transport))
            delete s.unconfirmedAddress;
          if (transport !== undefined) s.transport = transport;
        });
        await applied(before, after);
        return view(after);
      },

      'mcp.remove': async ({ id }) => {
        const conn = connections.get(id);
        connections.delete(id);
        if (conn) await conn.stop();
        await store.remove(id);
        changed();
        return { id };
      },

      'mcp.setEnabled': async ({ id, enabled }) => {
        const before = existing(id);
        const after = await store.change(id, (s) => {
          s.enabled = enabled;
        });
        await applied(before, after);
        return view(after);
      },

      'mcp.setToolEnabled': async ({ id, tool, enabled }) => {
        const after = await store.change(id, (s) => {
          const off = new Set(s.disabledTools);
          if (enabled) off.delete(tool);
          else off.add(tool);
          s.disabledTools = [...off];
        });
        changed();
        return view(after);
      },

      'mcp.restart': async ({ id }) => {
        const server = existing(id);
        if (!server.enabled)
          throw serviceError('invalid_input', `Turn "${server.name}" on before starting it.`);
        await connection(id).restart();
        return view(existing(id));
      },

      'mcp.confirmAddress': async ({ id }) => {
        const before = existing(id);
        const after = await store.change(id, (s) => {
          delete s.unconfirmedAddress;
        });
        if (before.unconfirmedAddress && after.enabled) {
          await connections.get(id)?.stop();
          startSoon(id);
        }
        changed();
        return view(after);
      },

      'mcp.stderr': ({ id }) => {
        existing(id);
        return connections.get(id)?.stderr.snapshot() ?? [];
      },
    },

    async dispose() {
      closing = true;
      await Promise.all([...connections.values()].map((c) => c.stop()));
      connections.clear();
    },
  };
}
