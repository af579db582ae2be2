// The media library: add, list newest first, thumbnails, delete with every file, an index rebuilt from sidecars; media.import.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Jimp } from 'jimp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FeatureContext } from '../../electron/core/features/context';
import { createFileStore } from '../../electron/core/library/files';
import { createMediaLibrary } from '../../electron/core/library/media';
import { openMediaFeature } from '../../electron/core/features/media/feature';
import type { EventChannel } from '../../shared/channels';
import type { UserError } from '../../shared/types';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-media-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const png = (width: number, height: number): Promise<Buffer> =>
  new Jimp({ width, height, color: 0x228844ff }).getBuffer('image/png');
const WAV = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.alloc(4),
  Buffer.from('WAVEfmt '),
  Buffer.alloc(64),
]);

/** A clock that moves a second per call, so "newest first" is decided by the order of adding. */
function ticking(): () => Date {
  let t = Date.parse('2025-01-01T00:00:00Z');
  return () => new Date((t += 1000));
}

describe('media library', () => {
  it('adds a picture with its size and a 256 px PNG thumbnail, and resolves both', async () => {
    const media = await createMediaLibrary(dir);
    const item = await media.add({
      kind: 'image',
      bytes: await png(600, 300),
      mime: 'image/png',
      title: ' A field ',
      model: 'img-model',
      cost: '0.04',
      params: { prompt: 'a field', size: '600x300' },
    });
    expect(item).toMatchObject({
      kind: 'image',
      mime: 'image/png',
      title: 'A field',
      model: 'img-model',
      cost: '0.04',
      width: 600,
      height: 300,
      hasThumb: true,
    });
    const thumb = await media.resolve(item.id, 'thumb');
    expect(thumb?.mime).toBe('image/png');
    const decoded = await Jimp.read(await readFile(thumb?.path ?? ''));
    expect([decoded.width, decoded.height]).toEqual([256, 128]);
    const full = await media.resolve(item.id, 'full');
    expect(full).toMatchObject({ mime: 'image/png', size: item.size });
    expect(full?.path.startsWith(join(dir, 'image'))).toBe(true);
  });

  it('makes no thumbnail for a small picture and serves the full file for ?thumb', async () => {
    const media = await createMediaLibrary(dir);
    const item = await media.add({
      kind: 'image',
      bytes: await png(100, 50),
      mime: 'image/png',
      title: 'small',
    });
    expect(item.hasThumb).toBe(false);
    expect(await media.resolve(item.id, 'thumb')).toEqual(await media.resolve(item.id, 'full'));
  });

  it('lists each kind newest first with offset and limit', async () => {
    const media = await createMediaLibrary(dir, { now: ticking() });
    const added = [];
    for (const title of ['one', 'two', 'three']) {
      added.push(await media.add({ kind: 'audio', bytes: WAV, mime: 'audio/wav', title }));
    }
    await media.add({ kind: 'image', bytes: await png(10, 10), mime: 'image/png', title: 'pic' });
    expect(media.list('audio').items.map((item) => item.title)).toEqual(['three', 'two', 'one']);
    expect(media.list('audio', { offset: 1, limit: 1 })).toMatchObject({
      items: [{ title: 'two' }],
      total: 3,
    });
    expect(media.list('video')).toEqual({ items: [], total: 0 });
    expect(media.get(added[0]?.id ?? '').title).toBe('one');
  });

  it('keeps the sniffed type, and never a claimed type a page could run', async () => {
    const media = await createMediaLibrary(dir);
    const wav = await media.add({
      kind: 'audio',
      bytes: WAV,
      mime: 'audio/mpeg',
      title: 'mislabelled',
    });
    expect(wav.mime).toBe('audio/wav');
    const html = await media.add({
      kind: 'video',
      bytes: Buffer.from('<html><script>alert(1)</script>'),
      mime: 'text/html',
      title: 'sneaky',
    });
    expect(html.mime).toBe('application/octet-stream');
  });

  it('deletes the file, the thumbnail and the sidecar', async () => {
    const media = await createMediaLibrary(dir);
    const item = await media.add({
      kind: 'image',
      bytes: await png(400, 400),
      mime: 'image/png',
      title: 'gone',
    });
    const keep = await media.add({
      kind: 'image',
      bytes: await png(20, 20),
      mime: 'image/png',
      title: 'kept',
    });
    expect(
      (await readdir(join(dir, 'image'))).filter((name) => name.startsWith(item.id)),
    ).toHaveLength(3);
    await media.delete(item.id);
    expect((await readdir(join(dir, 'image'))).filter((name) => name.startsWith(item.id))).toEqual(
      [],
    );
    expect(await media.resolve(item.id, 'full')).toBeNull();
    expect(() => media.get(item.id)).toThrow(/not in the library/);
    expect(media.list('image').items.map((other) => other.id)).toEqual([keep.id]);
    await media.flush();
    const reopened = await createMediaLibrary(dir);
    expect(reopened.list('image').items.map((other) => other.id)).toEqual([keep.id]);
  });

  it('rebuilds a corrupt index from the sidecars', async () => {
    const media = await createMediaLibrary(dir, { now: ticking() });
    const first = await media.add({ kind: 'audio', bytes: WAV, mime: 'audio/wav', title: 'first' });
    const second = await media.add({
      kind: 'audio',
      bytes: WAV,
      mime: 'audio/wav',
      title: 'second',
    });
    await media.flush();
    await writeFile(join(dir, 'audio', 'index.json'), '{"version":1,"items":[{"id":');
    const reopened = await createMediaLibrary(dir);
    expect(reopened.list('audio').items.map((item) => item.id)).toEqual([second.id, first.id]);
    await reopened.flush();
    const index = JSON.parse(await readFile(join(dir, 'audio', 'index.json'), 'utf8')) as {
      items: unknown[];
    };
    expect(index.items).toHaveLength(2);
  });

  it('picks up an item whose index write was lost and removes files no sidecar claims', async () => {
    const media = await createMediaLibrary(dir);
    const item = await media.add({ kind: 'audio', bytes: WAV, mime: 'audio/wav', title: 'late' });
    await media.flush();
    await writeFile(join(dir, 'audio', 'index.json'), JSON.stringify({ version: 1, items: [] }));
    await writeFile(join(dir, 'audio', 'audio-zz-0123456789ab.wav'), 'left by a crash mid-add');
    const reopened = await createMediaLibrary(dir);
    expect(reopened.list('audio').items.map((other) => other.id)).toEqual([item.id]);
    expect(await readdir(join(dir, 'audio'))).not.toContain('audio-zz-0123456789ab.wav');
  });

  it('resolves nothing for ids with path tricks or of unknown items', async () => {
    const media = await createMediaLibrary(dir);
    for (const id of ['../../etc/passwd', 'image-..-0123456789ab', 'image-abc-0123456789ab', '']) {
      expect(await media.resolve(id, 'full')).toBeNull();
    }
  });
});

describe('media handlers', () => {
  async function context() {
    const events: Array<[EventChannel, unknown]> = [];
    const ctx = {
      files: await createFileStore(join(dir, 'files')),
      media: await createMediaLibrary(join(dir, 'media')),
      emit: (event: EventChannel, payload: unknown) => events.push([event, payload]),
    } as unknown as FeatureContext;
    return { ctx, events, handlers: (await openMediaFeature(ctx)).handlers };
  }

  async function upload(ctx: FeatureContext, name: string, bytes: Buffer) {
    const { uploadId } = ctx.files.begin({ name, mime: '', size: bytes.length });
    await ctx.files.chunk({ uploadId, offset: 0, base64: bytes.toString('base64') });
    return ctx.files.finish(uploadId);
  }

  it('imports an uploaded picture into the library and tells the page', async () => {
    const { ctx, events, handlers } = await context();
    const file = await upload(ctx, 'holiday.png', await png(300, 200));
    const item = await handlers['media.import']({ fileId: file.fileId, kind: 'image' });
    expect(item).toMatchObject({
      kind: 'image',
      title: 'holiday',
      mime: 'image/png',
      hasThumb: true,
    });
    expect(events).toEqual([['media.changed', { kind: 'image' }]]);
    expect(await handlers['media.list']({ kind: 'image' })).toMatchObject({ total: 1 });
    await handlers['media.delete']({ id: item.id });
    expect(events.at(-1)).toEqual(['media.changed', { kind: 'image' }]);
    await ctx.files.dispose();
  });

  it('refuses a file whose bytes are not of the kind, whatever its name says', async () => {
    const { ctx, handlers } = await context();
    const file = await upload(ctx, 'photo.png', Buffer.from('%PDF-1.4 not a photo'));
    const error = await Promise.resolve(
      handlers['media.import']({ fileId: file.fileId, kind: 'image' }),
    ).then(
      () => null,
      (e: unknown) => (e as { error: UserError }).error,
    );
    expect(error?.code).toBe('invalid_input');
    expect(error?.message).toMatch(/"photo.png" is not a picture/);
    expect(ctx.media.list('image').total).toBe(0);
    await ctx.files.dispose();
  });
});
