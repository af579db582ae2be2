// downscaleImage keeps the aspect and fits the side limit off core's thread; sizes and the pixel limit from headers.
import { constants, crc32, createDeflate } from 'node:zlib';
import { Jimp } from 'jimp';
import { afterAll, describe, expect, it } from 'vitest';
import { DAMAGED_PICTURE } from '../../../../electron/core/library/picture-decode';
import { stopPictureWorker } from '../../../../electron/core/library/picture-jobs';
import {
  downscaleImage,
  imageSize,
  makeThumbnail,
  toDataUri,
} from '../../../../electron/core/library/pictures';
import { ServiceError } from '../../../../electron/core/service/errors';
import { sniffMime } from '../../../../electron/core/library/sniff';
import {
  interlacedPngBomb,
  jpegWithSecondFrame,
  peakRss,
  pngHeader,
} from './fixtures/hostile-pictures';

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

afterAll(() => stopPictureWorker());

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real, valid black RGB PNG of any size, compressed row by row (8000 × 8000 is about 187 KB). */
async function blackPng(width: number, height: number): Promise<Buffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
  const deflate = createDeflate({ level: constants.Z_BEST_COMPRESSION });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const row = Buffer.alloc(1 + width * 3);
  for (let y = 0; y < height; y++) deflate.write(row);
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.concat(parts)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('the pixel limit', () => {
  it('refuses the 8000 × 8000 PNG of about 187 KB from its header, at once', async () => {
    const png = await blackPng(8000, 8000);
    expect(png.length).toBeGreaterThan(150_000);
    expect(png.length).toBeLessThan(250_000);
    const started = performance.now();
    const refusal = await downscaleImage(png, 2048, 'huge.png').catch((e: unknown) => e);
    // Decoding 64 MP would take seconds and 256 MB; the header is read in well under this.
    expect(performance.now() - started).toBeLessThan(100);
    expect(refusal).toBeInstanceOf(ServiceError);
    expect((refusal as ServiceError).error).toMatchObject({
      code: 'invalid_input',
      message: 'huge.png is 8000 × 8000 pixels (64 MP); the limit is 50 MP.',
    });
    expect(await makeThumbnail(png, 256)).toBeNull();
  });

  it('lets a picture of exactly 50 MP through to the scaler', async () => {
    const header = (await blackPng(1, 1)).subarray(0, 33);
    header.writeUInt32BE(10_000, 16);
    header.writeUInt32BE(5_000, 20);
    // Past the limit check, the truncated body is what stops it: as a damaged picture.
    await expect(downscaleImage(header, 2048, 'edge.png')).rejects.toMatchObject({
      error: { message: DAMAGED_PICTURE },
    });
  });
});

describe('downscaleImage off the main thread', () => {
  it('keeps the event loop ticking while it decodes and scales', async () => {
    const big = await picture(3000, 2000, 'image/jpeg');
    await downscaleImage(await picture(64, 64), 16); // the worker is up before the measure
    const gaps: number[] = [];
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      gaps.push(now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const scaled = await downscaleImage(big, 300);
    const took = performance.now() - started;
    clearInterval(ticker);
    expect(scaled).toMatchObject({ mime: 'image/jpeg', width: 300, height: 200 });
    // On this thread, the decode would be one long gap as long as the whole job.
    expect(took).toBeGreaterThan(100);
    expect(gaps.length).toBeGreaterThan(5);
    expect(Math.max(...gaps)).toBeLessThan(took / 2);
  });
});

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

  it('reads a JPEG whose frame header comes after padding, APP segments and a restart marker', () => {
    const jpeg = Uint8Array.from([
      0xff,
      0xd8, // SOI
      0xff,
      0xe0,
      0x00,
      0x04,
      0x00,
      0x00, // APP0 with 2 bytes of data
      0xff,
      0xff,
      0xff, // fill bytes before the next marker
      0xd0, // RST0: no length
      0xff,
      0xc2,
      0x00,
      0x0b,
      0x08,
      0x01,
      0x2c,
      0x02,
      0x58,
      0x03,
      0x01, // SOF2: 600 × 300
    ]);
    expect(imageSize(jpeg)).toEqual({ width: 600, height: 300 });
  });

  it('reads lossy and lossless WEBP headers', () => {
    const riff = (chunk: string, body: number[]) =>
      Uint8Array.from([
        ...Buffer.from('RIFF'),
        0,
        0,
        0,
        0,
        ...Buffer.from('WEBP'),
        ...Buffer.from(chunk),
        0,
        0,
        0,
        0,
        ...body,
      ]);
    // VP8: frame tag, start code 9d 01 2a, then 14-bit width and height.
    const lossy = riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 0x20, 0x03, 0x58, 0x02]);
    expect(imageSize(lossy)).toEqual({ width: 800, height: 600 });
    // VP8L: signature 2f, then width-1 and height-1 in 14 bits each.
    const w = 1023;
    const h = 511;
    const bits = w | (h << 14);
    const lossless = riff('VP8L', [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, 0]);
    expect(imageSize(lossless)).toEqual({ width: 1024, height: 512 });
    expect(imageSize(riff('VP8 ', [0, 0, 0, 0x00, 0x01, 0x2a, 0x20, 0x03, 0x58, 0x02]))).toBeNull();
  });

  it('answers null, never a wrong size, for every truncation of each header', async () => {
    const samples = [
      await picture(31, 17),
      await picture(31, 17, 'image/jpeg'),
      await picture(31, 17, 'image/gif'),
      await picture(31, 17, 'image/bmp'),
      webpHeader(4000, 3000),
    ];
    for (const sample of samples) {
      const whole = imageSize(sample);
      expect(whole).not.toBeNull();
      for (let cut = 0; cut < Math.min(sample.length, 700); cut++) {
        const size = imageSize(sample.subarray(0, cut));
        if (size !== null) expect(size).toEqual(whole);
      }
    }
  });

  it('answers null for malformed headers', async () => {
    const png = Buffer.from(await picture(31, 17));
    png.write('IDAT', 12, 'latin1'); // the first chunk must be IHDR
    expect(imageSize(png)).toBeNull();
    const zeroWidth = Buffer.from(await picture(31, 17));
    zeroWidth.writeUInt32BE(0, 16);
    expect(imageSize(zeroWidth)).toBeNull();
    // A JPEG segment whose length cannot even cover itself.
    expect(
      imageSize(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01, 0, 0, 0, 0, 0, 0])),
    ).toBeNull();
    // The scan starts before any frame header.
    expect(
      imageSize(Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0, 0, 0, 0, 0])),
    ).toBeNull();
    expect(imageSize(Uint8Array.from([...Buffer.from('GIF89a'), 10]))).toBeNull();
  });

  it('refuses a picture whose header cannot be read before decoding it', async () => {
    const png = Buffer.from(await picture(31, 17));
    png.write('IDAT', 12, 'latin1');
    await expect(downscaleImage(png, 16)).rejects.toMatchObject({
      error: { code: 'invalid_input', message: DAMAGED_PICTURE },
    });
  });

  it('makes a thumbnail only for pictures larger than the side: JPEG for an opaque one', async () => {
    for (const source of [await picture(512, 384, 'image/jpeg'), await picture(512, 384)]) {
      const thumb = await makeThumbnail(source, 256);
      expect(thumb).toMatchObject({ mime: 'image/jpeg', width: 256, height: 192 });
      expect(sniffMime(thumb?.bytes ?? new Uint8Array())).toBe('image/jpeg');
    }
    expect(await makeThumbnail(await picture(200, 100), 256)).toBeNull();
  });

  it('keeps a transparent picture transparent: its thumbnail is a PNG with the alpha', async () => {
    const image = new Jimp({ width: 400, height: 400, color: 0xcc8844ff });
    // One corner see-through, as a cut-out or a logo has.
    for (let y = 0; y < 100; y++) for (let x = 0; x < 100; x++) image.setPixelColor(0, x, y);
    const thumb = await makeThumbnail(await image.getBuffer('image/png'), 256);
    expect(thumb).toMatchObject({ mime: 'image/png', width: 256, height: 256 });
    const decoded = await Jimp.read(Buffer.from(thumb?.bytes ?? new Uint8Array()));
    expect(decoded.getPixelColor(0, 0) & 0xff).toBe(0);
    expect(decoded.getPixelColor(200, 200) & 0xff).toBe(0xff);
  });
});

describe('hostile pictures', () => {
  it('reads every frame header: a 638-byte JPEG with a second one is refused before any decode', async () => {
    for (const [width, height] of [
      [7000, 6000],
      [20_000, 20_000],
    ] as const) {
      const jpeg = await jpegWithSecondFrame(width, height);
      expect(jpeg.length).toBeLessThan(700);
      expect(imageSize(jpeg)).toBeNull();
      await expect(downscaleImage(jpeg, 2048, 'two.jpg')).rejects.toMatchObject({
        error: { code: 'invalid_input', message: DAMAGED_PICTURE },
      });
      expect(await makeThumbnail(jpeg, 256)).toBeNull();
    }
    // Frame headers are found past a scan too, and a camera's second picture after EOI is not read.
    const jpeg = await picture(31, 17, 'image/jpeg');
    const eoi = jpeg.length - 2;
    const second = (await jpegWithSecondFrame(10, 10)).subarray(2);
    expect(imageSize(Buffer.concat([jpeg.subarray(0, eoi), second]))).toBeNull();
    expect(imageSize(Buffer.concat([jpeg, await picture(64, 64, 'image/jpeg')]))).toEqual({
      width: 31,
      height: 17,
    });
  });

  it('refuses a PNG with a second IHDR, and sizes a GIF by its first frame too', async () => {
    const png = await picture(31, 17);
    const twice = Buffer.concat([
      png.subarray(0, 33),
      pngHeader(30_000, 30_000, false),
      png.subarray(33),
    ]);
    expect(imageSize(twice)).toBeNull();

    // A 10 × 10 screen (no colour table) whose first frame is 10,000 × 10,000: the frame is what
    // gets allocated.
    const gif = Uint8Array.from([
      ...Buffer.from('GIF89a'),
      ...[10, 0, 10, 0, 0, 0, 0],
      ...[0x21, 0xf9, 4, 0, 0, 0, 0, 0], // a graphic control extension first
      ...[0x2c, 0, 0, 0, 0, 0x10, 0x27, 0x10, 0x27, 0],
    ]);
    expect(imageSize(gif)).toEqual({ width: 10_000, height: 10_000 });
    await expect(downscaleImage(gif, 2048, 'frame.gif')).rejects.toMatchObject({
      error: { message: 'frame.gif is 10000 × 10000 pixels (100 MP); the limit is 50 MP.' },
    });
  });

  it('refuses an interlaced PNG whose data inflates past its size, without taking the memory', async () => {
    const bomb = await interlacedPngBomb(512);
    expect(imageSize(bomb)).toEqual({ width: 100, height: 100 });
    await downscaleImage(await picture(64, 64), 16); // the worker is up before the measure
    const { result, growthMb } = await peakRss(() =>
      downscaleImage(bomb, 50, 'bomb.png').catch((e: unknown) => e),
    );
    expect((result as ServiceError).error).toMatchObject({ message: DAMAGED_PICTURE });
    // Inflated whole, its data alone is 512 MB.
    expect(growthMb).toBeLessThan(200);
  }, 60_000);
});

describe('toDataUri', () => {
  it('wraps bytes as base64 with their type', () => {
    expect(toDataUri(Uint8Array.from([1, 2, 3, 250]), 'image/png')).toBe(
      'data:image/png;base64,AQID+g==',
    );
  });
});
