// Picture helpers every feature shares: sizes from headers, the pixel limit, scaling in the picture worker, data URIs.
import { PICTURE_MAX_MEGAPIXELS } from '../../../shared/images';
import { serviceError } from '../service/errors';
import { DAMAGED_PICTURE, DECODABLE_PICTURES, DamagedPictureError } from './picture-decode';
import { runInPictureWorker } from './picture-jobs';
import { sniffMime } from './sniff';

export interface ScaledImage {
  bytes: Buffer;
  mime: string;
  width: number;
  height: number;
}

export interface PixelSize {
  width: number;
  height: number;
}

// Readers that answer null past the end: a truncated header is "unknown size", never garbage.
function u16be(bytes: Uint8Array, at: number): number | null {
  return at + 2 <= bytes.length ? (bytes[at]! << 8) | bytes[at + 1]! : null;
}
function u16le(bytes: Uint8Array, at: number): number | null {
  return at + 2 <= bytes.length ? bytes[at]! | (bytes[at + 1]! << 8) : null;
}
function u24le(bytes: Uint8Array, at: number): number | null {
  return at + 3 <= bytes.length
    ? bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16)
    : null;
}
function u32be(bytes: Uint8Array, at: number): number | null {
  const high = u16be(bytes, at);
  const low = u16be(bytes, at + 2);
  return high === null || low === null ? null : high * 0x10000 + low;
}
function i32le(bytes: Uint8Array, at: number): number | null {
  const low = u16le(bytes, at);
  const high = u16le(bytes, at + 2);
  return low === null || high === null ? null : low | (high << 16);
}
function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

function sizeOf(width: number | null, height: number | null): PixelSize | null {
  return width !== null && height !== null ? { width, height } : null;
}

/** PNG: the first chunk must be IHDR, whose first fields are the width and height; it is the only one. */
function pngSize(bytes: Uint8Array): PixelSize | null {
  if (ascii(bytes, 12, 16) !== 'IHDR') return null;
  const size = sizeOf(u32be(bytes, 16), u32be(bytes, 20));
  // The decoder takes a later IHDR's size as the picture's: one past the first is refused.
  let at = 8;
  for (;;) {
    const length = u32be(bytes, at);
    if (length === null) return size;
    at += 12 + length;
    if (ascii(bytes, at + 4, at + 8) === 'IHDR') return null;
  }
}

/**
 * GIF: the canvas the screen descriptor names, grown to hold the first frame, which is the one
 * decoded (its pixels are allocated by the frame's own size, which may exceed the canvas).
 */
function gifSize(bytes: Uint8Array): PixelSize | null {
  const width = u16le(bytes, 6);
  const height = u16le(bytes, 8);
  const flags = bytes[10];
  if (width === null || height === null || flags === undefined) return null;
  const globalColours = flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0;
  let at = 13 + globalColours;
  for (;;) {
    const block = bytes[at];
    if (block === 0x2c) {
      const left = u16le(bytes, at + 1);
      const top = u16le(bytes, at + 3);
      const frameWidth = u16le(bytes, at + 5);
      const frameHeight = u16le(bytes, at + 7);
      if (left === null || top === null || frameWidth === null || frameHeight === null) return null;
      return {
        width: Math.max(width, left + frameWidth),
        height: Math.max(height, top + frameHeight),
      };
    }
    // Anything else before the first frame (the trailer, garbage, the end) leaves nothing to show.
    if (block !== 0x21) return null;
    // An extension: its label, then sub-blocks each led by its length, ended by a zero length.
    at += 2;
    for (;;) {
      const length = bytes[at];
      if (length === undefined) return null;
      at += 1 + length;
      if (length === 0) break;
    }
  }
}

/** Whether a JPEG marker carries no length: TEM, the restart markers, and SOI. */
function standsAlone(marker: number): boolean {
  return marker === 0x01 || marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7);
}

/** The next marker at or after `at` where bytes are not segments: 0xFF 0x00 is a stuffed byte, RSTn sits in a scan. */
function nextMarker(bytes: Uint8Array, at: number): number {
  for (let ff = bytes.indexOf(0xff, at); ff !== -1; ff = bytes.indexOf(0xff, ff + 1)) {
    const next = bytes[ff + 1];
    if (next === undefined) break;
    if (next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) return ff;
  }
  return bytes.length;
}

/**
 * JPEG: walks every segment and scan to the end of the image for its start-of-frame headers,
 * which hold the size. A JPEG has one frame, and the decoder allocates for each frame header it
 * meets, refusing more than one only at the end: a 638-byte file whose second frame header
 * claimed 7000 × 6000 took a gigabyte and seconds before it was found damaged (issue 38). So
 * a second frame header makes the header unreadable here, before anything is decoded.
 */
function jpegSize(bytes: Uint8Array): PixelSize | null {
  let size: PixelSize | null = null;
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) {
      // Before the frame header a JPEG must be well formed; past it, the walk looks on.
      if (size === null) return null;
      at = nextMarker(bytes, at);
      continue;
    }
    // Any number of 0xFF may pad before a marker.
    while (bytes[at + 1] === 0xff) at += 1;
    const marker = bytes[at + 1];
    // Cut short past its frame header: the decoder's business, not a wrong size.
    if (marker === undefined) return size;
    if (standsAlone(marker)) {
      at += 2;
      continue;
    }
    // The end of the image: what follows (a camera's second picture) is never decoded.
    if (marker === 0xd9) return size;
    // Start-of-frame markers carry the size; C4, C8 and CC share the range but are not frames.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (size !== null) return null;
      size = sizeOf(u16be(bytes, at + 7), u16be(bytes, at + 5));
      if (size === null) return null;
    }
    // The image data starts before any frame header: no size to read.
    if (marker === 0xda && size === null) return null;
    const length = u16be(bytes, at + 2);
    if (length === null) return size;
    if (length < 2) {
      // A segment that cannot cover itself.
      if (size === null) return null;
      at = nextMarker(bytes, at + 2);
      continue;
    }
    at += 2 + length;
    // A scan's coded data runs to the next marker.
    if (marker === 0xda) at = nextMarker(bytes, at);
  }
  return size;
}

function webpSize(bytes: Uint8Array): PixelSize | null {
  const chunk = ascii(bytes, 12, 16);
  if (chunk === 'VP8X') {
    const width = u24le(bytes, 24);
    const height = u24le(bytes, 27);
    return width === null || height === null ? null : { width: width + 1, height: height + 1 };
  }
  if (chunk === 'VP8 ') {
    // A key frame's start code comes before its dimensions.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    const width = u16le(bytes, 26);
    const height = u16le(bytes, 28);
    return width === null || height === null
      ? null
      : { width: width & 0x3fff, height: height & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return null;
    const low = u16le(bytes, 21);
    const high = u16le(bytes, 23);
    if (low === null || high === null) return null;
    const bits = low | (high << 16);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return null;
}

function bmpSize(bytes: Uint8Array): PixelSize | null {
  const width = i32le(bytes, 18);
  const height = i32le(bytes, 22);
  return width === null || height === null
    ? null
    : { width: Math.abs(width), height: Math.abs(height) };
}

/**
 * Pixel size read from the header alone (PNG, JPEG, GIF, WEBP, BMP), without decoding; null for
 * anything else, and for a header that is truncated, malformed or names an empty picture.
 */
export function imageSize(bytes: Uint8Array): PixelSize | null {
  const mime = sniffMime(bytes);
  const size =
    mime === 'image/png'
      ? pngSize(bytes)
      : mime === 'image/gif'
        ? gifSize(bytes)
        : mime === 'image/jpeg'
          ? jpegSize(bytes)
          : mime === 'image/webp'
            ? webpSize(bytes)
            : mime === 'image/bmp'
              ? bmpSize(bytes)
              : null;
  return size && size.width > 0 && size.height > 0 ? size : null;
}

function megapixels(size: PixelSize): string {
  return String(Math.round((size.width * size.height) / 100_000) / 10);
}

/**
 * Refuses a picture with more than PICTURE_MAX_MEGAPIXELS, named in the message as `name`. It
 * runs on the header's numbers, before anything is decoded: a small file may claim a huge canvas.
 */
export function checkPixelLimit(size: PixelSize, name: string): void {
  if (size.width * size.height <= PICTURE_MAX_MEGAPIXELS * 1_000_000) return;
  throw serviceError(
    'invalid_input',
    `${name} is ${size.width} × ${size.height} pixels (${megapixels(size)} MP); the limit is ${PICTURE_MAX_MEGAPIXELS} MP.`,
    null,
    { width: size.width, height: size.height, limitMegapixels: PICTURE_MAX_MEGAPIXELS },
  );
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * The picture with its long side at most `maxSide`, aspect kept; `name` is how messages call it.
 * A picture that already fits is returned byte for byte. Scaled JPEGs stay JPEG; the other
 * decodable types become PNG. A WEBP (which jimp cannot decode) passes through when it fits and
 * is refused when it does not. Size and pixel limit come from the header; the decoding and
 * scaling run in the picture worker, so core's thread stays free meanwhile.
 */
export async function downscaleImage(
  bytes: Uint8Array,
  maxSide: number,
  name = 'The picture',
): Promise<ScaledImage> {
  const mime = sniffMime(bytes);
  if (mime === null || !mime.startsWith('image/')) {
    throw serviceError(
      'invalid_input',
      'This file is not a picture (PNG, JPEG, GIF, WEBP or BMP).',
    );
  }
  const size = imageSize(bytes);
  if (size === null) throw serviceError('invalid_input', DAMAGED_PICTURE);
  checkPixelLimit(size, name);
  const buffer = asBuffer(bytes);
  if (!DECODABLE_PICTURES.has(mime)) {
    if (Math.max(size.width, size.height) <= maxSide) return { bytes: buffer, mime, ...size };
    throw serviceError(
      'invalid_input',
      `A ${mime.slice(6).toUpperCase()} picture larger than ${maxSide} px cannot be scaled here: use PNG or JPEG.`,
      null,
      { maxSide },
    );
  }
  let scaled: Awaited<ReturnType<typeof runInPictureWorker>>;
  try {
    scaled = await runInPictureWorker({ kind: 'downscale', bytes, mime, maxSide });
  } catch (error) {
    if (error instanceof DamagedPictureError) throw serviceError('invalid_input', DAMAGED_PICTURE);
    throw error;
  }
  if (scaled === null) return { bytes: buffer, mime, ...size };
  return { ...scaled, bytes: asBuffer(scaled.bytes) };
}

/**
 * A thumbnail with its long side at `maxSide` (JPEG, or PNG for a picture with transparency), or
 * null when the picture is small, over the pixel limit or unreadable (a thumbnail is a convenience; the picture itself is kept).
 */
export async function makeThumbnail(
  bytes: Uint8Array,
  maxSide: number,
): Promise<ScaledImage | null> {
  const mime = sniffMime(bytes);
  const size = imageSize(bytes);
  if (mime === null || !DECODABLE_PICTURES.has(mime) || size === null) return null;
  if (size.width * size.height > PICTURE_MAX_MEGAPIXELS * 1_000_000) return null;
  if (Math.max(size.width, size.height) <= maxSide) return null;
  try {
    const thumb = await runInPictureWorker({ kind: 'thumbnail', bytes, maxSide });
    return thumb && { ...thumb, bytes: asBuffer(thumb.bytes) };
  } catch {
    return null;
  }
}

export function toDataUri(bytes: Uint8Array, mime: string): string {
  return `data:${mime};base64,${asBuffer(bytes).toString('base64')}`;
}
