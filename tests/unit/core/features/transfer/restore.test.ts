// Restoring hostile archives: paths that leave the folder, links, zip bombs and unknown entries are skipped and reported; the rest is restored, once however often and wherever it is cut short.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { BACKUP_FORMAT, type TransferReport } from '../../../../../shared/transfer';
import type { Conversation, ConversationList } from '../../../../../shared/types';
import { writeBackup } from '../../../../../electron/core/features/transfer/backup';
import type { PlacingDeps } from '../../../../../electron/core/features/transfer/placing';
import {
  isSymlinkEntry,
  restoreBackup,
  unsafeEntryName,
} from '../../../../../electron/core/features/transfer/restore';
import { ServiceError } from '../../../../../electron/core/service/errors';
import { makePng } from '../../../../e2e/files';
import { openCore } from '../../simulated-core';
import { openLibrary, type OpenedLibrary } from './library-deps';
import { propertyParams } from './property-params';

interface Entry {
  name: string;
  body: Buffer | string;
  mode?: number;
}

async function zipOf(entries: Entry[]): Promise<Buffer> {
  const zip = new ZipFile();
  const parts: Buffer[] = [];
  zip.outputStream.on('data', (chunk: Buffer) => parts.push(chunk));
  const ended = once(zip.outputStream, 'end');
  for (const entry of entries) {
    zip.addBuffer(Buffer.from(entry.body), entry.name, entry.mode ? { mode: entry.mode } : {});
  }
  zip.end();
  await ended;
  return Buffer.concat(parts);
}

/** yazl refuses to write a path that climbs out, so a same-length placeholder is swapped in after. */
function withName(archive: Buffer, placeholder: string, hostile: string): Buffer {
  expect(hostile.length).toBe(placeholder.length);
  let text = archive.toString('latin1');
  text = text.split(placeholder).join(hostile);
  return Buffer.from(text, 'latin1');
}

const manifest = {
  name: 'manifest.json',
  body: JSON.stringify({ format: BACKUP_FORMAT, version: 1 }),
};

function conversation(id: string, title: string): Conversation {
  const at = '2026-01-01T00:00:00.000Z';
  return {
    version: 2,
    id,
    title,
    pinned: false,
    createdAt: at,
    updatedAt: at,
    model: 'openai/gpt-4o-mini',
    messageCount: 1,
    systemPrompt: '',
    temperature: null,
    maxTokens: null,
    contextStart: 0,
    messages: [{ id: 'm1', role: 'user', content: 'Hello', createdAt: at, status: 'done' }],
  };
}

describe('entry names', () => {
  it('calls absolute, drive, backslash and climbing paths unsafe', () => {
    expect(unsafeEntryName('conversations/a.json')).toBeNull();
    expect(unsafeEntryName('../evil.json')).toMatch(/relative/);
    expect(unsafeEntryName('conversations/../../evil.json')).toMatch(/relative/);
    expect(unsafeEntryName('/etc/passwd')).toMatch(/absolute/);
    expect(unsafeEntryName('C:/Windows/evil')).toMatch(/absolute/);
    expect(unsafeEntryName('media\\..\\evil')).toMatch(/backslash/);
    expect(unsafeEntryName('a//b')).toMatch(/relative/);
    expect(unsafeEntryName('a/\u0000b')).toMatch(/control/);
    expect(isSymlinkEntry({ externalFileAttributes: (0o120777 << 16) >>> 0 })).toBe(true);
    expect(isSymlinkEntry({ externalFileAttributes: (0o100644 << 16) >>> 0 })).toBe(false);
  });
});

describe('restoring hostile archives', () => {
  async function restore(archive: Buffer) {
    const opened = await openCore();
    const file = await opened.upload('backup.zip', 'application/zip', archive);
    const answer = await opened.attempt<TransferReport>('transfer.restore', {
      fileId: file.fileId,
      jobId: 'job',
    });
    return { ...opened, answer };
  }

  it('skips climbing paths, links, bombs and unknown entries, and restores the rest', async () => {
    const good = conversation('good-one', 'Kept');
    const archive = withName(
      await zipOf([
        { name: 'conversations/good-one.json', body: JSON.stringify(good) },
        {
          name: 'XX/XX/conversations/evil.json',
          body: JSON.stringify(conversation('evil', 'Evil')),
        },
        { name: 'conversations/link.json', body: '/etc/passwd', mode: 0o120777 },
        { name: 'media/image-abc-0123456789ab.png', body: Buffer.alloc(20 * 1024 * 1024) },
        { name: 'notes.txt', body: 'hello' },
        { name: 'conversations/bad.json', body: '{"version": 1, "id": 5}' },
        manifest,
      ]),
      'XX/XX/',
      '../../',
    );
    const { answer, call } = await restore(archive);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.data.conversations).toBe(1);
    expect(answer.data.skipped).toEqual([
      { what: '../../conversations/evil.json', reason: 'unsafe-path' },
      { what: 'conversations/link.json', reason: 'unsafe-path' },
      { what: 'media/image-abc-0123456789ab.png', reason: 'too-large' },
      { what: 'notes.txt', reason: 'unknown-entry' },
      { what: 'a conversation', reason: 'malformed' },
    ]);
    const list = await call<ConversationList>('conversations.list');
    expect(list.items.map((i) => i.title)).toEqual(['Kept']);
  }, 30_000);

  it('refuses an archive without the manifest, restoring nothing', async () => {
    const archive = await zipOf([
      { name: 'conversations/x.json', body: JSON.stringify(conversation('x', 'X')) },
    ]);
    const { answer, call } = await restore(archive);
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(!answer.ok && answer.error.message).toMatch(/not an Atelier backup/);
    expect((await call<ConversationList>('conversations.list')).items).toEqual([]);
  });

  it('refuses prototype keys inside an entry', async () => {
    const archive = await zipOf([
      { name: 'conversations/x.json', body: '{"__proto__": {"polluted": true}}' },
      manifest,
    ]);
    const { answer } = await restore(archive);
    expect(answer.ok && answer.data.skipped).toEqual([
      { what: 'conversations/x.json', reason: 'malformed' },
    ]);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('a backup that asks for more memory than core has', () => {
  /**
   * `megabytes` of JSON text, streamed: a 4 KB block of letters over and over compresses about
   * 150 to 1, under the 200 that marks a zip bomb, so every entry is within the per-entry limits.
   */
  function paddedJson(head: string, megabytes: number): Readable {
    let x = 7;
    const block = Buffer.alloc(4096);
    for (let i = 0; i < block.length; i++) {
      x = (x * 1103515245 + 12345) >>> 0;
      block[i] = 97 + ((x >>> 16) % 26);
    }
    const blocks = Math.floor((megabytes * 1024 * 1024) / block.length);
    return Readable.from(
      (function* () {
        yield Buffer.from(`${head},"pad":"`);
        for (let i = 0; i < blocks; i++) yield block;
        yield Buffer.from('"}');
      })(),
    );
  }

  /**
   * The most heap and buffer memory this process held while `work` ran, over what it held before.
   * `collect` runs a full collection at each step of the work (its progress), so what is measured
   * is what the restore holds, not garbage a lazy collector has not reached yet.
   */
  async function peakGrowth<T>(work: (collect: () => void) => Promise<T>) {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const held = () => {
      const { heapUsed, external } = process.memoryUsage();
      return heapUsed + external;
    };
    gc();
    const before = held();
    let peak = before;
    const sample = () => {
      peak = Math.max(peak, held());
    };
    const sampler = setInterval(sample, 20);
    try {
      const result = await work(() => {
        sample();
        gc();
      });
      sample();
      return { result, growthMb: (peak - before) / 1e6 };
    } finally {
      clearInterval(sampler);
    }
  }

  it('reads 48 conversations of 30 MB one at a time: the heap stays bounded and the report says what it skipped', async () => {
    const root = await scratch();
    try {
      const archive = join(root, 'backup.zip');
      const zip = new ZipFile();
      const written = once(zip.outputStream.pipe(createWriteStream(archive)), 'close');
      zip.addBuffer(Buffer.from(manifest.body), manifest.name);
      zip.addBuffer(
        Buffer.from(JSON.stringify(conversation('kept', 'Kept'))),
        'conversations/kept.json',
      );
      for (let i = 0; i < 48; i++) {
        // A conversation's title with 30 MB beside it, and no messages: not one the app keeps.
        zip.addReadStream(
          paddedJson(`{"id":"big-${i}","title":"Padded ${i}"`, 30),
          `conversations/big-${i}.json`,
        );
      }
      zip.end();
      await written;
      expect((await stat(archive)).size).toBeLessThan(20e6);

      const library = await openLibrary(join(root, 'data'));
      try {
        const { result: report, growthMb } = await peakGrowth((collect) =>
          restoreBackup(archive, library.deps, {
            stagingDir: join(library.dir, 'transfer', 'restore-test'),
            onProgress: collect,
          }),
        );
        expect(report.conversations).toBe(1);
        expect(report.skipped).toEqual(
          Array.from({ length: 48 }, (_, i) => ({ what: `Padded ${i}`, reason: 'malformed' })),
        );
        // Held together, the 48 entries' text alone is 1,440 MB; one at a time, one entry's worth.
        expect(growthMb).toBeLessThan(300);
        expect(library.deps.conversations.list().items.map((i) => i.title)).toEqual(['Kept']);
      } finally {
        await library.close();
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 300_000);

  it('refuses, before unpacking anything, an archive whose JSON comes to more than 4 GB', async () => {
    const entries: Entry[] = [manifest];
    for (let i = 0; i < 48; i++) {
      entries.push({
        name: `conversations/big-${i}.json`,
        body: JSON.stringify(conversation(`big-${i}`, 'Big')),
      });
    }
    const archive = await zipOf(entries);
    // Each conversation's entry declares 100 MB, packed to 1 MB: each within every per-entry limit.
    const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    let at = archive.readUInt32LE(end + 16);
    for (let i = 0; i < entries.length; i++) {
      const nameLength = archive.readUInt16LE(at + 28);
      if (archive.toString('latin1', at + 46, at + 46 + nameLength).startsWith('conversations/')) {
        archive.writeUInt32LE(1_000_000, at + 20);
        archive.writeUInt32LE(100_000_000, at + 24);
      }
      at += 46 + nameLength + archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
    }
    const root = await scratch();
    try {
      const path = join(root, 'backup.zip');
      await writeFile(path, archive);
      const library = await openLibrary(join(root, 'data'));
      try {
        const refusal = await restoreInto(library, path).catch((e: unknown) => e);
        expect(refusal).toBeInstanceOf(ServiceError);
        expect((refusal as ServiceError).error).toMatchObject({
          code: 'invalid_input',
          message:
            'The conversations and other records in this archive come to more than 4 GB; a backup may hold at most that, so nothing was restored.',
        });
        expect(library.deps.conversations.list().total).toBe(0);
      } finally {
        await library.close();
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

/** Every path under `dir`, relative, sorted (folders end with /). */
async function tree(dir: string): Promise<string[]> {
  const found: string[] = [];
  const pending = [''];
  for (let rel = pending.pop(); rel !== undefined; rel = pending.pop()) {
    for (const entry of await readdir(join(dir, rel), { withFileTypes: true })) {
      const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        found.push(`${path}/`);
        pending.push(path);
      } else found.push(path);
    }
  }
  return found.sort();
}

async function scratch(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'atelier-restore-'));
}

/** Restores as the feature does, staging in the data folder's transfer/ folder. */
function restoreInto(library: OpenedLibrary, archive: string, deps: PlacingDeps = library.deps) {
  return restoreBackup(archive, deps, {
    stagingDir: join(library.dir, 'transfer', 'restore-test'),
    onProgress: () => undefined,
  });
}

const addedBy = (r: TransferReport) => r.conversations + r.media + r.files + r.documents;

describe('restoring any archive (property)', () => {
  /** Names that climb out, are absolute, use backslashes or control characters: all hold EVIL. */
  const hostileName = fc.constantFrom(
    '../EVIL.json',
    '../../conversations/EVIL.json',
    'conversations/../../../EVIL.json',
    '/tmp/EVIL.json',
    'C:/EVIL.json',
    'media\\..\\..\\EVIL.png',
    'conversations\\EVIL.json',
    'a//EVIL.json',
    'x/\u0001EVIL.json',
    './EVIL.json',
  );
  const validName = fc.constantFrom(
    'manifest.json',
    'conversations/c-1.json',
    'conversations/c-2.json',
    'media/image-abc-0123456789ab.json',
    'media/image-abc-0123456789ab.png',
    'files/file-000000000000000000000001.json',
    'files/file-000000000000000000000001.bin',
    'documents/doc-1.json',
    'notes.txt',
  );
  const at = '2026-01-01T00:00:00.000Z';
  const json = (value: unknown) => fc.constant(Buffer.from(JSON.stringify(value)));
  const body = fc.oneof(
    fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
    json({ format: BACKUP_FORMAT, version: 1 }),
    json(conversation('c-1', 'One')),
    json({ ...conversation('c-2', 'Two'), folderId: 'gone' }),
    json({ id: 'image-abc-0123456789ab', kind: 'image', mime: 'image/png', title: 'dot' }),
    fc.constant(makePng(4, 4)),
    json({ fileId: 'file-000000000000000000000001', name: 'a.txt', mime: 'text/plain' }),
    json({ id: 'doc-1', name: 'd', text: 't', createdAt: at, decisions: [] }),
    fc.jsonValue({ maxDepth: 3 }).map((v) => Buffer.from(JSON.stringify(v) ?? 'null')),
    fc.constant(Buffer.from('{"__proto__": {"polluted": true}}')),
  );
  const entry = fc.record({
    name: fc.oneof(validName, hostileName, fc.string({ minLength: 1, maxLength: 20 })),
    body,
    compress: fc.boolean(),
    link: fc.boolean(),
    // A size the headers declare instead of the true one: a lie small or huge.
    declared: fc.oneof(
      { weight: 12, arbitrary: fc.constant(null) },
      fc.constantFrom(0, 1, 0xfffffff0, 70_000_000, 2_000_000_000),
    ),
  });

  /** A zip of the entries: names yazl refuses go in under a placeholder of the same length, swapped after. */
  async function hostileZip(
    entries: Array<{
      name: string;
      body: Buffer;
      compress: boolean;
      link: boolean;
      declared: number | null;
    }>,
  ): Promise<Buffer> {
    const zip = new ZipFile();
    const parts: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => parts.push(chunk));
    const ended = once(zip.outputStream, 'end');
    const swaps: Array<[string, string]> = [];
    /** The declared size of each entry added, in the archive's order. */
    const declared: Array<number | null> = [];
    entries.forEach((e, i) => {
      const options = { compress: e.compress, ...(e.link ? { mode: 0o120777 } : {}) };
      try {
        if (e.name.includes('\\')) throw new Error('yazl would turn it into a slash');
        zip.addBuffer(e.body, e.name, options);
      } catch {
        const length = Buffer.byteLength(e.name);
        if (length < 8) return;
        const placeholder = `Q${i.toString(36)}Q`.padEnd(length, 'q');
        zip.addBuffer(e.body, placeholder, options);
        swaps.push([placeholder, Buffer.from(e.name).toString('latin1')]);
      }
      declared.push(e.declared);
    });
    zip.end();
    await ended;
    let text = Buffer.concat(parts).toString('latin1');
    for (const [placeholder, name] of swaps) text = text.split(placeholder).join(name);
    const archive = Buffer.from(text, 'latin1');
    // Lying sizes, in the central directory (offset 24) and the entry's local header (offset 22).
    const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    let at = archive.readUInt32LE(end + 16);
    for (const size of declared) {
      const local = archive.readUInt32LE(at + 42);
      if (size !== null) {
        archive.writeUInt32LE(size, at + 24);
        archive.writeUInt32LE(size, local + 22);
      }
      const lengths = [28, 30, 32].map((offset) => archive.readUInt16LE(at + offset));
      at += 46 + lengths.reduce((a, b) => a + b, 0);
    }
    return archive;
  }

  it('never throws unhandled and never writes outside the data folder', async () => {
    const outcomes = { restored: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(entry, { maxLength: 8 }), async (manifest, rest) => {
        const root = await scratch();
        const entries = manifest
          ? [
              {
                name: 'manifest.json',
                body: Buffer.from(JSON.stringify({ format: BACKUP_FORMAT, version: 1 })),
                compress: true,
                link: false,
                declared: null,
              },
              ...rest,
            ]
          : rest;
        const outside = join(root, 'outside');
        await mkdir(outside);
        const archive = join(outside, 'backup.zip');
        await writeFile(archive, await hostileZip(entries));
        const library = await openLibrary(join(root, 'data'));
        try {
          const before = await tree(outside);
          try {
            const report = await restoreInto(library, archive);
            expect(library.deps.conversations.list().total).toBe(report.conversations);
            outcomes.restored += 1;
          } catch (e) {
            expect(e).toBeInstanceOf(ServiceError);
            outcomes.refused += 1;
          }
          await library.close();
          expect(await tree(outside)).toEqual(before);
          expect((await readdir(root)).sort()).toEqual(['data', 'outside']);
          expect((await tree(root)).filter((path) => /EVIL/.test(path))).toEqual([]);
          expect(await readdir(join(root, 'data', 'transfer')).catch(() => [])).toEqual([]);
          expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
        } finally {
          await library.close();
          await rm(root, { recursive: true, force: true });
        }
      }),
      propertyParams(60),
    );
    // The archives reach placement, not only the refusals before it.
    expect(outcomes.restored).toBeGreaterThan(0);
  }, 120_000);
});

describe('restoring a backup again, whole or after a crash (property)', () => {
  const text = fc.string({ maxLength: 12 });
  /** A library: pictures (by side, so some are the same bytes), uploads, documents, conversations using them. */
  const libraryContent = fc.record({
    pictures: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
    uploads: fc.array(fc.constantFrom('a', 'b', 'hello'), { maxLength: 3 }),
    documents: fc.array(fc.constantFrom('minutes', 'notes'), { maxLength: 2 }),
    conversations: fc.array(
      fc.record({ title: text, question: text, uses: fc.nat(), pinned: fc.boolean() }),
      { maxLength: 4 },
    ),
  });
  /** The crash: before or after the n-th item written. */
  const crash = fc.record({ at: fc.nat(12), after: fc.boolean() });

  type Content = typeof libraryContent extends fc.Arbitrary<infer T> ? T : never;

  async function fill(library: OpenedLibrary, content: Content): Promise<void> {
    const { conversations, files, media, documents } = library.deps;
    const mediaIds: string[] = [];
    for (const side of content.pictures) {
      const item = await media.add({
        kind: 'image',
        bytes: makePng(side, side),
        mime: 'image/png',
        title: `${side}`,
      });
      mediaIds.push(item.id);
    }
    const fileIds: string[] = [];
    for (const body of content.uploads) {
      const bytes = Buffer.from(body);
      const { uploadId } = files.begin({
        name: `${body}.txt`,
        mime: 'text/plain',
        size: bytes.length,
      });
      await files.chunk({ uploadId, offset: 0, bytes });
      fileIds.push((await files.finish(uploadId)).fileId);
    }
    const documentIds: string[] = [];
    for (const [i, body] of content.documents.entries()) {
      const at = '2026-01-01T00:00:00.000Z';
      const placed = await documents.adopt({
        id: `doc-${i}`,
        name: body,
        mime: 'application/pdf',
        size: body.length,
        mode: 'extract',
        model: null,
        createdAt: at,
        pageCount: 1,
        tokens: 1,
        cost: null,
        decisionCount: 0,
        origin: 'chat',
        text: body,
        pages: null,
        badImages: 0,
        decisions: [],
      });
      documentIds.push(placed.id);
    }
    for (const [i, c] of content.conversations.entries()) {
      const attachments = [];
      const mediaId = mediaIds[c.uses % (mediaIds.length || 1)];
      const fileId = fileIds[c.uses % (fileIds.length || 1)];
      const documentId = documentIds[c.uses % (documentIds.length || 1)];
      if (mediaId)
        attachments.push({
          kind: 'image' as const,
          mediaId,
          name: 'p.png',
          mime: 'image/png',
          size: 1,
          tokens: 1,
        });
      if (fileId)
        attachments.push({
          kind: 'image' as const,
          fileId,
          name: 'f.txt',
          mime: 'text/plain',
          size: 1,
          tokens: 1,
        });
      if (documentId)
        attachments.push({
          kind: 'document' as const,
          documentId,
          name: 'd.pdf',
          mime: 'application/pdf',
          size: 1,
          tokens: 1,
        });
      const base = conversation(`conv-${i}`, c.title);
      await conversations.adopt({
        ...base,
        pinned: c.pinned,
        messages: [{ ...base.messages[0]!, content: c.question, attachments }],
      });
    }
  }

  async function counts(library: OpenedLibrary) {
    const { conversations, files, media, documents } = library.deps;
    return {
      conversations: conversations.list().total,
      media: media.list('image').total,
      files: (await files.list()).length,
      documents: documents.list().items.length,
    };
  }

  /** The same libraries, but the process "dies" before or after its n-th item written. */
  function dyingAt(deps: PlacingDeps, { at, after }: { at: number; after: boolean }): PlacingDeps {
    let written = 0;
    const write =
      <A extends unknown[], R>(real: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        written += 1;
        if (written === at + 1 && !after) throw new Error('killed');
        const result = await real(...args);
        if (written === at + 1) throw new Error('killed');
        return result;
      };
    return {
      ...deps,
      files: { ...deps.files, finish: write(deps.files.finish) },
      media: { ...deps.media, add: write(deps.media.add) },
      documents: { ...deps.documents, adopt: write(deps.documents.adopt) },
      conversations: { ...deps.conversations, adopt: write(deps.conversations.adopt) },
    };
  }

  it('adds each item once: restored twice, into its own library, or run again after a crash at any point', async () => {
    await fc.assert(
      fc.asyncProperty(libraryContent, crash, async (content, killed) => {
        const root = await scratch();
        const open: OpenedLibrary[] = [];
        const openAt = async (name: string) => {
          const library = await openLibrary(join(root, name));
          open.push(library);
          return library;
        };
        try {
          const source = await openAt('source');
          await fill(source, content);
          const archive = join(root, 'backup.zip');
          await writeBackup(archive, source.deps, () => undefined, '2026-01-01T00:00:00.000Z');
          expect(addedBy(await restoreInto(source, archive))).toBe(0);

          // Each distinct item once: pictures of one side, uploads and documents of one text are the same.
          const expected = {
            conversations: content.conversations.length,
            media: new Set(content.pictures).size,
            // A backup carries the uploads its conversations use.
            files: new Set(
              content.uploads.length === 0
                ? []
                : content.conversations.map(
                    (c) => content.uploads[c.uses % content.uploads.length],
                  ),
            ).size,
            documents: new Set(content.documents).size,
          };
          // A crash past the last item is none: then this is a restore into a fresh library.
          let cut = await openAt('cut');
          await restoreInto(cut, archive, dyingAt(cut.deps, killed)).catch((e: Error) => {
            expect(e.message).toBe('killed');
          });
          // The restart: the libraries are opened again on the same folder.
          await cut.close();
          cut = await openAt('cut');
          await restoreInto(cut, archive);
          expect(await counts(cut)).toEqual(expected);
          expect(addedBy(await restoreInto(cut, archive))).toBe(0);
          expect(await readdir(join(root, 'cut', 'transfer')).catch(() => [])).toEqual([]);
        } finally {
          for (const library of open) await library.close();
          await rm(root, { recursive: true, force: true });
        }
      }),
      propertyParams(10),
    );
  }, 180_000);

  it('removes at start the staging a restore killed midway left behind', async () => {
    const dir = await scratch();
    try {
      const staging = join(dir, 'transfer', 'restore-0123456789ab');
      await mkdir(staging, { recursive: true });
      await writeFile(join(staging, '1.bin'), 'half of a picture');
      const { core } = await openCore({ dataDir: dir });
      expect(await readdir(join(dir, 'transfer'))).toEqual([]);
      // Closed before its folder goes: an open core builds its word index there in the background.
      await core.dispose();
    } finally {
      await rm(dir, { recursive: true, force: true, maxRetries: 5 });
    }
  });
});
