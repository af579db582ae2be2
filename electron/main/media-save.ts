// media.saveAs in Electron: core has checked the id; main asks where to save and copies the file there.
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { app, BrowserWindow, dialog, type WebContents } from 'electron';
import { extensionOfMime, mediaFileName } from '../../shared/media-files';
import type { Envelope, MediaItem } from '../../shared/types';
import type { Core } from '../core/app';

function failure(code: 'not_found' | 'storage', message: string): Envelope<never> {
  return { ok: false, error: { code, message, status: null, retryable: false } };
}

export async function saveMediaAs(
  core: Core,
  id: string,
  sender: WebContents,
): Promise<Envelope<{ saved: boolean }>> {
  const found = await core.invoke('media.get', { id });
  if (!found.ok) return found;
  const item = found.data as MediaItem;
  const media = await core.resolveMedia(id, 'full');
  if (media === null) return failure('not_found', 'The file of this item is missing.');
  const extension = extensionOfMime(item.mime);
  const options = {
    defaultPath: join(app.getPath('downloads'), mediaFileName(item)),
    filters: [{ name: extension.toUpperCase(), extensions: [extension] }],
  };
  const parent = BrowserWindow.fromWebContents(sender);
  const choice = parent
    ? await dialog.showSaveDialog(parent, options)
    : await dialog.showSaveDialog(options);
  if (choice.canceled || !choice.filePath) return { ok: true, data: { saved: false } };
  try {
    await copyFile(media.path, choice.filePath);
  } catch (e) {
    return failure('storage', `Could not save to ${choice.filePath}: ${String(e)}`);
  }
  return { ok: true, data: { saved: true } };
}
