// uploadFile: a Blob reaches core's file store whole in UPLOAD_CHUNK_BYTES chunks, with progress; abort and the size limit stop it.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileStore, type FileStore } from '../../../../../electron/core/library/files';
import { createRouter, type ChannelHandlers } from '../../../../../electron/core/router';
import { openMediaFeature } from '../../../../../electron/core/features/media/feature';
import type { FeatureContext } from '../../../../../electron/core/features/context';
import type { AtelierApi } from '../../../../../shared/channels';
import { connectPlatform } from '../../../../../renderer/src/platform';
import { uploadFile } from '../../../../../renderer/src/common/upload';
import { UPLOAD_CHUNK_BYTES } from '../../../../../shared/upload-limits';

let dir: string;
let files: FileStore;
const calls: Array<{ channel: string; offset?: number }> = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-upload-'));
  files = await createFileStore(dir);
  calls.length = 0;
  const { handlers } = await openMediaFeature({ files } as unknown as FeatureContext);
  const router = createRouter(handlers as unknown as ChannelHandlers);
  const api = {
    platform: 'web',
    invoke: (channel: string, input: unknown) => {
      calls.push({ channel, offset: (input as { offset?: number }).offset });
      return router.invoke(channel, input);
    },
    on: () => () => undefined,
  } as unknown as AtelierApi;
  (globalThis as { window?: unknown }).window = { atelier: api };
  await connectPlatform(0);
});

afterEach(async () => {
  await files.dispose();
  delete (globalThis as { window?: unknown }).window;
  await rm(dir, { recursive: true, force: true });
});

describe('uploadFile', () => {
  it('sends a blob of two and a half chunks in three ordered chunks and reports progress', async () => {
    const chunk = UPLOAD_CHUNK_BYTES;
    const bytes = Buffer.alloc(2.5 * chunk);
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 7) % 256;
    const progress: number[] = [];
    const stored = await uploadFile(new Blob([bytes], { type: 'application/octet-stream' }), {
      name: 'data.bin',
      onProgress: (sent) => progress.push(sent),
    });
    if (!stored.ok) throw new Error(stored.error.message);
    expect(stored.data).toMatchObject({ name: 'data.bin', size: bytes.length });
    expect(Buffer.compare(await files.read(stored.data.fileId), bytes)).toBe(0);
    expect(calls.filter((c) => c.channel === 'files.chunk').map((c) => c.offset)).toEqual([
      0,
      chunk,
      2 * chunk,
    ]);
    expect(progress).toEqual([0, chunk, 2 * chunk, bytes.length]);
  });

  it('cancels in core when aborted, leaving no partial file', async () => {
    const controller = new AbortController();
    const answer = await uploadFile(new Blob([Buffer.alloc(3 * 1024 * 1024, 1)]), {
      name: 'big.bin',
      signal: controller.signal,
      onProgress: (sent) => {
        if (sent > 0) controller.abort();
      },
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(calls.map((c) => c.channel)).toContain('files.cancel');
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a file over the app limit before sending anything', async () => {
    const huge = { size: 300 * 1024 * 1024, type: '', slice: () => new Blob() } as unknown as Blob;
    const answer = await uploadFile(huge, { name: 'movie.mp4' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(calls).toEqual([]);
  });
});
