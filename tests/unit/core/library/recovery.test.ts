// Setting damaged files aside: moved under recovered/ with their reason, never deleted; stale temp files removed.
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
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

  it('sets aside synchronously for the settings store', async () => {
    const dir = await dataDir();
    await writeFile(join(dir, 'settings.json'), 'null');
    const recovery = openRecovery(dir, { now: () => at });
    const item = recovery.setAsideSync(join(dir, 'settings.json'), 'not settings');
    expect(await readFile(join(dir, item.movedTo!), 'utf8')).toBe('null');
  });
});

describe('removeStaleTempFiles', () => {
  it('removes atomic-write temp files in every folder but recovered/, and nothing else', async () => {
    const dir = await dataDir();
    await mkdir(join(dir, 'conversations'), { recursive: true });
    await mkdir(join(dir, 'recovered', 'x'), { recursive: true });
    await writeFile(join(dir, '.models.json.123.abcd.tmp'), 'x');
    await writeFile(join(dir, 'conversations', '.c.json.9.ffff.tmp'), 'x');
    await writeFile(join(dir, 'conversations', 'c.json'), '{}');
    await writeFile(join(dir, 'recovered', 'x', '.kept.1.aa.tmp'), 'x');
    expect(await removeStaleTempFiles(dir)).toBe(2);
    expect(await readdir(dir)).toEqual(expect.not.arrayContaining(['.models.json.123.abcd.tmp']));
    expect(await readdir(join(dir, 'conversations'))).toEqual(['c.json']);
    expect(await readdir(join(dir, 'recovered', 'x'))).toEqual(['.kept.1.aa.tmp']);
  });
});
