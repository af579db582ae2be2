// What a file's bytes are, from their magic numbers, so a file named .pdf that is not a PDF is caught.

const ascii = (bytes: Uint8Array, at: number, text: string): boolean => {
  if (bytes.length < at + text.length) return false;
  for (let i = 0; i < text.length; i += 1) {
    if (bytes[at + i] !== text.charCodeAt(i)) return false;
  }
  return true;
};

const startsWith = (bytes: Uint8Array, signature: readonly number[]): boolean =>
  bytes.length >= signature.length && signature.every((value, i) => bytes[i] === value);

/** Whether `text` occurs within the first `limit` bytes. */
function contains(bytes: Uint8Array, text: string, limit = bytes.length): boolean {
  const end = Math.min(bytes.length, limit) - text.length;
  const first = text.charCodeAt(0);
  for (let at = 0; at <= end; at += 1) {
    if (bytes[at] === first && ascii(bytes, at, text)) return true;
  }
  return false;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EBML = [0x1a, 0x45, 0xdf, 0xa3];
/** BMP header sizes of the DIB variants in use; "BM" alone is too weak a signature. */
const BMP_DIB_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function sniffZip(bytes: Uint8Array): string {
  // Entry names are stored uncompressed in the local headers, so the Word part is visible as text.
  return contains(bytes, 'word/document.xml') || contains(bytes, 'word/_rels/')
    ? DOCX_MIME
    : 'application/zip';
}

function sniffIsoMedia(bytes: Uint8Array): string {
  const brand = String.fromCharCode(...bytes.subarray(8, 12));
  if (brand === 'M4A ' || brand === 'M4B ' || brand === 'M4P ' || brand === 'F4A ') {
    return 'audio/mp4';
  }
  if (brand === 'qt  ') return 'video/quicktime';
  return 'video/mp4';
}

/** MPEG audio frame header: 11 sync bits, a known version, and layer I, II or III. */
function isMpegAudioFrame(bytes: Uint8Array): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff) return false;
  const b1 = bytes[1] ?? 0;
  const b2 = bytes[2] ?? 0;
  const syncRest = (b1 & 0xe0) === 0xe0;
  const version = (b1 >> 3) & 0x03;
  const layer = (b1 >> 1) & 0x03;
  const bitrate = (b2 >> 4) & 0x0f;
  const sampleRate = (b2 >> 2) & 0x03;
  return syncRest && version !== 1 && layer !== 0 && bitrate !== 15 && sampleRate !== 3;
}

/**
 * An ADTS AAC frame header (12 sync bits, layer 00, a listed sampling rate); when the file holds
 * more than that frame, the next frame must start where this one's length says.
 */
function isAdtsFrame(bytes: Uint8Array): boolean {
  if (bytes.length < 7 || bytes[0] !== 0xff || ((bytes[1] ?? 0) & 0xf6) !== 0xf0) return false;
  if ((((bytes[2] ?? 0) >> 2) & 0x0f) > 12) return false;
  const length = (((bytes[3] ?? 0) & 0x03) << 11) | ((bytes[4] ?? 0) << 3) | ((bytes[5] ?? 0) >> 5);
  if (length < 7) return false;
  if (bytes.length <= length + 1) return true;
  return bytes[length] === 0xff && ((bytes[length + 1] ?? 0) & 0xf6) === 0xf0;
}

function isBmp(bytes: Uint8Array): boolean {
  if (!ascii(bytes, 0, 'BM') || bytes.length < 18) return false;
  const dibSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(
    14,
    true,
  );
  return BMP_DIB_SIZES.has(dibSize);
}

/**
 * The MIME type the bytes are, or null when they match none of the types the app reads:
 * PNG, JPEG, GIF, WEBP, BMP, PDF, DOCX (else plain ZIP), WAV, MP3, AAC (ADTS), OGG, WEBM, FLAC,
 * MP4/M4A/MOV.
 */
export function sniffMime(bytes: Uint8Array): string | null {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return 'image/gif';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'image/webp';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WAVE')) return 'audio/wav';
  if (isBmp(bytes)) return 'image/bmp';
  // PDF readers accept the marker a little way into the file; so does this check.
  if (contains(bytes, '%PDF-', 1024)) return 'application/pdf';
  if (startsWith(bytes, ZIP)) return sniffZip(bytes);
  if (ascii(bytes, 0, 'fLaC')) return 'audio/flac';
  if (ascii(bytes, 0, 'OggS')) {
    return contains(bytes, 'theora', 256) ? 'video/ogg' : 'audio/ogg';
  }
  if (startsWith(bytes, EBML)) {
    return contains(bytes, 'webm', 64) ? 'video/webm' : 'video/x-matroska';
  }
  if (ascii(bytes, 4, 'ftyp')) return sniffIsoMedia(bytes);
  if (ascii(bytes, 0, 'ID3') || isMpegAudioFrame(bytes)) return 'audio/mpeg';
  if (isAdtsFrame(bytes)) return 'audio/aac';
  return null;
}

/** The file extension (without the dot) for a MIME type; 'bin' for unknown types. */
export { extensionOfMime as extensionOf } from '../../../shared/media-files';
