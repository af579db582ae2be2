// What the gallery does with one picture outside the store: put it on the clipboard, get its bytes as a Blob.
import type { MediaItem } from '../../../shared/types';
import { mediaUrl } from '../common/media';

/** The picture drawn again as PNG, the type every clipboard takes (the page never fetches). */
export async function pictureAsPng(item: MediaItem): Promise<Blob | null> {
  const image = new Image();
  image.src = mediaUrl(item.id);
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  canvas.getContext('2d')?.drawImage(image, 0, 0);
  return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
}

/** Copies the picture itself; false when the clipboard refuses it. */
export async function copyImage(item: MediaItem): Promise<boolean> {
  try {
    const blob = await pictureAsPng(item);
    if (!blob) return false;
    await navigator.clipboard.write([new ClipboardItem({ 'image/png': blob })]);
    return true;
  } catch {
    return false;
  }
}
