// downscaleImage keeps the aspect and fits the side limit; small pictures pass through unchanged; sizes from headers.
import { Jimp } from 'jimp';
import { describe, expect, it } from 'vitest';
import {
  downscaleImage,
  imageSize,
  makeThumbnail,
  toDataUri,
} from '../../../../electron/core/library/pictures';
import { ServiceError } from '../../../../electron/core/service/errors';
import { sniffMime } from '../../../../electron/core/library/sniff';

async function picture(
  width: number,
  height: number,
  mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/bmp' = 'image/png',
): Promise<Buffer> {
  return new Jimp({ width, height, color: 0xcc8844ff }).getBuffer(mime);
}

/** A WEBP header (VP8X) that names its canvas size; enough for the size reader. */
function webpHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(40);
  bytes.set(
    [...'RIFF'].map((c) => c.charCodeAt(0)),
    0,
  );
  bytes.set(
    [...'WEBPVP8X'].map((c) => c.charCodeAt(0)),
    8,
  );
  const w = width - 1;
  const h = height - 1;
  bytes.set([w & 0xff, (w >> 8) & 0xff, (w >> 16) & 0xff], 24);
  bytes.set([h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff], 27);
  return bytes;
}

describe('downscaleImage', () => {
  it('brings a wide PNG down to maxSide on its long side, keeping the aspect', async () => {
    const scaled = await downscaleImage(await picture(800, 400), 200);
    expect(scaled).toMatchObject({ mime: 'image/png', width: 200, height: 100 });
    const decoded = await Jimp.read(scaled.bytes);
    expect([decoded.width, decoded.height]).toEqual([200, 100]);
  });

  it('keeps a tall JPEG a JPEG, at the right size', async () => {
    const scaled = await downscaleImage(await picture(300, 900, 'image/jpeg'), 300);
    expect(scaled).toMatchObject({ mime: 'image/jpeg', width: 100, height: 300 });
    expect(sniffMime(scaled.bytes)).toBe('image/jpeg');
  });

  it('turns a large GIF or BMP into PNG within the limit', async () => {
    for (const mime of ['image/gif', 'image/bmp'] as const) {
      const scaled = await downscaleImage(await picture(333, 517, mime), 128);
      expect(scaled.mime).toBe('image/png');
      expect(Math.max(scaled.width, scaled.height)).toBe(128);
      expect(scaled.width).toBe(Math.round((333 * 128) / 517));
    }
  });

  it('returns a picture that already fits byte for byte', async () => {
    const original = await picture(120, 80, 'image/jpeg');
    const scaled = await downscaleImage(original, 120);
    expect(Buffer.compare(scaled.bytes, original)).toBe(0);
    expect(scaled).toMatchObject({ mime: 'image/jpeg', width: 120, height: 80 });
  });

  it('passes a WEBP through when it fits and refuses it when it does not', async () => {
    const webp = webpHeader(100, 50);
    await expect(downscaleImage(webp, 200)).resolves.toMatchObject({
      mime: 'image/webp',
      width: 100,
      height: 50,
    });
    await expect(downscaleImage(webp, 64)).rejects.toMatchObject({
      error: { code: 'invalid_input' },
    });
  });

  it('refuses bytes that are not a picture', async () => {
    const refusal = await downscaleImage(new TextEncoder().encode('%PDF-1.4 no image'), 64).catch(
      (e: unknown) => e,
    );
    expect(refusal).toBeInstanceOf(ServiceError);
    expect((refusal as ServiceError).error.code).toBe('invalid_input');
  });
});

describe('imageSize and makeThumbnail', () => {
  it('reads sizes from PNG, JPEG, GIF, BMP and WEBP headers', async () => {
    expect(imageSize(await picture(31, 17))).toEqual({ width: 31, height: 17 });
    expect(imageSize(await picture(31, 17, 'image/jpeg'))).toEqual({ width: 31, height: 17 });
    expect(imageSize(await picture(31, 17, 'image/gif'))).toEqual({ width: 31, height: 17 });
    expect(imageSize(await picture(31, 17, 'image/bmp'))).toEqual({ width: 31, height: 17 });
    expect(imageSize(webpHeader(4000, 3000))).toEqual({ width: 4000, height: 3000 });
    expect(imageSize(new TextEncoder().encode('hello'))).toBeNull();
  });

  it('makes a PNG thumbnail only for pictures larger than the side', async () => {
    const thumb = await makeThumbnail(await picture(512, 384, 'image/jpeg'), 256);
    expect(thumb).toMatchObject({ mime: 'image/png', width: 256, height: 192 });
    expect(sniffMime(thumb?.bytes ?? new Uint8Array())).toBe('image/png');
    expect(await makeThumbnail(await picture(200, 100), 256)).toBeNull();
  });
});

describe('toDataUri', () => {
  it('wraps bytes as base64 with their type', () => {
    expect(toDataUri(Uint8Array.from([1, 2, 3, 250]), 'image/png')).toBe(
      'data:image/png;base64,AQID+g==',
    );
  });
});
