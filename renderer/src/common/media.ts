// Media in the page: the URL hosts serve each item at, and saving an item to the user's disk.
import { mediaFileName } from '../../../shared/media-files';
import type { Envelope, MediaItem } from '../../../shared/types';
import { WEB_MEDIA_KEY_ITEM } from '../../../shared/web-session';
import { invoke, platformKind } from '../platform';

export { mediaFileName };

/**
 * The key the web host gave this tab for its media addresses ('' in Electron, which needs none).
 * Read each time: a tab let in again is given a new one.
 */
function mediaKeyPart(): string {
  let key: string | null;
  try {
    key = window.sessionStorage.getItem(WEB_MEDIA_KEY_ITEM);
  } catch {
    key = null;
  }
  return key ? `${encodeURIComponent(key)}/` : '';
}

/**
 * The address of an item's bytes (or its thumbnail), relative to the page: app://atelier/media/…
 * in Electron, /media/<this tab's key>/… on the web host (an <img> cannot carry a secret in a
 * header, and a cookie would reach every port of the host). Use it as the src of <img>, <audio>
 * or <video>.
 */
export function mediaUrl(id: string, thumb = false): string {
  return `media/${mediaKeyPart()}${encodeURIComponent(id)}${thumb ? '?thumb=1' : ''}`;
}

/** Starts the browser's download of an item, named after its title. */
export function downloadMedia(item: Pick<MediaItem, 'id' | 'title' | 'mime'>): void {
  const link = document.createElement('a');
  link.href = mediaUrl(item.id);
  link.download = mediaFileName(item);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Saves an item where the user chooses: Electron shows a save dialog (saved: false means the
 * user cancelled); the web host cannot, so the browser downloads it instead.
 */
export async function saveMedia(
  item: Pick<MediaItem, 'id' | 'title' | 'mime'>,
): Promise<Envelope<{ saved: boolean }>> {
  const answer = await invoke('media.saveAs', { id: item.id });
  if (!answer.ok || answer.data.saved || platformKind() === 'electron') return answer;
  downloadMedia(item);
  return { ok: true, data: { saved: true } };
}
