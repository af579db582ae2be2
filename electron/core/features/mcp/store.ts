// The MCP servers as configured: <dataDir>/mcp-servers.json, written atomically; a corrupt file is set aside to recovered/ and reported.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { mcpServerName, mcpTransportSchema } from '../../../../shared/mcp';
import {
  MCP_ADDRESS_KINDS,
  type McpServerConfig,
  type McpTransport,
} from '../../../../shared/tools';
import { writeFileAtomic } from '../../library/atomic-write';
import { makeFolder } from '../../library/data-folder';
import { openRecovery, type Recovery } from '../../library/recovery';
import { saveFailed } from '../../library/save-failure';
import { serviceError } from '../../service/errors';

/** A server as kept on disk: its configuration and the command line the person allowed to run. */
export interface StoredMcpServer extends McpServerConfig {
  /** Fingerprint of the stdio command line last confirmed (see `commandFingerprint`). */
  approved?: string;
}

export interface McpConfigStore {
  /** In the order they were added. */
  list(): StoredMcpServer[];
  get(id: string): StoredMcpServer | undefined;
  byName(name: string): StoredMcpServer | undefined;
  add(
    name: string,
    transport: McpTransport,
    enabled?: boolean,
    unconfirmedAddress?: StoredMcpServer['unconfirmedAddress'],
  ): Promise<StoredMcpServer>;
  /** Changes the server in place; throws not_found when it is gone. */
  change(id: string, edit: (server: StoredMcpServer) => void): Promise<StoredMcpServer>;
  remove(id: string): Promise<void>;
  /** Sentences on what could not be read at start. */
  problems(): string[];
}

export const MCP_CONFIG_FILE = 'mcp-servers.json';
const VERSION = 1;

const fileSchema = z.object({
  version: z.literal(VERSION),
  servers: z.array(
    z.object({
      id: z.string().min(1),
      name: mcpServerName,
      transport: mcpTransportSchema,
      enabled: z.boolean(),
      disabledTools: z.array(z.string()),
      alwaysAllowed: z.array(z.string()),
      approved: z.string().optional(),
      unconfirmedAddress: z.object({ url: z.string(), kind: z.enum(MCP_ADDRESS_KINDS) }).optional(),
    }),
  ),
});

/** What the confirm step is about: everything that decides what the program does. */
export function commandFingerprint(transport: McpTransport, cwd: string): string | null {
  if (transport.type !== 'stdio') return null;
  return JSON.stringify([transport.command, transport.args, cwd, transport.env]);
}

export async function openMcpConfigStore(
  dataDir: string,
  options: { recovery?: Recovery } = {},
): Promise<McpConfigStore> {
  const file = join(dataDir, MCP_CONFIG_FILE);
  const servers: StoredMcpServer[] = [];
  const problems: string[] = [];

  try {
    const text = await readFile(file, 'utf8');
    const parsed = fileSchema.safeParse(JSON.parse(text));
    if (!parsed.success) throw new Error('it is not a list of MCP servers');
    const names = new Set<string>();
    for (const server of parsed.data.servers) {
      if (names.has(server.name)) continue;
      names.add(server.name);
      servers.push(server);
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') {
      // Set aside before anything is saved, so no new list is written over it.
      const aside = await (options.recovery ?? openRecovery(dataDir)).setAside(
        file,
        `The MCP server list could not be read (${(e as Error).message}), so no server is configured.`,
      );
      problems.push(
        aside.movedTo === null
          ? aside.reason
          : `${aside.reason} The file was set aside in ${aside.movedTo}.`,
      );
    }
  }

  /** Saves the list after `change`; refused (a full disk), the change is undone in memory too. */
  async function save(change: () => void): Promise<void> {
    const before = structuredClone(servers);
    change();
    try {
      await makeFolder(dataDir);
      await writeFileAtomic(file, JSON.stringify({ version: VERSION, servers }, null, 2));
    } catch (e) {
      servers.splice(0, servers.length, ...before);
      throw saveFailed('The MCP servers', e);
    }
  }

  function existing(id: string): StoredMcpServer {
    const server = servers.find((s) => s.id === id);
    if (!server) throw serviceError('not_found', 'That MCP server is no longer configured.');
    return server;
  }

  function nameTaken(name: string, exceptId: string | null): void {
    if (servers.some((s) => s.name === name && s.id !== exceptId))
      throw serviceError('invalid_input', `There is already an MCP server named "${name}".`);
  }

  return {
    list: () => servers.map((s) => structuredClone(s)),
    get: (id) => {
      const server = servers.find((s) => s.id === id);
      return server ? structuredClone(server) : undefined;
    },
    byName: (name) => {
      const server = servers.find((s) => s.name === name);
      return server ? structuredClone(server) : undefined;
    },
    async add(name, transport, enabled = true, unconfirmedAddress) {
      nameTaken(name, null);
      const server: StoredMcpServer = {
        id: randomUUID(),
        name,
        transport: structuredClone(transport),
        enabled,
        disabledTools: [],
        alwaysAllowed: [],
        ...(unconfirmedAddress ? { unconfirmedAddress: { ...unconfirmedAddress } } : {}),
      };
      await save(() => servers.push(server));
      return structuredClone(server);
    },
    async change(id, edit) {
      const server = existing(id);
      const draft = structuredClone(server);
      edit(draft);
      nameTaken(draft.name, id);
      await save(() => {
        Object.assign(server, draft);
        if (draft.approved === undefined) delete server.approved;
        if (draft.unconfirmedAddress === undefined) delete server.unconfirmedAddress;
      });
      return structuredClone(server);
    },
    async remove(id) {
      const index = servers.findIndex((s) => s.id === id);
      if (index < 0) return;
      await save(() => servers.splice(index, 1));
    },
    problems: () => [...problems],
  };
}
