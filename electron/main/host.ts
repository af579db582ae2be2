// What core asks of Electron main: links handed to the system browser, media files saved where the user chooses.
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { app, dialog, shell, type BrowserWindow } from 'electron';
import { extensionOfMime } from '../../shared/media-files';
import type { Host } from '../core/features/context';
import { confirmMcpCommand } from './mcp-confirm';
import { isSafeExternalUrl } from './policy';

/** `window` is the app's window, the parent of the save dialog (none while it is closed). */
export function createElectronHost(window: () => BrowserWindow | null): Host {
  return {
    async openExternal(url) {
      if (!isSafeExternalUrl(url)) return false;
      await shell.openExternal(url, { activate: true });
      return true;
    },

    async saveMedia(file, suggestedName) {
      const extension = extensionOfMime(file.mime);
      const options = {
        defaultPath: join(app.getPath('downloads'), suggestedName),
        filters: [{ name: extension.toUpperCase(), extensions: [extension] }],
      };
      const parent = window();
      const choice = parent
        ? await dialog.showSaveDialog(parent, options)
        : await dialog.showSaveDialog(options);
      if (choice.canceled || !choice.filePath) return { saved: false };
      try {
        await copyFile(file.path, choice.filePath);
      } catch (e) {
        throw new Error(`Could not save to ${choice.filePath}: ${String(e)}`, { cause: e });
      }
      return { saved: true };
    },

    confirmMcpCommand: (request) => confirmMcpCommand(window(), request),

    async pickFile(request) {
      const options = {
        title: request.title,
        properties: ['openFile' as const],
        filters: [request.filter],
      };
      const parent = window();
      const choice = parent
        ? await dialog.showOpenDialog(parent, options)
        : await dialog.showOpenDialog(options);
      const path = choice.canceled ? undefined : choice.filePaths[0];
      return path ? { path } : { path: null, canPick: true };
    },
  };
}
