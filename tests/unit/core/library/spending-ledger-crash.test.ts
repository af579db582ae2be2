// A ledger writer killed with SIGKILL mid-write loses no entry whose commit had returned, and the file opens whole.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openLedgerStore } from '../../../../electron/core/library/spending-ledger';

const WRITER = fileURLToPath(new URL('./spending-ledger-writer.ts', import.meta.url));
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the writer until it has acknowledged `count` entries, then kills it at once; the ids it acknowledged. */
function writeThenKill(file: string, count: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const acknowledged: number[] = [];
    let buffered = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) acknowledged.push(Number(line));
      if (acknowledged.length >= count && !child.killed) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', () => resolve(acknowledged));
  });
}

describe('the spending ledger killed mid-write', () => {
  it('keeps every acknowledged entry, three kills in a row', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atelier-ledger-crash-'));
    const file = join(dir, 'ledger.sqlite');
    const all: number[] = [];
    for (let round = 0; round < 3; round++) all.push(...(await writeThenKill(file, 40)));
    const store = openLedgerStore(file);
    expect(store.check()).toBeNull();
    const kept = new Set(store.entries({ demo: false, limit: 500 }).map((e) => e.id));
    for (const id of all) expect(kept.has(id), `entry ${id}`).toBe(true);
    // The summary's own rows were written in the same commits.
    expect(store.summary({ demo: false, days: 1, now: Date.now() }).entries).toBe(kept.size);
    store.close();
  }, 60_000);
});
