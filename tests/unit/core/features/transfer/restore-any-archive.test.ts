// Restoring any archive (property): whatever its names, bodies, links and declared sizes, a restore never throws unhandled and never writes outside the data folder.
import { once } from 'node:events';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { BACKUP_FORMAT } from '../../../../../shared/transfer';
import { ServiceError } from '../../../../../electron/core/service/errors';
import { makePng } from '../../../../e2e/files';
import { openLibrary } from './library-deps';
import { propertyParams } from './property-params';
import { conversation, restoreInto, scratch } from './restore-archives';

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
