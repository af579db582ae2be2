// Setting damaged files aside: moved under recovered/ with their reason, never deleted; stale temp files removed.
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  openRecovery,
  REASON_SUFFIX,
  removeStaleTempFiles,
} from '../../../../electron/core/library/recovery';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'atelier-recovery-'));
  dirs.push(dir);
  return dir;
}

const at = new Date('2026-11-28T21:30:05.123Z');

describe('openRecovery', () => {
  it('moves a file under recovered/<time>/ with its path kept, and writes why beside it', async () => {
    const dir = await dataDir();
    await mkdir(join(dir, 'conversations'));
    const file = join(dir, 'conversations', 'abc.json');
    await writeFile(file, '{"broken');
    const recovery = openRecovery(dir, { now: () => at });
    const item = await recovery.setAside(file, 'not valid JSON');
    expect(item).toEqual({
      file: 'conversations/abc.json',
      reason: 'not valid JSON',
      movedTo: 'recovered/2026-11-28T21-30-05-123Z/conversations/abc.json',
      at: at.toISOString(),
    });
    expect(existsSync(file)).toBe(false);
    expect(await readFile(join(dir, item.movedTo!), 'utf8')).toBe('{"broken');
    const why = await readFile(join(dir, item.movedTo! + REASON_SUFFIX), 'utf8');
    expect(why).toContain('not valid JSON');
    expect(why).toContain('conversations/abc.json');
    expect(recovery.items()).toEqual([item]);
  });

  it('records a file it cannot move, and never throws', async () => {
    const dir = await dataDir();
    const recovery = openRecovery(dir, { now: () => at });
    const item = await recovery.setAside(join(dir, 'missing.json'), 'gone');
    expect(item.movedTo).toBeNull();
    const sync = recovery.setAsideSync(join(dir, 'missing-too.json'), 'gone');
    expect(sync.movedTo).toBeNull();
    expect(recovery.items()).toHaveLength(2);
  });

  it('never puts a second file of the same path over the first one set aside', async () => {
    const dir = await dataDir();
    const file = join(dir, 'folders.json');
    const recovery = openRecovery(dir, { now: () => at });
    await writeFile(file, 'first');
    const first = await recovery.setAside(file, 'one');
    await writeFile(file, 'second');
    const second = recovery.setAsideSync(file, 'two');
    expect(second.movedTo).not.toBe(first.movedTo);
    expect(await readFile(join(dir, first.movedTo!), 'utf8')).toBe('first');
    expect(await readFile(join(dir, second.movedTo!), 'utf8')).toBe('second');
    expect(await readFile(join(dir, second.movedTo! + REASON_SUFFIX), 'utf8')).toContain('two');
  });

  it('moves the file out of the way beside itself when recovered/ cannot be made', async () => {
    const dir = await dataDir();
    // A file where the folder must go stands in for a disk that refuses a new folder.
    await writeFile(join(dir, 'recovered'), '');
    const file = join(dir, 'assistants.json');
    await writeFile(file, 'broken');
    const item = await openRecovery(dir, { now: () => at }).setAside(file, 'not a list');
    expect(item.movedTo).toBe('assistants.json.set-aside-2026-11-28T21-30-05-123Z');
    expect(await readFile(join(dir, item.movedTo!), 'utf8')).toBe('broken');
    expect(existsSync(file)).toBe(false);
  });

  it('sets aside synchronously for the settings store', async () => {
    const dir = await dataDir();
    await writeFile(join(dir, 'settings.json'), 'null');
    const recovery = openRecovery(dir, { now: () => at });
    const item = recovery.setAsideSync(join(dir, 'settings.json'), 'not settings');
    expect(await readFile(join(dir, item.movedTo!), 'utf8')).toBe('null');
  });
});

describe('removeStaleTempFiles', () => {
  /** The id of a process that has ended: the writer a kill left its temp file behind from. */
  const endedPid = spawnSync(process.execPath, ['-e', '']).pid;

  it('removes atomic-write temp files in every folder but recovered/, and nothing else', async () => {
    const dir = await dataDir();
    await mkdir(join(dir, 'conversations'), { recursive: true });
    await mkdir(join(dir, 'recovered', 'x'), { recursive: true });
    await writeFile(join(dir, `.models.json.${endedPid}.abcd.tmp`), 'x');
    await writeFile(join(dir, 'conversations', `.c.json.${endedPid}.ffff.tmp`), 'x');
    await writeFile(join(dir, 'conversations', 'c.json'), '{}');
    await writeFile(join(dir, 'recovered', 'x', '.kept.1.aa.tmp'), 'x');
    expect(await removeStaleTempFiles(dir)).toBe(2);
    expect(await readdir(dir)).toEqual(['conversations', 'recovered']);
    expect(await readdir(join(dir, 'conversations'))).toEqual(['c.json']);
    expect(await readdir(join(dir, 'recovered', 'x'))).toEqual(['.kept.1.aa.tmp']);
  });

  it('leaves the temp file of a write another running process may still be making', async () => {
    const dir = await dataDir();
    const live = `.settings.json.${process.ppid}.abcd.tmp`;
    await writeFile(join(dir, live), 'x');
    expect(await removeStaleTempFiles(dir)).toBe(0);
    expect(await readdir(dir)).toEqual([live]);
  });
});
