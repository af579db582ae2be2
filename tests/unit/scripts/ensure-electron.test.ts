// `npm start` where Electron's binary cannot be fetched: one plain sentence and the command that works.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../../scripts/ensure-electron.mjs', import.meta.url));
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-electron-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function run() {
  return spawnSync(process.execPath, [SCRIPT], {
    encoding: 'utf8',
    env: { ...process.env, ATELIER_ELECTRON_DIR: dir },
  });
}

describe('ensure-electron', () => {
  it('ends a failed download with one sentence naming the reason and `npm run web`, no stack', async () => {
    await writeFile(
      join(dir, 'install.js'),
      "const e = new Error('getaddrinfo ENOTFOUND github.com'); e.code = 'ENOTFOUND'; throw e;",
    );
    const result = run();
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/could not download Electron's binary \(getaddrinfo ENOTFOUND/);
    expect(lines[0]).toMatch(/npm run web$/);
    expect(result.stderr + result.stdout).not.toMatch(/^\s+at /m);
  });

  it('lets the start go on once the binary is there', async () => {
    await writeFile(
      join(dir, 'install.js'),
      "require('fs').writeFileSync('path.txt', 'electron');",
    );
    expect(run().status).toBe(0);
    // Already fetched: nothing to do.
    expect(run().stdout).toBe('');
  });
});
