// Getting a file core prepared onto the person's disk: Electron saved it through a dialog; in a browser the page reads it in chunks and downloads it.
import type { TransferSaved } from '../../../shared/transfer';
import type { Envelope } from '../../../shared/types';
import { invoke, platformKind } from '../platform';

function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Answers saved: true once the file is on its way to the disk (or saved: false when the person cancelled the dialog). */
export async function deliverPrepared(
  prepared: TransferSaved,
): Promise<Envelope<{ saved: boolean }>> {
  if (prepared.saved || platformKind() === 'electron')
    return { ok: true, data: { saved: prepared.saved } };
  const parts: Uint8Array<ArrayBuffer>[] = [];
  for (let offset = 0; ;) {
    const answer = await invoke('transfer.readOut', { outId: prepared.outId, offset });
    if (!answer.ok) return answer;
    const bytes = bytesOf(answer.data.base64);
    parts.push(bytes);
    offset += bytes.length;
    if (answer.data.done) break;
  }
  const url = URL.createObjectURL(new Blob(parts, { type: prepared.mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = prepared.name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; the page's can go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { ok: true, data: { saved: true } };
}
