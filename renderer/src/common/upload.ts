// Sends a file to core in 256 KiB binary chunks over files.*: progress, cancel on abort, the app's size limit checked first.
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

/** A slice's bytes, read natively off the page's own script; they travel to core as they are. */
async function bytesOf(slice: Blob): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await slice.arrayBuffer());
}

/**
 * Uploads `file` and answers the StoredFile (check its sniffedMime before use). Chunks go one at
 * a time while the next one is being read; an abort cancels the upload in core too.
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
  const read = (from: number): Promise<Uint8Array<ArrayBuffer>> | null => {
    if (from >= total) return null;
    const reading = bytesOf(file.slice(from, from + UPLOAD_CHUNK_BYTES));
    // Awaited on the next turn of the loop; this keeps a failure meanwhile from counting as unhandled.
    reading.catch(() => undefined);
    return reading;
  };
  let offset = 0;
  let next = read(0);
  while (next !== null) {
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = await next;
    } catch (error) {
      return abandon(
        refusal('invalid_input', error instanceof Error ? error.message : String(error)),
      );
    }
    if (signal?.aborted) return abandon(cancelled());
    const sending = invoke('files.chunk', { uploadId, offset, bytes });
    const chunkEnd = Math.min(total, offset + UPLOAD_CHUNK_BYTES);
    next = read(chunkEnd);
    const sent = await sending;
    if (!sent.ok) return abandon(sent);
    offset = sent.data.received;
    onProgress?.(offset, total);
  }
  if (signal?.aborted) return abandon(cancelled());
  const finished = await invoke('files.finish', { uploadId });
  return finished.ok ? finished : abandon(finished);
}
