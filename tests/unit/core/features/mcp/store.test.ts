// The MCP server configuration on disk: a damaged file set aside to recovered/ and told, a refused save undone.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { McpTransport } from '../../../../../shared/tools';
import { openMcpConfigStore } from '../../../../../electron/core/features/mcp/store';
import { openRecovery } from '../../../../../electron/core/library/recovery';
import { fillDisk } from '../../disk-full';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-mcp-store-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const http = (path: string): McpTransport => ({
  type: 'http',
  url: `http://127.0.0.1:9/${path}`,
  headers: {},
});

describe('MCP configuration store', () => {
  it('sets a damaged file aside through the recovery it is given, and says where', async () => {
    await writeFile(join(dir, 'mcp-servers.json'), 'null');
    const recovery = openRecovery(dir);
    const store = await openMcpConfigStore(dir, { recovery });
    expect(store.list()).toEqual([]);
    const [item] = recovery.items();
    expect(item).toMatchObject({ file: 'mcp-servers.json' });
    expect(store.problems()).toEqual([
      `${item!.reason} The file was set aside in ${item!.movedTo}.`,
    ]);
    expect(await readFile(join(dir, item!.movedTo!), 'utf8')).toBe('null');
  });

  it('keeps the servers as on disk when a full disk refuses an add, a change or a removal', async () => {
    const store = await openMcpConfigStore(dir);
    const kept = await store.add('kept', http('kept'));
    const onDisk = await readFile(join(dir, 'mcp-servers.json'), 'utf8');
    const freeDisk = fillDisk();
    try {
      await expect(store.add('lost', http('lost'))).rejects.toThrow(/disk is full/);
      await expect(
        store.change(kept.id, (server) => {
          server.name = 'renamed';
          server.enabled = false;
        }),
      ).rejects.toThrow(/disk is full/);
      await expect(store.remove(kept.id)).rejects.toThrow(/disk is full/);
    } finally {
      freeDisk();
    }
    expect(store.list()).toEqual([kept]);
    expect(await readFile(join(dir, 'mcp-servers.json'), 'utf8')).toBe(onDisk);
  });
});
