// The list kept for a fast start trusts a file's stamp (size and mtime) only where a later save could not share it: a crash within one clock tick must not leave a stale title.
import { mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushAtomicWrites } from '../../../../electron/core/library/atomic-write';
import {
  type ConversationLibrary,
  openConversationLibrary,
} from '../../../../electron/core/library/conversations';

let dir: string;
let opened: ConversationLibrary[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-lib-stamps-'));
  opened = [];
});

afterEach(async () => {
  for (const lib of opened) await lib.close();
  await flushAtomicWrites();
  await rm(dir, { recursive: true, force: true });
});

/**
 * A conversation titled "Title A" whose file's mtime is the whole millisecond `at` (utimes keeps
 * whole milliseconds exactly), recorded so in the start-up list; then the file changed to "Title B"
 * at the same size and stamp, as a second save in the same tick would leave it, and the list's
 * own file dated `listAt`, as if the app had been killed before writing the list again.
 */
async function sameStampSave(at: number, listAt: number): Promise<string> {
  const lib = await openLib();
  const c = await lib.create({ model: 'm/x' });
  await lib.update(c.id, { title: 'Title A' });
  await lib.close();
  const file = join(dir, 'conversations', `${c.id}.json`);
  await utimes(file, new Date(at), new Date(at));
  // A start records the stamp in the list.
  await (await openLib()).close();
  opened = [];
  const before = await stat(file);
  expect(before.mtimeMs).toBe(at);
  const text = await readFile(file, 'utf8');
  await writeFile(file, text.replace('"Title A"', '"Title B"'));
  await utimes(file, new Date(at), new Date(at));
  expect(await stat(file)).toMatchObject({ mtimeMs: at, size: before.size });
  const list = join(dir, 'conversations', 'index.json');
  await utimes(list, new Date(listAt), new Date(listAt));
  return c.id;
}

async function openLib(): Promise<ConversationLibrary> {
  const lib = await openConversationLibrary(dir, { indexDelayMs: 5 });
  opened.push(lib);
  return lib;
}

describe('the start-up list after a crash within one clock tick', () => {
  const at = Date.UTC(2026, 10, 28, 12, 0, 0);

  it('reads again a file saved just before the list was written, though its stamp matches', async () => {
    const id = await sameStampSave(at, at + 200);
    const again = await openLib();
    expect(again.list().items.find((s) => s.id === id)?.title).toBe('Title B');
  });

  it('trusts the stamp of a file saved well before the list was written', async () => {
    // No later save can share the stamp of a file saved a minute before the list: the list is
    // trusted and the file not read, so the title it holds is the one shown.
    const id = await sameStampSave(at, at + 60_000);
    const again = await openLib();
    expect(again.list().items.find((s) => s.id === id)?.title).toBe('Title A');
  });
});
