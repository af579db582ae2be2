// Atomic writes: a crash before the rename leaves the old file whole; writes to one file run in call order.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../../electron/core/library/atomic-write';
import { dir, useLibraryFolder } from './conversations-harness';

useLibraryFolder();

describe('writeFileAtomic', () => {
  it('leaves the old file whole when a crash comes between the temp write and the rename', async () => {
    const file = join(dir, 'a.json');
    await writeFileAtomic(file, '{"old":true}');
    await expect(
      writeFileAtomic(file, '{"new":true}', {
        beforeRename: () => {
          throw new Error('power cut');
        },
      }),
    ).rejects.toThrow('power cut');
    expect(await readFile(file, 'utf8')).toBe('{"old":true}');
    expect((await readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('runs writes to one file in call order, never interleaved', async () => {
    const file = join(dir, 'b.txt');
    const bodies = Array.from({ length: 20 }, (_, i) => String(i).repeat(50_000 + i));
    await Promise.all(bodies.map((b) => writeFileAtomic(file, b)));
    expect(await readFile(file, 'utf8')).toBe(bodies[19]);
  });

  it('keeps the queue going after a failed write', async () => {
    const file = join(dir, 'c.txt');
    const failing = writeFileAtomic(join(dir, 'missing-folder', 'x'), 'x');
    await expect(failing).rejects.toThrow();
    await writeFileAtomic(file, 'after');
    expect(await readFile(file, 'utf8')).toBe('after');
  });
});
