// The pixel work on pictures (decode, resize, encode with jimp); it runs in the picture worker, never on core's thread.
import { createInflate } from 'node:zlib';
import { Jimp } from 'jimp';

/** The types jimp decodes; others (WEBP) can only be passed through as they are. */
export const DECODABLE_PICTURES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/bmp',
]);

const JPEG_QUALITY = 90;
/**
 * A thumbnail is seen at tile size, scrolled past by the hundred: a JPEG at this quality is about
 * a quarter of a PNG's bytes and decodes faster (bench/REPORT.md, the gallery), and decoding is
 * what a gallery scrolled briskly spends its frames on.
 */
const THUMB_JPEG_QUALITY = 82;

export type PictureTask =
  /** Brings the long side down to maxSide; JPEG stays JPEG, the rest becomes PNG. */
  | { kind: 'downscale'; bytes: Uint8Array; mime: string; maxSide: number }
  /** Its long side at maxSide: a JPEG, or a PNG when the picture has any transparent pixel. */
  | { kind: 'thumbnail'; bytes: Uint8Array; maxSide: number };

export interface EncodedPicture {
  bytes: Uint8Array;
  mime: string;
  width: number;
  height: number;
}

/** Null when the picture already fits (the caller keeps the original bytes). */
export type PictureTaskResult = EncodedPicture | null;

export const DAMAGED_PICTURE =
  'The picture is damaged or too complex to read. Try another picture, or save this one again as PNG or JPEG.';

/**
 * The picture could not be decoded: the bytes are damaged or not what their header says, or it
 * took more memory or time than a picture may.
 */
export class DamagedPictureError extends Error {}

/** Where `width × height` lands when its long side is brought down to `maxSide`. */
export function fitted(width: number, height: number, maxSide: number): { w: number; h: number } {
  const scale = maxSide / Math.max(width, height);
  return {
    w: Math.max(1, Math.min(maxSide, Math.round(width * scale))),
    h: Math.max(1, Math.min(maxSide, Math.round(height * scale))),
  };
}

/** Whether every pixel of an RGBA bitmap is fully opaque. */
function isOpaque(rgba: Uint8Array): boolean {
  for (let alpha = 3; alpha < rgba.length; alpha += 4) if (rgba[alpha] !== 255) return false;
  return true;
}

async function encoded(
  image: Awaited<ReturnType<typeof Jimp.read>>,
  task: PictureTask,
): Promise<{ bytes: Uint8Array; mime: string }> {
  // A downscaled upload keeps its type; a thumbnail is a JPEG unless the picture has transparency.
  const jpeg = task.kind === 'downscale' ? task.mime === 'image/jpeg' : isOpaque(image.bitmap.data);
  if (!jpeg) return { bytes: await image.getBuffer('image/png'), mime: 'image/png' };
  const quality = task.kind === 'downscale' ? JPEG_QUALITY : THUMB_JPEG_QUALITY;
  return { bytes: await image.getBuffer('image/jpeg', { quality }), mime: 'image/jpeg' };
}

/** The rows of each of Adam7's seven passes: [first column, first row, column step, row step]. */
const ADAM7_PASSES = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Samples a pixel, by PNG colour type. */
const PNG_CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** The bytes an interlaced PNG's image data inflates to: each pass's rows, each with its filter byte. */
function interlacedBytes(width: number, height: number, bitsPerPixel: number): number {
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7_PASSES) {
    const columns = Math.ceil((width - x0) / dx);
    const rows = Math.ceil((height - y0) / dy);
    if (columns > 0 && rows > 0) total += rows * (1 + Math.ceil((columns * bitsPerPixel) / 8));
  }
  return total;
}

/** Whether the zlib stream `data` inflates to at most `limit` bytes (counted, never kept). */
function inflatesWithin(data: Buffer, limit: number): Promise<boolean> {
  return new Promise((resolve) => {
    const inflate = createInflate();
    let total = 0;
    inflate.on('data', (part: Buffer) => {
      total += part.length;
      if (total <= limit) return;
      inflate.destroy();
      resolve(false);
    });
    inflate.on('end', () => resolve(true));
    // Broken data is the decoder's to refuse, as damaged.
    inflate.on('error', () => resolve(true));
    inflate.end(data);
  });
}

/**
 * An interlaced PNG's data is inflated whole, without the bound the decoder sets for the others:
 * a 1 MB file whose data inflates to a gigabyte took that gigabyte outside any heap limit. It is
 * refused when its data inflates to more than its header's size needs.
 */
async function checkInterlacedPng(bytes: Buffer): Promise<void> {
  if (bytes.length < 33 || bytes.toString('latin1', 12, 16) !== 'IHDR' || bytes[28] !== 1) return;
  const channels = PNG_CHANNELS[bytes[25]!];
  if (channels === undefined) return;
  const needed = interlacedBytes(
    bytes.readUInt32BE(16),
    bytes.readUInt32BE(20),
    channels * bytes[24]!,
  );
  const data: Buffer[] = [];
  for (let at = 8; at + 8 <= bytes.length;) {
    const length = bytes.readUInt32BE(at);
    if (bytes.toString('latin1', at + 4, at + 8) === 'IDAT')
      data.push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  if (!(await inflatesWithin(Buffer.concat(data), needed)))
    throw new DamagedPictureError(DAMAGED_PICTURE);
}

export async function runPictureTask(task: PictureTask): Promise<PictureTaskResult> {
  const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  await checkInterlacedPng(bytes);
  let image: Awaited<ReturnType<typeof Jimp.read>>;
  try {
    image = await Jimp.read(bytes);
  } catch {
    throw new DamagedPictureError(DAMAGED_PICTURE);
  }
  if (Math.max(image.width, image.height) <= task.maxSide) return null;
  image.resize(fitted(image.width, image.height, task.maxSide));
  return { ...(await encoded(image, task)), width: image.width, height: image.height };
}
