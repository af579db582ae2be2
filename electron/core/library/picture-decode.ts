// The pixel work on pictures (decode, resize, encode with jimp); it runs in the picture worker, never on core's thread.
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

export const DAMAGED_PICTURE = 'The picture is damaged and cannot be read.';

/** The picture could not be decoded: the bytes are damaged or not what their header says. */
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

export async function runPictureTask(task: PictureTask): Promise<PictureTaskResult> {
  let image: Awaited<ReturnType<typeof Jimp.read>>;
  try {
    image = await Jimp.read(
      Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength),
    );
  } catch {
    throw new DamagedPictureError(DAMAGED_PICTURE);
  }
  if (Math.max(image.width, image.height) <= task.maxSide) return null;
  image.resize(fitted(image.width, image.height, task.maxSide));
  return { ...(await encoded(image, task)), width: image.width, height: image.height };
}
