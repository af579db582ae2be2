// A data folder written by the version before the SQLite word index (fixtures/data-v1: three
// conversations, their index.json and MiniSearch's search/words.index) opens whole: the list,
// a conversation, search; the old index file is gone once the new one is built.
import { cp, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openConversationLibrary } from '../../../../electron/core/library/conversations';

const FIXTURE = fileURLToPath(new URL('./fixtures/data-v1', import.meta.url));
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-migrate-'));
  await cp(FIXTURE, dir, { recursive: true });
});

afterEach(async () => {
  // Its libraries are left open: a background index build may still be writing there.
  await rm(dir, { recursive: true, force: true, maxRetries: 5 });
});

it('opens a data folder of the previous version: list, conversation and search work, words.index is gone', async () => {
  expect(await readdir(join(dir, 'search'))).toEqual(['words.index']);
  const lib = await openConversationLibrary(dir);
  expect(lib.list().items.map((c) => c.title)).toEqual([
    'Garden notes',
    'Рецепты',
    'Planning a trip to Lisbon',
  ]);
  expect(lib.list().problems).toEqual([]);
  const trip = lib.list().items[2]!;
  const opened = await lib.get(trip.id);
  expect(opened.messages.map((m) => m.content)).toEqual([
    'Planning a trip to Lisbon\nWe cross the Zebra crossing near the café',
    'Lovely weather, and a long walk to the river',
  ]);

  await lib.searchReady();
  expect(lib.searchStatus()).toEqual({ indexing: false, indexed: 3, total: 3 });
  const hits = await lib.search('cafe zebra');
  expect(hits.map((h) => [h.conversationId, h.messageId])).toEqual([
    [trip.id, opened.messages[0]!.id],
  ]);
  expect((await lib.search('елочка')).map((h) => h.title)).toEqual(['Рецепты']);
  expect((await lib.search('lisb'))[0]).toMatchObject({ conversationId: trip.id, messageId: null });
  expect(await readdir(join(dir, 'search'))).toEqual(['words.sqlite']);
  // Another user on the machine cannot read the index: the folder and the file are this user's only.
  expect((await stat(join(dir, 'search'))).mode & 0o777).toBe(0o700);
  expect((await stat(join(dir, 'search', 'words.sqlite'))).mode & 0o777).toBe(0o600);

  // A later start reads no file again and still finds everything.
  await lib.flush();
  const again = await openConversationLibrary(dir);
  await again.searchReady();
  expect(await again.search('kumquat')).toHaveLength(1);
});
