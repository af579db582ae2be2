// Image sources in requests: data URIs (what the app sends) and URLs (only the simulator's own).
import type { FileStore } from '../context';
import { SimHttpError } from '../http';

export interface DecodedImage {
  mime: string;
  bytes: Buffer;
}

const IMAGE_MIMES = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/webp', 'image/gif']);

function unknownMime(what: string): SimHttpError {
  return new SimHttpError(
    400,
    `Unsupported MIME type 'unknown' for image ${what}: the image could not be downloaded or is blocked. Send it as a data URI.`,
    { code: 'invalid_image_mime' },
  );
}

/**
 * The bytes of an image given as a data URI, or as a URL of a file this simulator serves.
 * Every other URL counts as unreachable: the simulator is offline, and the service answers an
 * unknown-MIME error for images it cannot fetch.
 */
export function decodeImageSource(source: string, files: FileStore): DecodedImage {
  const dataUri = /^data:([\w.+-]+\/[\w.+-]+);base64,(.*)$/s.exec(source);
  if (dataUri) {
    const mime = (dataUri[1] ?? '').toLowerCase();
    const base64 = (dataUri[2] ?? '').replace(/\s+/g, '');
    if (!IMAGE_MIMES.has(mime))
      throw new SimHttpError(400, `Unsupported MIME type '${mime}' for an image`, {
        code: 'invalid_image_mime',
      });
    if (!/^[A-Za-z0-9+/]+=*$/.test(base64)) throw unknownMime('(the data URI is not valid base64)');
    return { mime, bytes: Buffer.from(base64, 'base64') };
  }
  if (/^https?:\/\//i.test(source)) {
    const file = files.fromUrl(source);
    if (file && IMAGE_MIMES.has(file.contentType))
      return { mime: file.contentType, bytes: file.bytes };
    throw unknownMime(source.length > 120 ? `${source.slice(0, 120)}…` : source);
  }
  throw unknownMime('(neither a data URI nor a URL)');
}

/** Width and height of a PNG or JPEG, when its header says so. */
export function imageDimensions(image: DecodedImage): { width: number; height: number } | null {
  const b = image.bytes;
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.toString('latin1', 12, 16) === 'IHDR')
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (b.length > 4 && b[0] === 0xff && b[1] === 0xd8) {
    let offset = 2;
    while (offset + 9 < b.length && b[offset] === 0xff) {
      const marker = b[offset + 1] ?? 0;
      const length = b.readUInt16BE(offset + 2);
      if (marker >= 0xc0 && marker <= 0xc3)
        return { height: b.readUInt16BE(offset + 5), width: b.readUInt16BE(offset + 7) };
      offset += 2 + length;
    }
  }
  return null;
}
