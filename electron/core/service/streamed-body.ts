// A JSON request body that embeds stored files as base64 without holding them in memory: written piece by piece from disk, its exact length known up front.
import { randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { youngGarbageMeter } from '../library/young-garbage';
import { serviceError } from './errors';

/** Bytes read from disk at a time; a multiple of 3, so each piece encodes on its own. */
const READ_BYTES = 192 * 1024;

/**
 * A stored file in a JSON body, sent as the base64 string JSON.stringify would have written for
 * its bytes (base64 needs no escaping in JSON). `size` is the file's length in bytes; a file that
 * turns out longer or shorter while it is being sent fails the request.
 */
export class FileBase64 {
  constructor(
    readonly path: string,
    readonly size: number,
  ) {}
}

export function fileBase64(path: string, size: number): FileBase64 {
  return new FileBase64(path, size);
}

/** A value of a request type that may be sent from disk instead of memory. */
export type Base64Field = string | FileBase64;

export interface StreamedBody {
  /** Content-Length: the bytes `open()` yields. */
  length: number;
  /** A fresh stream of the whole body, the file re-read from its start (one per attempt). */
  open(): ReadableStream<Uint8Array>;
}

/** The base64 length of `bytes` bytes, padded. */
export function base64Length(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}

const ALPHABET = new TextEncoder().encode(
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
);
const PAD = 0x3d; // '='

/**
 * The base64 of `bytes` as ASCII bytes, written straight into a new array: no string in between,
 * so a large file leaves no garbage strings on the heap, only the pieces the socket has sent.
 */
export function base64Bytes(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(base64Length(bytes.length));
  const whole = bytes.length - (bytes.length % 3);
  let o = 0;
  for (let i = 0; i < whole; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out[o++] = ALPHABET[n >>> 18]!;
    out[o++] = ALPHABET[(n >>> 12) & 63]!;
    out[o++] = ALPHABET[(n >>> 6) & 63]!;
    out[o++] = ALPHABET[n & 63]!;
  }
  const rest = bytes.length - whole;
  if (rest > 0) {
    const n = (bytes[whole]! << 16) | (rest === 2 ? bytes[whole + 1]! << 8 : 0);
    out[o] = ALPHABET[n >>> 18]!;
    out[o + 1] = ALPHABET[(n >>> 12) & 63]!;
    out[o + 2] = rest === 2 ? ALPHABET[(n >>> 6) & 63]! : PAD;
    out[o + 3] = PAD;
  }
  return out;
}

/** The file's base64, piece by piece: read into one reused buffer, each piece 3-byte aligned. */
async function* base64Pieces(file: FileBase64): AsyncGenerator<Uint8Array> {
  const handle = await open(file.path, 'r');
  const buffer = new Uint8Array(READ_BYTES);
  const spent = youngGarbageMeter();
  let position = 0;
  try {
    while (position < file.size) {
      // Fills the buffer whole (reads may come short), so only the last piece is not a multiple of 3.
      let filled = 0;
      while (filled < buffer.length && position + filled < file.size) {
        const { bytesRead } = await handle.read(
          buffer,
          filled,
          buffer.length - filled,
          position + filled,
        );
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      if (filled === 0) break;
      position += filled;
      const piece = base64Bytes(buffer.subarray(0, filled));
      yield piece;
      // Asked for the next piece: the socket has taken this one, which is now garbage.
      spent(piece.length);
    }
    const { bytesRead } = await handle.read(buffer, 0, 1, position);
    if (position !== file.size || bytesRead !== 0)
      throw serviceError('storage', 'The file changed on disk while it was being sent.');
  } finally {
    await handle.close();
  }
}

/**
 * The body of a JSON request: a string when `value` holds no FileBase64, or else a StreamedBody
 * whose bytes equal JSON.stringify of the same value with each file's base64 in its place.
 */
export function jsonBody(value: unknown): string | StreamedBody {
  const files: FileBase64[] = [];
  // A marker no text of the request can hold by chance; each file's string is swapped for it.
  const marker = `atelier-file-${randomBytes(12).toString('hex')}-`;
  const text = JSON.stringify(value, (_key, field: unknown) => {
    if (!(field instanceof FileBase64)) return field;
    files.push(field);
    return `${marker}${files.length - 1}`;
  });
  if (files.length === 0) return text;
  const pieces: Array<Buffer | FileBase64> = [];
  let length = 0;
  let rest = text;
  for (let index = 0; index < files.length; index++) {
    const placeholder = `"${marker}${index}"`;
    const at = rest.indexOf(placeholder);
    const before = Buffer.from(`${rest.slice(0, at)}"`, 'utf8');
    const file = files[index]!;
    pieces.push(before, file);
    length += before.length + base64Length(file.size);
    rest = `"${rest.slice(at + placeholder.length)}`;
  }
  const tail = Buffer.from(rest, 'utf8');
  pieces.push(tail);
  length += tail.length;
  return {
    length,
    open() {
      async function* whole(): AsyncGenerator<Uint8Array> {
        for (const piece of pieces) {
          if (piece instanceof FileBase64) yield* base64Pieces(piece);
          else yield piece;
        }
      }
      const source = whole();
      // Pulled one piece at a time, so at most a piece or two is in memory; a cancel (abort,
      // timeout) closes the file.
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          const next = await source.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
        async cancel() {
          await source.return(undefined);
        },
      });
    },
  };
}
