// Sends a file to core in 1 MiB chunks over files.*: progress, cancel on abort, the app's size limit checked first.
import type { Envelope, StoredFile, UserError } from '../../../shared/types';
import { MAX_UPLOAD_BYTES, UPLOAD_CHUNK_BYTES } from '../../../shared/upload-limits';
import { invoke } from '../platform';

export interface UploadOptions {
  /** The name to keep; a File's own name by default. */
  name?: string;
  /** The claimed type; the Blob's type by default. */
  mime?: string;
  /** After each chunk: bytes core has received, of `total`. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

function refusal(
  code: UserError['code'],
  message: string,
  details?: UserError['details'],
): Envelope<never> {
  const error: UserError = { code, message, status: null, retryable: false };
  if (details) error.details = details;
  return { ok: false, error };
}

/** Base64 of a slice. FileReader encodes natively, away from the page's own script. */
function base64Of(slice: Blob): Promise<string> {
  if (typeof FileReader === 'undefined') {
    return slice.arrayBuffer().then((buffer) => {
      const bytes = new Uint8Array(buffer);
      let binary = '';
      for (let at = 0; at < bytes.length; at += 0x8000) {
        binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
      }
      return btoa(binary);
    });
  }
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(slice);
  });
}

/**
 * Uploads `file` and answers the StoredFile (check its sniffedMime before use). Chunks go one at
 * a time while the next one is being encoded; an abort cancels the upload in core too.
 */
export async function uploadFile(
  file: Blob,
  options: UploadOptions = {},
): Promise<Envelope<StoredFile>> {
  const { signal, onProgress } = options;
  const total = file.size;
  if (total > MAX_UPLOAD_BYTES) {
    return refusal(
      'invalid_input',
      `The file is ${total} bytes; the app takes at most ${MAX_UPLOAD_BYTES}.`,
      { size: total, limit: MAX_UPLOAD_BYTES },
    );
  }
  const cancelled = (): Envelope<never> => refusal('cancelled', 'The upload was cancelled.');
  if (signal?.aborted) return cancelled();

  const name = options.name ?? ('name' in file && typeof file.name === 'string' ? file.name : '');
  const begun = await invoke('files.begin', {
    name: name.trim() || 'file',
    mime: options.mime ?? file.type,
    size: total,
  });
  if (!begun.ok) return begun;
  const { uploadId } = begun.data;
  const abandon = async <T>(answer: Envelope<T>): Promise<Envelope<T>> => {
    await invoke('files.cancel', { uploadId });
    return answer;
  };

  onProgress?.(0, total);
  const encode = (from: number): Promise<string> | null => {
    if (from >= total) return null;
    const encoding = base64Of(file.slice(from, from + UPLOAD_CHUNK_BYTES));
    // Awaited on the next turn of the loop; this keeps a failure meanwhile from counting as unhandled.
    encoding.catch(() => undefined);
    return encoding;
  };
  let offset = 0;
  let next = encode(0);
  while (next !== null) {
    let base64: string;
    try {
      base64 = await next;
    } catch (error) {
      return abandon(
        refusal('invalid_input', error instanceof Error ? error.message : String(error)),
      );
    }
    if (signal?.aborted) return abandon(cancelled());
    const sending = invoke('files.chunk', { uploadId, offset, base64 });
    const chunkEnd = Math.min(total, offset + UPLOAD_CHUNK_BYTES);
    next = encode(chunkEnd);
    const sent = await sending;
    if (!sent.ok) return abandon(sent);
    offset = sent.data.received;
    onProgress?.(offset, total);
  }
  if (signal?.aborted) return abandon(cancelled());
  const finished = await invoke('files.finish', { uploadId });
  return finished.ok ? finished : abandon(finished);
}
