// The one id rule (issue 38): hostile ids of every kind refused, by the rule and by every store that makes a file name of one; new ids always storable.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { tmpdir } from 'node:os';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../../../../shared/documents';
import type { Conversation } from '../../../../shared/types';
import { openDocumentStore } from '../../../../electron/core/features/documents/store';
import { openConversationLibrary } from '../../../../electron/core/library/conversations';
import { createFileStore } from '../../../../electron/core/library/files';
import {
  ID_KINDS,
  isReservedName,
  isStorableId,
  newId,
  newMediaId,
  type IdKind,
} from '../../../../electron/core/library/ids';
import { createMediaLibrary } from '../../../../electron/core/library/media';
import { conversation, message } from '../../conversation-data';

/** Fixed in CI; FC_SEED and FC_RUNS ask for other or more runs. */
const params = {
  seed: Number(process.env.FC_SEED ?? 37),
  numRuns: Number(process.env.FC_RUNS ?? 2000),
};

/** Ids no kind may take: the library's own names, Windows devices, paths, look-alikes, extremes. */
const HOSTILE: Array<[string, string]> = [
  ['the conversation index', 'index'],
  ['the index in capitals', 'INDEX'],
  ['the index with its extension', 'index.json'],
  ['the parent folder', '..'],
  ['this folder', '.'],
  ['a Windows device', 'con'],
  ['a Windows device in capitals with an extension', 'CON.json'],
  ['a Windows device in mixed case', 'Nul'],
  ['a Windows port', 'com1'],
  ['a Windows printer port', 'LPT9'],
  ['a Windows port with a superscript', 'COM¹'],
  ['a Windows console', 'CONIN$'],
  ['nothing', ''],
  ['10,000 characters', 'a'.repeat(10_000)],
  ['a slash', 'a/b'],
  ['a backslash', 'a\\b'],
  ['a climb', '../conversations/index'],
  ['an absolute path', '/etc/passwd'],
  ['a drive', 'C:'],
  ['NUL', 'a\u0000b'],
  ['a new line', 'a\nb'],
  ['a Cyrillic а', 'p\u0430ge'],
  ['fullwidth letters', '\uff41\uff42\uff43'],
  ['a trailing dot', 'abc.'],
  ['a trailing space', 'abc '],
  ['trailing dots and spaces', 'abc. .'],
  ['a leading dot (a temp file)', '.abc'],
  ['a right-to-left override', 'abc\u202ejson'],
];

describe('the id rule', () => {
  const table = ID_KINDS.flatMap((kind) =>
    HOSTILE.map(([what, id]) => [kind, what, id] as [IdKind, string, string]),
  );

  it.each(table)('a %s id refuses %s', (kind, _what, id) => {
    expect(isStorableId(kind, id)).toBe(false);
  });

  it.each(ID_KINDS)('refuses a %s id that is not a string', (kind) => {
    for (const value of [undefined, null, 7, ['index'], { id: 'x' }])
      expect(isStorableId(kind, value)).toBe(false);
  });

  it.each(ID_KINDS.filter((k): k is Exclude<IdKind, 'media'> => k !== 'media'))(
    'makes %s ids that are storable and new each time',
    (kind) => {
      const ids = new Set(Array.from({ length: 500 }, () => newId(kind)));
      expect(ids.size).toBe(500);
      for (const id of ids) expect(isStorableId(kind, id)).toBe(true);
    },
  );

  it('makes media ids that are storable, for every kind and time', () => {
    for (const kind of ['image', 'audio', 'video'] as const) {
      for (const at of [new Date(0), new Date(), new Date(8.64e15)])
        expect(isStorableId('media', newMediaId(kind, at))).toBe(true);
    }
  });

  it('knows the reserved names with or without extension, in any case', () => {
    for (const name of [
      'index',
      'Index.json',
      'CON',
      'con.txt',
      'aux.tar.gz',
      'NUL ',
      'prn.',
      'lpt0',
    ])
      expect(isReservedName(name)).toBe(true);
    for (const name of ['indexes', 'console', 'com10', 'lpt', 'conversation-con', 'a-index'])
      expect(isReservedName(name)).toBe(false);
  });

  it('never lets through a name that leaves the folder, hides, or folds onto a reserved one', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ID_KINDS),
        fc.oneof(
          fc.string({ unit: 'grapheme', maxLength: 40 }),
          fc.string({ unit: 'binary', maxLength: 40 }),
          fc.constantFrom(...HOSTILE.map(([, id]) => id)).map((id) => id.toUpperCase()),
          fc.stringMatching(/^[A-Za-z0-9_.-]{0,12}$/),
        ),
        (kind, id) => {
          if (!isStorableId(kind, id)) return;
          expect(id).toMatch(/^[A-Za-z0-9_-]{1,200}$/);
          expect(basename(id)).toBe(id);
          expect(isReservedName(`${id}.json`)).toBe(false);
          expect(isReservedName(id.toLowerCase())).toBe(false);
        },
      ),
      params,
    );
  });
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-ids-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function conversationWithId(id: string, title: string): Conversation {
  return conversation(id, [message('m1', 'user', title)]);
}

function documentWithId(id: string, name: string): DocumentRecord {
  return {
    id,
    name,
    mime: 'text/plain',
    size: 5,
    mode: 'text',
    model: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    pageCount: null,
    tokens: 2,
    cost: null,
    origin: 'documents',
    text: `the text of ${name}`,
    pages: null,
    badImages: 0,
    decisions: [],
    decisionCount: 0,
  };
}

describe('every store that makes a file name of an id', () => {
  it('conversations: a hostile id from outside is given a new one, and a restart finds them all', async () => {
    const library = await openConversationLibrary(dir, { indexDelayMs: 0 });
    for (const [what, id] of HOSTILE) {
      const placed = await library.adopt(conversationWithId(id, what));
      expect(placed.renamed).toBe(true);
      expect(isStorableId('conversation', placed.id)).toBe(true);
      await expect(library.get(id)).rejects.toMatchObject({ error: { code: 'not_found' } });
      await expect(library.remove(id)).rejects.toMatchObject({ error: { code: 'not_found' } });
    }
    await library.close();
    const names = await readdir(join(dir, 'conversations'));
    expect(names.filter((n) => isReservedName(n))).toEqual(['index.json']);
    const again = await openConversationLibrary(dir);
    const list = again.list();
    expect(list.problems).toEqual([]);
    expect(list.items.map((i) => i.title).sort()).toEqual(HOSTILE.map(([what]) => what).sort());
    await again.close();
  });

  it('conversations: a name the disk already holds counts as taken', async () => {
    const library = await openConversationLibrary(dir);
    await writeFile(join(dir, 'conversations', 'stray.json'), 'not the library’s');
    const placed = await library.adopt(conversationWithId('stray', 'Stray'));
    expect(placed.renamed).toBe(true);
    await library.close();
  });

  it('documents: a hostile id from outside is given a new one, and a restart finds them all', async () => {
    const store = await openDocumentStore(dir);
    for (const [what, id] of HOSTILE) {
      const placed = await store.adopt(documentWithId(id, what));
      expect(placed.renamed).toBe(true);
      expect(isStorableId('document', placed.id)).toBe(true);
      await expect(store.get(id)).rejects.toMatchObject({ error: { code: 'not_found' } });
    }
    await store.flush();
    const again = await openDocumentStore(dir);
    expect(again.list().problems).toEqual([]);
    expect(
      again
        .list()
        .items.map((d) => d.name)
        .sort(),
    ).toEqual(HOSTILE.map(([what]) => what).sort());
  });

  it('uploads and media: a hostile id names no file', async () => {
    const files = await createFileStore(join(dir, 'files'));
    const media = await createMediaLibrary(join(dir, 'media'));
    for (const [, id] of HOSTILE) {
      expect(() => files.pathOf(id)).toThrow(/not a file id/);
      await expect(files.read(id)).rejects.toMatchObject({ error: { code: 'invalid_input' } });
      await expect(files.info(id)).rejects.toMatchObject({ error: { code: 'invalid_input' } });
      await expect(
        files.chunk({ uploadId: id, offset: 0, bytes: new Uint8Array(1) }),
      ).rejects.toMatchObject({
        error: { code: 'not_found' },
      });
      expect(await media.resolve(id, 'full')).toBeNull();
      expect(media.find(id)).toBeNull();
    }
    await files.dispose();
    await media.flush();
  });
});
