// A hostile MCP server's huge tool list (issue 38, finding 33): how long core is held while it is read, memory, and mcp.list's size.
// Run: npx tsx --no-cache bench/mcp-tool-list.ts [total] [perPage] [descriptionChars]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FeatureContext, Host } from '../electron/core/features/context';
import { openMcpFeature } from '../electron/core/features/mcp/feature';

const SERVER = resolve('tests/unit/core/features/mcp/servers/many-tools.mjs');
const args = process.argv.slice(2);

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'atelier-mcp-bench-'));
  const host = { confirmMcpCommand: async () => true } as unknown as Host;
  let changedBytes = 0;
  const ctx = {
    dataDir: dir,
    host,
    emit: (_event: string, payload: unknown) => {
      changedBytes = Math.max(changedBytes, JSON.stringify(payload).length);
    },
  } as unknown as FeatureContext;
  const feature = await openMcpFeature(ctx);
  const rssBefore = process.memoryUsage().rss;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  await feature.handlers['mcp.import']({
    json: JSON.stringify({
      mcpServers: { many: { command: process.execPath, args: [SERVER, ...args] } },
    }),
  });
  await feature.provider.toolsFor(null, new AbortController().signal);
  const took = performance.now() - started;
  delay.disable();
  const list = await feature.handlers['mcp.list']({});
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  console.log(
    JSON.stringify({
      state: list[0]!.status.state,
      tools: list[0]!.tools.length,
      listedInMs: Math.round(took),
      longestHoldMs: Math.round(delay.max / 1e6),
      rssMb: `${mb(rssBefore)} -> ${mb(process.memoryUsage().rss)}`,
      mcpListMb: mb(JSON.stringify(list).length),
      mcpChangedMb: mb(changedBytes),
    }),
  );
  await feature.dispose?.();
  await rm(dir, { recursive: true, force: true });
}

await main();
