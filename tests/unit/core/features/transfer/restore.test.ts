// Restoring hostile archives: paths that leave the folder, links, zip bombs and unknown entries are skipped and reported, and a backup that asks for more memory than core has is read one entry at a time or refused.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import type { TransferReport } from '../../../../../shared/transfer';
import type { ConversationList } from '../../../../../shared/types';
import {
  isSymlinkEntry,
  restoreBackup,
  unsafeEntryName,
} from '../../../../../electron/core/features/transfer/restore';
import { ServiceError } from '../../../../../electron/core/service/errors';
import { openCore } from '../../simulated-core';
import { openLibrary } from './library-deps';
import {
  conversation,
  type Entry,
  manifest,
  restoreInto,
  scratch,
  zipOf,
} from './restore-archives';

/** yazl refuses to write a path that climbs out, so a same-length placeholder is swapped in after. */
function withName(archive: Buffer, placeholder: string, hostile: string): Buffer {
  expect(hostile.length).toBe(placeholder.length);
  let text = archive.toString('latin1');
  text = text.split(placeholder).join(hostile);
  return Buffer.from(text, 'latin1');
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
    // The same bytes in 64 KB chunks: 4 KB ones made building the archive take 16 s of CPU (each
    // chunk its own trip through yazl's checksum and zlib), 64 KB ones 5 s.
    const chunk = Buffer.concat(Array.from({ length: 16 }, () => block));
    return Readable.from(
      (function* () {
        yield Buffer.from(`${head},"pad":"`);
        for (let i = 0; i + 16 <= blocks; i += 16) yield chunk;
        for (let i = blocks - (blocks % 16); i < blocks; i++) yield block;
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
