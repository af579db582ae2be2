// Picture helpers every feature shares: scale down to a side limit with jimp, read sizes from headers, data URIs.
import { Jimp } from 'jimp';
import { serviceError } from '../service/errors';
import { sniffMime } from './sniff';

export interface ScaledImage {
  bytes: Buffer;
  mime: string;
  width: number;
  height: number;
}

/** The types jimp decodes; others (WEBP) can only be passed through as they are. */
const DECODABLE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/bmp']);

const JPEG_QUALITY = 90;

function u16be(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
}
function u16le(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
}
function u24le(bytes: Uint8Array, at: number): number {
  return u16le(bytes, at) | ((bytes[at + 2] ?? 0) << 16);
}
function u32be(bytes: Uint8Array, at: number): number {
  return u16be(bytes, at) * 0x10000 + u16be(bytes, at + 2);
}
function i32le(bytes: Uint8Array, at: number): number {
  return u16le(bytes, at) | (u16le(bytes, at + 2) << 16) | 0;
}

function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    // Start-of-frame markers carry the size; C4, C8 and CC share the range but are not frames.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(bytes, at + 5), width: u16be(bytes, at + 7) };
    }
    at += 2 + u16be(bytes, at + 2);
  }
  return null;
}

function webpSize(bytes: Uint8Array): { width: number; height: number } | null {
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === 'VP8X') return { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 };
  if (chunk === 'VP8 ') {
    return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    const bits = u16le(bytes, 21) | (u16le(bytes, 23) << 16);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return null;
}

/** Pixel size read from the header alone (PNG, JPEG, GIF, WEBP, BMP), or null. */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | null {
  const mime = sniffMime(bytes);
  let size: { width: number; height: number } | null = null;
  if (mime === 'image/png') size = { width: u32be(bytes, 16), height: u32be(bytes, 20) };
  else if (mime === 'image/gif') size = { width: u16le(bytes, 6), height: u16le(bytes, 8) };
  else if (mime === 'image/jpeg') size = jpegSize(bytes);
  else if (mime === 'image/webp') size = webpSize(bytes);
  else if (mime === 'image/bmp') {
    size = { width: Math.abs(i32le(bytes, 18)), height: Math.abs(i32le(bytes, 22)) };
  }
  return size && size.width > 0 && size.height > 0 ? size : null;
}

/** Where `width × height` lands when its long side is brought down to `maxSide`. */
function fitted(width: number, height: number, maxSide: number): { w: number; h: number } {
  const scale = maxSide / Math.max(width, height);
  return {
    w: Math.max(1, Math.min(maxSide, Math.round(width * scale))),
    h: Math.max(1, Math.min(maxSide, Math.round(height * scale))),
  };
}

/**
 * The picture with its long side at most `maxSide`, aspect kept. A picture that already fits is
 * returned byte for byte. Scaled JPEGs stay JPEG; the other decodable types become PNG. A WEBP
 * (which jimp cannot decode) passes through when it fits and is refused when it does not.
 */
export async function downscaleImage(bytes: Uint8Array, maxSide: number): Promise<ScaledImage> {
  const mime = sniffMime(bytes);
  if (mime === null || !mime.startsWith('image/')) {
    throw serviceError(
      'invalid_input',
      'This file is not a picture (PNG, JPEG, GIF, WEBP or BMP).',
    );
  }
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!DECODABLE.has(mime)) {
    const size = imageSize(bytes);
    if (size && Math.max(size.width, size.height) <= maxSide)
      return { bytes: buffer, mime, ...size };
    throw serviceError(
      'invalid_input',
      `A ${mime.slice(6).toUpperCase()} picture larger than ${maxSide} px cannot be scaled here: use PNG or JPEG.`,
      null,
      { maxSide },
    );
  }
  let image: Awaited<ReturnType<typeof Jimp.read>>;
  try {
    image = await Jimp.read(buffer);
  } catch {
    throw serviceError('invalid_input', 'The picture is damaged and cannot be read.');
  }
  const { width, height } = image;
  if (Math.max(width, height) <= maxSide) return { bytes: buffer, mime, width, height };
  image.resize(fitted(width, height, maxSide));
  const scaled =
    mime === 'image/jpeg'
      ? { bytes: await image.getBuffer('image/jpeg', { quality: JPEG_QUALITY }), mime }
      : { bytes: await image.getBuffer('image/png'), mime: 'image/png' };
  return { ...scaled, width: image.width, height: image.height };
}

/** A PNG thumbnail with its long side at `maxSide`, or null when the picture is small or unreadable. */
export async function makeThumbnail(
  bytes: Uint8Array,
  maxSide: number,
): Promise<ScaledImage | null> {
  const mime = sniffMime(bytes);
  if (mime === null || !DECODABLE.has(mime)) return null;
  try {
    const image = await Jimp.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    if (Math.max(image.width, image.height) <= maxSide) return null;
    image.resize(fitted(image.width, image.height, maxSide));
    const png = await image.getBuffer('image/png');
    return { bytes: png, mime: 'image/png', width: image.width, height: image.height };
  } catch {
    return null;
  }
}

export function toDataUri(bytes: Uint8Array, mime: string): string {
  return `data:${mime};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`;
}
