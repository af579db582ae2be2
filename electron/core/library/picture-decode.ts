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

export type PictureTask =
  /** Brings the long side down to maxSide; JPEG stays JPEG, the rest becomes PNG. */
  | { kind: 'downscale'; bytes: Uint8Array; mime: string; maxSide: number }
  /** A PNG with its long side at maxSide. */
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
  const encoded =
    task.kind === 'downscale' && task.mime === 'image/jpeg'
      ? {
          bytes: await image.getBuffer('image/jpeg', { quality: JPEG_QUALITY }),
          mime: 'image/jpeg',
        }
      : { bytes: await image.getBuffer('image/png'), mime: 'image/png' };
  return { ...encoded, width: image.width, height: image.height };
}
