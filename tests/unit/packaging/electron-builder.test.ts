// The installer's configuration as electron-builder itself reads it: the fuses, asar, and a supported Electron.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Configuration } from 'app-builder-lib';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util';
import { beforeAll, describe, expect, it } from 'vitest';

const projectDir = fileURLToPath(new URL('../../../', import.meta.url));

async function loadBuilderConfig(): Promise<Configuration> {
  return getConfig(projectDir, 'electron-builder.yml', null);
}

describe('electron-builder.yml', () => {
  let config: Configuration;
  beforeAll(async () => {
    config = await loadBuilderConfig();
  });

  it('passes electron-builder’s own schema', async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('flips every fuse that lets someone run other code inside the installed app', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('packs the app into an asar archive, which the integrity fuse checks', () => {
    expect(config.asar).toBe(true);
    // Except the three workers (a worker thread cannot start from inside the archive) and the
    // SQLite the search and spending workers read from beside themselves.
    expect(config.asarUnpack).toEqual([
      'dist/electron/picture-worker.cjs',
      'dist/electron/search-worker.cjs',
      'dist/electron/spending-worker.cjs',
      'dist/electron/node-sqlite3-wasm.wasm',
    ]);
  });

  it('would refuse a misspelled fuse, so the names above are the ones the builder applies', async () => {
    const misspelled = { ...config, electronFuses: { runAsnode: false } } as Configuration;
    await expect(validateConfiguration(misspelled, new DebugLogger(false))).rejects.toThrow(
      /configuration\.electronFuses/,
    );
  });
});

describe('package.json', () => {
  it('builds on a supported Electron (45 or later)', () => {
    const pkg = JSON.parse(readFileSync(`${projectDir}package.json`, 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    const range = pkg.devDependencies['electron'] ?? '';
    const major = Number(/(\d+)\./.exec(range)?.[1]);
    expect(major).toBeGreaterThanOrEqual(45);
  });
});
