// The media library: add, list newest first, thumbnails, delete with every file, an index rebuilt from sidecars.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Jimp } from 'jimp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMediaLibrary } from '../../../../electron/core/library/media';
import { openRecovery, REASON_SUFFIX } from '../../../../electron/core/library/recovery';
import { DAMAGES, damage } from '../damage';

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
  it('adds a picture with its size and a 256 px JPEG thumbnail, and resolves both', async () => {
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
    expect(thumb?.mime).toBe('image/jpeg');
    expect(thumb?.path.endsWith('.thumb.jpg')).toBe(true);
    const decoded = await Jimp.read(await readFile(thumb?.path ?? ''));
    expect([decoded.width, decoded.height]).toEqual([256, 128]);
    const full = await media.resolve(item.id, 'full');
    expect(full).toMatchObject({ mime: 'image/png', size: item.size });
    expect(full?.path.startsWith(join(dir, 'image'))).toBe(true);
  });

  it('still serves the PNG thumbnail of a library written before thumbnails were JPEG', async () => {
    const before = await createMediaLibrary(dir);
    const item = await before.add({
      kind: 'image',
      bytes: await png(600, 300),
      mime: 'image/png',
      title: 'older',
    });
    await before.flush();
    // What the earlier version left on disk: the same item, its thumbnail a PNG.
    const folder = join(dir, 'image');
    await rm(join(folder, `${item.id}.thumb.jpg`));
    const oldThumb = await png(256, 128);
    await writeFile(join(folder, `${item.id}.thumb.png`), oldThumb);
    const media = await createMediaLibrary(dir);
    const thumb = await media.resolve(item.id, 'thumb');
    expect(thumb).toMatchObject({ mime: 'image/png', size: oldThumb.byteLength });
    expect(thumb?.path.endsWith('.thumb.png')).toBe(true);
    await media.delete(item.id);
    expect((await readdir(folder)).filter((name) => name.startsWith(item.id))).toEqual([]);
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

  it('leaves files of names it never gives alone', async () => {
    const media = await createMediaLibrary(dir);
    await media.add({ kind: 'audio', bytes: WAV, mime: 'audio/wav', title: 'kept' });
    await media.flush();
    const foreign = [
      'notes.txt',
      'audio-zz-0123456789ab.wav.set-aside-2026',
      'image-zz-0123456789ab.png',
    ];
    for (const name of foreign) await writeFile(join(dir, 'audio', name), "not the library's");
    await createMediaLibrary(dir);
    expect(await readdir(join(dir, 'audio'))).toEqual(expect.arrayContaining(foreign));
  });
});

describe('media library with damaged files', () => {
  /** The app's layout: the library in <data>/media, what is set aside in <data>/recovered. */
  async function library() {
    const media = join(dir, 'media');
    await mkdir(media);
    const recovery = openRecovery(dir);
    return {
      media,
      recovery,
      open: () => createMediaLibrary(media, { recovery, now: ticking() }),
    };
  }

  describe.each(DAMAGES)('a sidecar %s', (how) => {
    it('with an unreadable index: the picture stays, under a record made from its bytes, and the sidecar is set aside and told', async () => {
      const { media, recovery, open } = await library();
      const first = await open();
      const bytes = await png(600, 300);
      const hit = await first.add({ kind: 'image', bytes, mime: 'image/png', title: 'hit' });
      const kept = await first.add({
        kind: 'image',
        bytes: await png(20, 20),
        mime: 'image/png',
        title: 'kept',
      });
      await first.flush();
      const folder = join(media, 'image');
      const damaged = await damage(join(folder, `${hit.id}.json`), how);
      await writeFile(join(folder, 'index.json'), '{"version":1,"items":[{"id":');

      const reopened = await open();
      expect(
        reopened
          .list('image')
          .items.map((item) => item.id)
          .sort(),
      ).toEqual([hit.id, kept.id].sort());
      expect(reopened.get(kept.id).title).toBe('kept');
      expect(reopened.get(hit.id)).toMatchObject({
        id: hit.id,
        kind: 'image',
        mime: 'image/png',
        size: bytes.byteLength,
        width: 600,
        height: 300,
        hasThumb: true,
        createdAt: hit.createdAt,
      });
      expect(await reopened.read(hit.id)).toEqual(bytes);
      expect((await reopened.resolve(hit.id, 'thumb'))?.mime).toBe('image/jpeg');

      const [aside, ...more] = recovery.items();
      expect(more).toEqual([]);
      expect(aside).toMatchObject({ file: `media/image/${hit.id}.json` });
      expect(aside?.reason).toMatch(/record of a picture .* was damaged/);
      expect(aside?.movedTo).toMatch(/^recovered\//);
      expect(await readFile(join(dir, aside!.movedTo!))).toEqual(damaged);
      expect(existsSync(join(dir, aside!.movedTo! + REASON_SUFFIX))).toBe(true);

      // The new record is on disk: the next start needs nothing recovered.
      await reopened.flush();
      const again = await open();
      expect(again.get(hit.id).size).toBe(bytes.byteLength);
      expect(recovery.items()).toHaveLength(1);
    });
  });

  it('sets the bytes aside with their damaged record when they are not what their name says', async () => {
    const { media, recovery, open } = await library();
    const first = await open();
    const hit = await first.add({ kind: 'audio', bytes: WAV, mime: 'audio/wav', title: 'hit' });
    const kept = await first.add({ kind: 'audio', bytes: WAV, mime: 'audio/wav', title: 'kept' });
    await first.flush();
    const folder = join(media, 'audio');
    await writeFile(join(folder, `${hit.id}.wav`), await png(10, 10));
    await damage(join(folder, `${hit.id}.json`), 'null');
    await rm(join(folder, 'index.json'));

    const reopened = await open();
    expect(reopened.list('audio').items.map((item) => item.title)).toEqual(['kept']);
    expect(reopened.get(kept.id).size).toBe(WAV.byteLength);
    const items = recovery.items();
    expect(items.map((item) => item.file).sort()).toEqual([
      `media/audio/${hit.id}.json`,
      `media/audio/${hit.id}.wav`,
    ]);
    for (const item of items) {
      expect(item.movedTo).toMatch(/^recovered\//);
      expect(existsSync(join(dir, item.movedTo!))).toBe(true);
      expect(existsSync(join(dir, item.movedTo! + REASON_SUFFIX))).toBe(true);
    }
    expect(await readdir(folder)).not.toContain(`${hit.id}.wav`);
  });

  it('takes the record from a readable index when only the sidecar is damaged', async () => {
    const { media, recovery, open } = await library();
    const first = await open();
    const hit = await first.add({ kind: 'audio', bytes: WAV, mime: 'audio/wav', title: 'hit' });
    await first.flush();
    await damage(join(media, 'audio', `${hit.id}.json`), 'garbled');
    const reopened = await open();
    expect(reopened.get(hit.id).title).toBe('hit');
    expect(recovery.items()).toEqual([]);
  });

  it.each(DAMAGES)('rebuilds an index %s from the sidecars and sets nothing aside', async (how) => {
    const { media, recovery, open } = await library();
    const first = await open();
    const one = await first.add({ kind: 'audio', bytes: WAV, mime: 'audio/wav', title: 'one' });
    const two = await first.add({ kind: 'audio', bytes: WAV, mime: 'audio/wav', title: 'two' });
    await first.flush();
    await damage(join(media, 'audio', 'index.json'), how);
    const reopened = await open();
    expect(reopened.list('audio').items.map((item) => [item.id, item.title])).toEqual([
      [two.id, 'two'],
      [one.id, 'one'],
    ]);
    expect(recovery.items()).toEqual([]);
  });
});
