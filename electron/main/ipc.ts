// Answers the renderer's calls: one ipcMain.handle per known channel, trusted senders only, input to core as is.
import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { invokeChannels } from '../../shared/channel-names';
import type { Core } from '../core/app';
import { isTrustedSender, type SenderFacts } from './policy';

function senderFactsOf(event: IpcMainInvokeEvent): SenderFacts {
  const frame = event.senderFrame;
  return {
    frameUrl: frame ? frame.url : null,
    isMainFrame: frame !== null && frame.parent === null,
    webContentsId: event.sender.id,
  };
}

/**
 * Registers the handlers; returns the function that removes them. Calls from anything but our own
 * window's main frame showing our own page are rejected before core sees them.
 */
export function registerInvokeHandlers(
  core: Core,
  ownWebContentsIds: () => ReadonlySet<number>,
): () => void {
  for (const channel of invokeChannels) {
    ipcMain.handle(channel, async (event, input: unknown) => {
      if (!isTrustedSender(senderFactsOf(event), ownWebContentsIds())) {
        throw new Error(`Refused ${channel}: the call did not come from Atelier's window`);
      }
      return core.invoke(channel, input);
    });
  }
  return () => {
    for (const channel of invokeChannels) ipcMain.removeHandler(channel);
  };
}
