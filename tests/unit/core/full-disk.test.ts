// A full disk (ENOSPC) while saving, sending, uploading, importing and restoring: every file whole, every refusal in words, the streamed answer kept, and core starts again on the full disk. On a real 20 MB tmpfs where the machine allows it, and with ENOSPC injected into every write always.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { type RunningSim, startSim } from '../../../sim/server';
import { cores, type Disk, fullDiskScenario } from './full-disk-scenario';

const TMPFS_BYTES = 20 * 1024 * 1024;

// ------------------------------------------------------------------ the disks

let sim: RunningSim;
beforeEach(async () => {
  sim = await startSim({ port: 0, debugPort: 0, chunkDelayMs: 0, minDebugPollMs: 0 });
});
afterEach(async () => {
  for (const core of cores.splice(0)) await core.dispose();
  await sim.close();
});

function enospc(syscall: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOSPC: no space left on device, ${syscall}`), {
    code: 'ENOSPC',
    errno: -28,
    syscall,
  });
}

/**
 * ENOSPC from every write of this thread (core's; its workers write on their own), as a full disk
 * answers: writes, appends and new folders fail, reads, renames and removals go through. fs and
 * fs/promises are patched on their CommonJS objects and synced into the ES module bindings core
 * imported.
 */
async function injectedFullDisk(): Promise<Disk> {
  const spies: Array<{ mockRestore(): void }> = [];
  let full = false;
  const probe = await fsp.open(join(tmpdir(), `atelier-probe-${process.pid}`), 'w');
  const fileHandle = Object.getPrototypeOf(probe) as Record<
    string,
    (...args: unknown[]) => unknown
  >;
  await probe.close();
  await fsp.rm(join(tmpdir(), `atelier-probe-${process.pid}`), { force: true });

  const refuse = <T extends object>(
    target: T,
    name: string,
    kind: 'sync' | 'async' | 'callback',
  ) => {
    const original = (target as Record<string, (...args: unknown[]) => unknown>)[name]!;
    const spy = vi.spyOn(target as Record<string, (...args: unknown[]) => unknown>, name);
    spy.mockImplementation(function (this: unknown, ...args: unknown[]) {
      if (!full) return original.apply(this, args);
      const error = enospc(name);
      if (kind === 'sync') throw error;
      if (kind === 'async') return Promise.reject(error);
      const callback = args.at(-1);
      if (typeof callback === 'function')
        process.nextTick(() => (callback as (e: Error) => void)(error));
      return undefined;
    });
    spies.push(spy);
  };
  const fsCjs = fs as unknown as Record<string, unknown>;
  const fspCjs = fsp as unknown as Record<string, unknown>;
  // The namespace objects are frozen; their CommonJS defaults are not.
  const fsObject = (fsCjs.default ?? fs) as object;
  const fspObject = (fspCjs.default ?? fsp) as object;
  for (const name of ['writeSync', 'writeFileSync', 'appendFileSync', 'copyFileSync'])
    refuse(fsObject, name, 'sync');
  for (const name of ['write', 'writev', 'writeFile', 'appendFile', 'copyFile'])
    refuse(fsObject, name, 'callback');
  for (const name of ['writeFile', 'appendFile', 'copyFile']) refuse(fspObject, name, 'async');
  for (const name of ['write', 'writev', 'writeFile', 'appendFile'])
    refuse(fileHandle, name, 'async');
  // A new folder needs a block too; one that is there already is fine.
  const mkdirSync = (fsObject as typeof fs).mkdirSync;
  const mkdir = (fspObject as typeof fsp).mkdir;
  spies.push(
    vi.spyOn(fsObject as typeof fs, 'mkdirSync').mockImplementation(((
      path: fs.PathLike,
      options?: fs.MakeDirectoryOptions,
    ) => {
      if (full && !fs.existsSync(path)) throw enospc('mkdir');
      return mkdirSync(path, options);
    }) as typeof fs.mkdirSync),
    vi.spyOn(fspObject as typeof fsp, 'mkdir').mockImplementation(((
      path: fs.PathLike,
      options?: fs.MakeDirectoryOptions,
    ) => {
      if (full && !fs.existsSync(path)) return Promise.reject(enospc('mkdir'));
      return mkdir(path, options);
    }) as typeof fsp.mkdir),
  );
  syncBuiltinESMExports();
  onTestFinished(() => {
    for (const spy of spies) spy.mockRestore();
    syncBuiltinESMExports();
  });
  return {
    async fill() {
      full = true;
    },
    async free() {
      full = false;
    },
  };
}

/** Why a tmpfs cannot be mounted here, or null when it can (root, and mount allowed). */
function tmpfsRefusal(): string | null {
  if (process.platform !== 'linux') return `not Linux (${process.platform})`;
  if (process.getuid?.() !== 0) return `not root (uid ${process.getuid?.()}): mount needs root`;
  const probe = fs.mkdtempSync(join(tmpdir(), 'atelier-tmpfs-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'pipe' });
    execFileSync('umount', [probe], { stdio: 'pipe' });
    return null;
  } catch (e) {
    return `mount -t tmpfs was refused (${String((e as { stderr?: Buffer }).stderr ?? e).trim()})`;
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}

const TMPFS_REFUSAL = tmpfsRefusal();

describe('a full disk', () => {
  it('(injected ENOSPC) keeps every file whole, refuses in words, keeps the answer and starts again', async () => {
    const dir = fs.mkdtempSync(join(tmpdir(), 'atelier-full-'));
    onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
    const disk = await injectedFullDisk();
    const findings = await fullDiskScenario(dir, sim, disk);
    expect(findings).toEqual({ notInWords: [], damaged: [], other: [] });
  }, 60_000);

  it.skipIf(TMPFS_REFUSAL !== null)(
    `(a real ${TMPFS_BYTES / 1024 / 1024} MB tmpfs, filled) keeps every file whole, refuses in words, keeps the answer and starts again${TMPFS_REFUSAL ? ` — skipped: ${TMPFS_REFUSAL}` : ''}`,
    async () => {
      const dir = fs.mkdtempSync(join(tmpdir(), 'atelier-tmpfs-'));
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_BYTES}`, 'tmpfs', dir]);
      onTestFinished(async () => {
        for (const core of cores.splice(0)) await core.dispose();
        execFileSync('umount', ['-l', dir]);
        fs.rmSync(dir, { recursive: true, force: true });
      });
      const filler = join(dir, 'filler.bin');
      const disk: Disk = {
        async fill() {
          // Whole megabytes, then smaller and smaller pieces, until not one byte more fits.
          const handle = await fsp.open(filler, 'a');
          try {
            for (let size = 1024 * 1024; size >= 1;) {
              try {
                await handle.write(Buffer.alloc(size));
              } catch (e) {
                if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
                size = Math.floor(size / 2);
              }
            }
          } finally {
            await handle.close();
          }
        },
        async free() {
          await fsp.rm(filler, { force: true });
        },
      };
      const findings = await fullDiskScenario(dir, sim, disk);
      expect(findings).toEqual({ notInWords: [], damaged: [], other: [] });
    },
    90_000,
  );
});
