// A full disk, injected for tests: every atomic write (temp file, then rename) is refused with ENOSPC while it is on.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { basename } from 'node:path';
import { vi } from 'vitest';
import { isAtomicTempFile } from '../../../electron/core/library/atomic-write';

function noSpace(): NodeJS.ErrnoException {
  return Object.assign(new Error('ENOSPC: no space left on device, write'), {
    code: 'ENOSPC',
    errno: -28,
    syscall: 'write',
  });
}

/**
 * From now on, writing into a temp file of atomic-write fails as a full disk fails: the temp file
 * is made, its bytes are refused. Answers the function that frees the disk again.
 */
export function fillDisk(): () => void {
  const realOpen = fsp.open.bind(fsp);
  const realWriteSync = fs.writeSync.bind(fs);
  const tempFds = new Set<number>();
  const realOpenSync = fs.openSync.bind(fs);
  const open = vi.spyOn(fsp, 'open').mockImplementation(async (path, flags, mode) => {
    const handle = await realOpen(path, flags, mode);
    if (isAtomicTempFile(basename(String(path)))) {
      handle.writeFile = () => Promise.reject(noSpace());
    }
    return handle;
  });
  const openSync = vi.spyOn(fs, 'openSync').mockImplementation((path, flags, mode) => {
    const fd = realOpenSync(path, flags, mode);
    if (isAtomicTempFile(basename(String(path)))) tempFds.add(fd);
    return fd;
  });
  const writeSync = vi.spyOn(fs, 'writeSync').mockImplementation(((
    fd: number,
    ...rest: unknown[]
  ) => {
    if (tempFds.delete(fd)) throw noSpace();
    return (realWriteSync as (fd: number, ...args: unknown[]) => number)(fd, ...rest);
  }) as typeof fs.writeSync);
  syncBuiltinESMExports();
  return () => {
    open.mockRestore();
    openSync.mockRestore();
    writeSync.mockRestore();
    syncBuiltinESMExports();
  };
}
