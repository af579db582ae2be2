// The file store: chunked uploads checked (order, size, bytes), hashed while written, cancelled cleanly, stale parts removed.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileStore, type FileStore } from '../../../../electron/core/library/files';
import { openRecovery, REASON_SUFFIX } from '../../../../electron/core/library/recovery';
import type { StoredFile, UserError } from '../../../../shared/types';
import { DAMAGES, damage } from '../damage';

let dir: string;
let store: FileStore;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-files-'));
  store = await createFileStore(dir);
});

afterEach(async () => {
  await store.dispose();
  await rm(dir, { recursive: true, force: true });
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer\n%%EOF\n');

async function refusal(promise: Promise<unknown>): Promise<UserError> {
  const outcome = await promise.then(
    () => null,
    (e: unknown) => (e as { error: UserError }).error,
  );
  if (outcome === null) throw new Error('expected a refusal');
  return outcome;
}

describe('uploads', () => {
  it('assembles chunks in order, hashes them and sniffs the bytes', async () => {
    const bytes = Buffer.concat([PDF, Buffer.alloc(3000, 7)]);
    const { uploadId } = store.begin({
      name: 'paper.pdf',
      mime: 'application/pdf',
      size: bytes.length,
    });
    expect(await store.chunk({ uploadId, offset: 0, bytes: bytes.subarray(0, 1000) })).toEqual({
      received: 1000,
    });
    expect(await store.chunk({ uploadId, offset: 1000, bytes: bytes.subarray(1000) })).toEqual({
      received: bytes.length,
    });
    const stored = await store.finish(uploadId);
    expect(stored).toMatchObject({
      name: 'paper.pdf',
      mime: 'application/pdf',
      sniffedMime: 'application/pdf',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    expect(Buffer.compare(await store.read(stored.fileId), bytes)).toBe(0);
    expect(await store.info(stored.fileId)).toEqual(stored);
    expect(store.pathOf(stored.fileId).startsWith(dir)).toBe(true);
    expect((await readdir(dir)).some((name) => name.endsWith('.part'))).toBe(false);
  });

  it('tells a text file named .pdf by its bytes', async () => {
    const bytes = Buffer.from('just some notes');
    const { uploadId } = store.begin({
      name: 'fake.pdf',
      mime: 'application/pdf',
      size: bytes.length,
    });
    await store.chunk({ uploadId, offset: 0, bytes: bytes });
    expect((await store.finish(uploadId)).sniffedMime).toBeNull();
  });

  it('refuses a chunk that does not start where the last one ended', async () => {
    const { uploadId } = store.begin({ name: 'a.bin', mime: '', size: 10 });
    const error = await refusal(store.chunk({ uploadId, offset: 5, bytes: Buffer.alloc(5) }));
    expect(error.code).toBe('invalid_input');
    expect(error.details).toMatchObject({ offset: 5, received: 0 });
    await store.chunk({ uploadId, offset: 0, bytes: Buffer.alloc(5, 1) });
    // A repeat of the same chunk is refused too: nothing is written twice.
    expect(
      (await refusal(store.chunk({ uploadId, offset: 0, bytes: Buffer.alloc(5, 1) }))).code,
    ).toBe('invalid_input');
    await store.chunk({ uploadId, offset: 5, bytes: Buffer.alloc(5, 2) });
    const stored = await store.finish(uploadId);
    expect([...(await store.read(stored.fileId))]).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
  });

  it('refuses bytes beyond the declared size, and a finish before all arrived', async () => {
    const { uploadId } = store.begin({ name: 'a.bin', mime: '', size: 10 });
    const error = await refusal(store.chunk({ uploadId, offset: 0, bytes: Buffer.alloc(11) }));
    expect(error.code).toBe('invalid_input');
    expect(error.details).toMatchObject({ size: 10, received: 11 });
    await store.chunk({ uploadId, offset: 0, bytes: Buffer.alloc(6) });
    expect((await refusal(store.chunk({ uploadId, offset: 6, bytes: Buffer.alloc(5) }))).code).toBe(
      'invalid_input',
    );
    const early = await refusal(store.finish(uploadId));
    expect(early).toMatchObject({ code: 'invalid_input', details: { received: 6, size: 10 } });
  });

  it('refuses a chunk that is not bytes, an empty one, one over 1 MiB, and a file over the app limit', async () => {
    const { uploadId } = store.begin({ name: 'a.bin', mime: '', size: 2 * 1024 * 1024 });
    const notBytes = ['AAAA', [1, 2, 3], null, new ArrayBuffer(4)] as unknown as Uint8Array[];
    for (const bytes of [...notBytes, new Uint8Array(0), new Uint8Array(1024 * 1024 + 1)]) {
      expect((await refusal(store.chunk({ uploadId, offset: 0, bytes }))).code).toBe(
        'invalid_input',
      );
    }
    expect(() =>
      store.begin({ name: 'huge.mp4', mime: 'video/mp4', size: 201 * 1024 * 1024 }),
    ).toThrow(/at most/);
  });

  it('cancels: the partial file is removed and the upload is gone', async () => {
    const { uploadId } = store.begin({ name: 'a.bin', mime: '', size: 100 });
    await store.chunk({ uploadId, offset: 0, bytes: Buffer.alloc(40, 3) });
    expect((await readdir(dir)).filter((name) => name.endsWith('.part'))).toHaveLength(1);
    expect(await store.cancel(uploadId)).toEqual({ cancelled: true });
    expect(await readdir(dir)).toEqual([]);
    expect(
      (await refusal(store.chunk({ uploadId, offset: 40, bytes: Buffer.alloc(4) }))).code,
    ).toBe('not_found');
    expect(await store.cancel(uploadId)).toEqual({ cancelled: false });
  });

  it('removes partial uploads left by an earlier run when it opens', async () => {
    await writeFile(join(dir, 'upload-0123456789abcdef01234567.part'), 'half a file');
    await writeFile(join(dir, '.file-x.json.123.abcd.tmp'), '{');
    const reopened = await createFileStore(dir);
    expect(await readdir(dir)).toEqual([]);
    await reopened.dispose();
  });

  it('takes no path tricks for file ids', async () => {
    expect(() => store.pathOf('../../etc/passwd')).toThrow();
    expect((await refusal(store.read('file-../../x'))).code).toBe('invalid_input');
    expect((await refusal(store.info('file-0123456789abcdef01234567'))).code).toBe('not_found');
  });
});

describe('uploads with a damaged record', () => {
  async function upload(into: FileStore, name: string, bytes: Buffer): Promise<StoredFile> {
    const { uploadId } = into.begin({ name, mime: 'application/pdf', size: bytes.length });
    await into.chunk({ uploadId, offset: 0, bytes });
    return into.finish(uploadId);
  }

  it.each(DAMAGES)(
    'a record %s is set aside and told, its bytes kept, info says why, the others whole',
    async (how) => {
      // The app's layout: uploads in <data>/files, what is set aside in <data>/recovered.
      const files = join(dir, 'files');
      const first = await createFileStore(files);
      const hitBytes = Buffer.concat([PDF, Buffer.from('the hit')]);
      const hit = await upload(first, 'hit.pdf', hitBytes);
      const kept = await upload(first, 'kept.pdf', PDF);
      await first.dispose();
      const damaged = await damage(join(files, `${hit.fileId}.json`), how);

      const recovery = openRecovery(dir);
      const reopened = await createFileStore(files, { recovery });
      const [aside, ...more] = recovery.items();
      expect(more).toEqual([]);
      expect(aside).toMatchObject({ file: `files/${hit.fileId}.json` });
      expect(aside?.reason).toMatch(/record of an uploaded file .* was damaged/);
      expect(aside?.movedTo).toMatch(/^recovered\//);
      expect(await readFile(join(dir, aside!.movedTo!))).toEqual(damaged);
      expect(existsSync(join(dir, aside!.movedTo! + REASON_SUFFIX))).toBe(true);

      expect(await reopened.read(hit.fileId)).toEqual(hitBytes);
      const refused = await refusal(reopened.info(hit.fileId));
      expect(refused.code).toBe('storage');
      expect(refused.message).toMatch(/damaged, so Atelier set it aside \(recovered\//);
      expect(await reopened.info(kept.fileId)).toEqual(kept);
      await reopened.dispose();

      const again = await createFileStore(files, { recovery });
      expect((await refusal(again.info(hit.fileId))).message).toMatch(/record .* is missing/);
      expect(await again.read(hit.fileId)).toEqual(hitBytes);
      expect(recovery.items()).toHaveLength(1);
      await again.dispose();
    },
  );
});
