// Media over real HTTP from the web host: at media/<key>/<id> with the key a page's bridge is told, 403 without it, 404s, Range 206, thumbnails.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Jimp } from 'jimp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Core, createCore } from '../../../../../electron/core/app';
import { parseByteRange } from '../../../../../electron/core/features/media/serving';
import { createJsonSettingsStore } from '../../../../../electron/core/features/settings/store';
import {
  createFileVault,
  createLocalKeyEncryptor,
} from '../../../../../electron/core/features/settings/vault';
import WebSocket from 'ws';
import { startWebServer, type WebServer } from '../../../../../dev/web-server';
import type { Envelope, MediaItem, StoredFile } from '../../../../../shared/types';

describe('parseByteRange', () => {
  it.each([
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-500', 100, { start: 0, end: 99 }],
    ['bytes=50-5000', 100, { start: 50, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=20-10', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=0-1,5-6', 100, null],
    ['items=0-1', 100, null],
    ['bytes=-', 100, null],
    [undefined, 100, null],
  ] as const)('%s of %i bytes -> %o', (header, size, expected) => {
    expect(parseByteRange(header, size)).toEqual(expected);
  });
});

describe('the web host serving media/<id>', () => {
  let dataDir: string;
  let rendererDir: string;
  let server: WebServer;
  let core: Core;
  let picture: MediaItem;
  let sound: MediaItem;
  let soundBytes: Buffer;

  async function call<T>(channel: string, input: unknown): Promise<T> {
    const answer = (await core.invoke(channel, input)) as Envelope<T>;
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
    return answer.data;
  }

  async function importBytes(name: string, bytes: Buffer, kind: 'image' | 'audio') {
    const { uploadId } = await call<{ uploadId: string }>('files.begin', {
      name,
      mime: '',
      size: bytes.length,
    });
    await call('files.chunk', { uploadId, offset: 0, bytes: bytes });
    const file = await call<StoredFile>('files.finish', { uploadId });
    return call<MediaItem>('media.import', { fileId: file.fileId, kind });
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'atelier-serve-'));
    rendererDir = join(dataDir, 'renderer');
    await mkdir(rendererDir);
    await writeFile(join(rendererDir, 'index.html'), '<!doctype html><html><head></head></html>');
    server = await startWebServer({
      host: '127.0.0.1',
      port: 0,
      rendererDir,
      log: () => undefined,
      openCore: async (emit, host) => {
        core = await createCore({
          dataDir: join(dataDir, 'data'),
          host,
          vault: createFileVault(
            join(dataDir, 'key.bin'),
            createLocalKeyEncryptor(join(dataDir, 'local.key')),
          ),
          settingsStore: createJsonSettingsStore(join(dataDir, 'settings.json')),
          emit,
        });
        return core;
      },
    });
    picture = await importBytes(
      'field.png',
      await new Jimp({ width: 640, height: 480, color: 0x4488ccff }).getBuffer('image/png'),
      'image',
    );
    soundBytes = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.alloc(4),
      Buffer.from('WAVEfmt '),
      Buffer.from(Array.from({ length: 4000 }, (_, i) => i % 251)),
    ]);
    sound = await importBytes('tone.wav', soundBytes, 'audio');
  });

  afterAll(async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The media key, as a page learns it: in the welcome to the hello of a printed address. */
  async function mediaKey(): Promise<string> {
    const address = new URL(server.freshUrl());
    const socket = new WebSocket(`${address.origin.replace('http:', 'ws:')}/bridge`, {
      headers: { Origin: address.origin },
    });
    try {
      return await new Promise<string>((resolve, reject) => {
        socket.once('open', () =>
          socket.send(JSON.stringify({ kind: 'hello', login: address.searchParams.get('token') })),
        );
        socket.once('message', (raw) =>
          resolve((JSON.parse(raw.toString()) as { mediaKey: string }).mediaKey),
        );
        socket.once('error', reject);
      });
    } finally {
      socket.terminate();
    }
  }

  let key = '';
  const base = (): string => `${new URL(server.url).origin}/`;
  /** The page's own media address, as renderer/src/common/media.ts makes it on the web host. */
  const media = (path: string): string => `${base()}media/${key}/${path}`;

  beforeAll(async () => {
    key = await mediaKey();
    expect(key).toMatch(/^[0-9a-f]{48}$/);
  });

  it('refuses media without the key or with a wrong one', async () => {
    expect((await fetch(`${base()}media/${sound.id}`)).status).toBe(403);
    expect((await fetch(`${base()}media/${'0'.repeat(48)}/${sound.id}`)).status).toBe(403);
    expect((await fetch(`${base()}media/${key.slice(1)}/${sound.id}`)).status).toBe(403);
  });

  it('serves the whole file with its type and long-lived caching', async () => {
    const response = await fetch(media(sound.id));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.compare(Buffer.from(await response.arrayBuffer()), soundBytes)).toBe(0);
  });

  it('answers a Range with 206 and exactly those bytes, and 416 past the end', async () => {
    const part = await fetch(media(sound.id), {
      headers: { range: 'bytes=100-199' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${soundBytes.length}`);
    expect(part.headers.get('content-length')).toBe('100');
    expect(
      Buffer.compare(Buffer.from(await part.arrayBuffer()), soundBytes.subarray(100, 200)),
    ).toBe(0);

    const tail = await fetch(media(sound.id), {
      headers: { range: 'bytes=-16' },
    });
    expect(tail.status).toBe(206);
    expect(Buffer.compare(Buffer.from(await tail.arrayBuffer()), soundBytes.subarray(-16))).toBe(0);

    const beyond = await fetch(media(sound.id), {
      headers: { range: `bytes=${soundBytes.length}-` },
    });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${soundBytes.length}`);
  });

  it('serves the thumbnail with ?thumb=1 and the full picture without', async () => {
    const thumb = await fetch(media(`${picture.id}?thumb=1`));
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    const small = await Jimp.read(Buffer.from(await thumb.arrayBuffer()));
    expect([small.width, small.height]).toEqual([256, 192]);
    const full = await fetch(media(picture.id));
    const large = await Jimp.read(Buffer.from(await full.arrayBuffer()));
    expect([large.width, large.height]).toEqual([640, 480]);
  });

  it('answers 404 for unknown ids, malformed ids and deleted items', async () => {
    for (const path of [
      'image-abc-0123456789ab',
      '..%2F..%2Fsettings.json',
      'image-abc-0123456789ab%2F..',
      'image-abc-0123456789ab/extra',
      '',
    ]) {
      const response = await fetch(media(path));
      expect(response.status, path).toBe(404);
    }
    await call('media.delete', { id: sound.id });
    const gone = await fetch(media(sound.id));
    expect(gone.status).toBe(404);
  });

  it('answers media.saveAs with saved: false, for the page to download the URL itself', async () => {
    expect(await call('media.saveAs', { id: picture.id })).toEqual({ saved: false });
  });
});
