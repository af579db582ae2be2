// The web host: Atelier's core in Node and its renderer in a browser (`npm run web`), for where Electron cannot run.
import { chmod, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createCore } from '../electron/core/app';
import {
  createJsonSettingsStore,
  type SettingsStore,
} from '../electron/core/features/settings/store';
import {
  createFileVault,
  createLocalKeyEncryptor,
  type Vault,
} from '../electron/core/features/settings/vault';
import { openRecovery, type Recovery } from '../electron/core/library/recovery';
import { startWebServer } from './web-server';
import {
  ALLOW_MCP_ENV,
  ALLOW_MCP_FLAG,
  createTerminalAsk,
  NO_MCP_COMMANDS,
  type McpCommandPolicy,
} from './web-host';

const RENDERER_DIR = fileURLToPath(new URL('../dist/renderer', import.meta.url));

/**
 * Where the web host keeps the settings and the key in its data folder. safeStorage needs
 * Electron; here a random AES key in a 0600 file stands in for the keychain.
 */
export function hostStores(
  dataDir: string,
  recovery: Recovery,
): { vault: Vault; settingsStore: SettingsStore } {
  return {
    vault: createFileVault(
      join(dataDir, 'key.bin'),
      createLocalKeyEncryptor(join(dataDir, 'local.key'), { recovery }),
      { recovery },
    ),
    settingsStore: createJsonSettingsStore(join(dataDir, 'settings.json'), { recovery }),
  };
}

export async function startWebHost(opts: {
  port?: number;
  dataDir: string;
  host?: string;
  /** Where lines for the person running the host go; console.log by default. */
  log?: (line: string) => void;
  /** Video job poll interval (CoreOptions); only tests lower it from 10 s. */
  videoPollIntervalMs?: number;
  /** Debug log read interval (CoreOptions); only tests lower it from 20 s. */
  debugLatestIntervalMs?: number;
  /** The built pages to serve; dist/renderer by default (the bench adds its own pages beside it). */
  rendererDir?: string;
  /** Who lets MCP command lines run; by default none runs (no terminal is asked). */
  mcpCommands?: McpCommandPolicy;
}): Promise<{ url: string; freshUrl(): string; close(): Promise<void> }> {
  const dataDir = resolve(opts.dataDir);
  // Conversations, media and the key are the person's alone: new files 0600, folders 0700.
  process.umask(0o077);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700);
  return startWebServer({
    host: opts.host ?? '127.0.0.1',
    port: opts.port ?? 0,
    rendererDir: opts.rendererDir ?? RENDERER_DIR,
    log: opts.log ?? ((line) => console.log(line)),
    mcpCommands: opts.mcpCommands ?? NO_MCP_COMMANDS,
    openCore: (emit, host) => {
      // One record of what was set aside at start, whichever store found it, for the person to hear.
      const recovery = openRecovery(dataDir);
      return createCore({
        dataDir,
        recovery,
        ...hostStores(dataDir, recovery),
        emit,
        host,
        videoPollIntervalMs: opts.videoPollIntervalMs,
        debugLatestIntervalMs: opts.debugLatestIntervalMs,
      });
    },
  });
}

/** MCP commands: allowed by the flag, else asked at the terminal when there is one, else none. */
function mcpPolicyOf(args: readonly string[]): McpCommandPolicy {
  if (args.includes(ALLOW_MCP_FLAG) || process.env[ALLOW_MCP_ENV] === '1')
    return { allow: true, ask: null };
  return process.stdin.isTTY
    ? { allow: false, ask: createTerminalAsk(process.stdin, process.stdout) }
    : NO_MCP_COMMANDS;
}

async function runFromCommandLine(): Promise<void> {
  const args = process.argv.slice(2);
  const unknown = args.find((arg) => arg !== ALLOW_MCP_FLAG);
  if (unknown !== undefined)
    throw new Error(`Unknown option ${unknown}; the one option is ${ALLOW_MCP_FLAG}`);
  const port = Number(process.env.PORT ?? 5199);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got ${process.env.PORT}`);
  }
  const dataDir = resolve(process.env.ATELIER_DATA_DIR ?? '.atelier-data');
  const mcpCommands = mcpPolicyOf(args);
  const host = await startWebHost({ port, dataDir, mcpCommands });
  console.log(`Data folder: ${dataDir}`);
  console.log(
    mcpCommands.allow
      ? `MCP servers' commands run without asking (${ALLOW_MCP_FLAG}).`
      : mcpCommands.ask
        ? "A new or changed MCP server's command is asked about here before it runs."
        : `MCP servers' commands are refused: no terminal to ask in (start with ${ALLOW_MCP_FLAG} to run them).`,
  );
  console.log(
    'Open the address below. It lets one browser tab in, once; after each use the next address is printed here.',
  );
  // Last, on its own line: the address to open.
  console.log(`Atelier is running at ${host.url}`);
  const stop = (): void => {
    void host.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  runFromCommandLine().catch((error: unknown) => {
    console.error(
      'The Atelier web host could not start:',
      error instanceof Error ? error.message : error,
    );
    process.exit(1);
  });
}
