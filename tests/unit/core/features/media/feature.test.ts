// The media feature's handlers: media.import keeps what the bytes really are, whatever the name says.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Jimp } from 'jimp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeatureContext, Host } from '../../../../../electron/core/features/context';
import { createFileStore } from '../../../../../electron/core/library/files';
import { createMediaLibrary } from '../../../../../electron/core/library/media';
import { openMediaFeature } from '../../../../../electron/core/features/media/feature';
import type { EventChannel } from '../../../../../shared/channels';
import type { UserError } from '../../../../../shared/types';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-media-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const png = (width: number, height: number): Promise<Buffer> =>
  new Jimp({ width, height, color: 0x228844ff }).getBuffer('image/png');

describe('media handlers', () => {
  async function context(host?: Host) {
    const events: Array<[EventChannel, unknown]> = [];
    const ctx = {
      files: await createFileStore(join(dir, 'files')),
      media: await createMediaLibrary(join(dir, 'media')),
      emit: (event: EventChannel, payload: unknown) => events.push([event, payload]),
      host,
    } as unknown as FeatureContext;
    return { ctx, events, handlers: (await openMediaFeature(ctx)).handlers };
  }

  async function upload(ctx: FeatureContext, name: string, bytes: Buffer) {
    const { uploadId } = ctx.files.begin({ name, mime: '', size: bytes.length });
    await ctx.files.chunk({ uploadId, offset: 0, bytes });
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

  it('hands media.saveAs to the host with the file, its type and a name from its title', async () => {
    const saveMedia = vi.fn<Host['saveMedia']>(async () => ({ saved: true }));
    const { ctx, handlers } = await context({
      openExternal: async () => false,
      saveMedia,
      confirmMcpCommand: async () => false,
      pickFile: async () => ({ path: null, canPick: false }),
    });
    const file = await upload(ctx, 'holiday.png', await png(30, 20));
    const item = await handlers['media.import']({ fileId: file.fileId, kind: 'image' });
    expect(await handlers['media.saveAs']({ id: item.id })).toEqual({ saved: true });
    const path = (await ctx.media.resolve(item.id, 'full'))!.path;
    expect(saveMedia).toHaveBeenCalledWith({ path, mime: 'image/png' }, 'holiday.png');

    saveMedia.mockRejectedValueOnce(new Error('Could not save to /nowhere: EACCES'));
    await expect(handlers['media.saveAs']({ id: item.id })).rejects.toMatchObject({
      error: { code: 'storage', message: 'Could not save to /nowhere: EACCES' },
    });
    await ctx.files.dispose();
  });
});
