// Answers the renderer's calls: one ipcMain.handle per known channel, trusted senders only, input to core.
import { ipcMain, shell, type IpcMainInvokeEvent } from 'electron';
import { invokeChannels, type InvokeChannel } from '../../shared/channel-names';
import type { Envelope } from '../../shared/types';
import type { Core } from '../core/app';
import { saveMediaAs } from './media-save';
import { isSafeExternalUrl, isTrustedSender, type SenderFacts } from './policy';

function senderFactsOf(event: IpcMainInvokeEvent): SenderFacts {
  const frame = event.senderFrame;
  return {
    frameUrl: frame ? frame.url : null,
    isMainFrame: frame !== null && frame.parent === null,
    webContentsId: event.sender.id,
  };
}

/** Core validated the link; main alone may hand it to the system browser. */
async function openExternalLink(input: unknown): Promise<Envelope<{ opened: boolean }>> {
  const url = (input as { url: string }).url;
  if (!isSafeExternalUrl(url)) return { ok: true, data: { opened: false } };
  await shell.openExternal(url, { activate: true });
  return { ok: true, data: { opened: true } };
}

async function answerCall(
  core: Core,
  channel: InvokeChannel,
  input: unknown,
  event: IpcMainInvokeEvent,
): Promise<Envelope<unknown>> {
  const envelope = await core.invoke(channel, input);
  if (channel === 'shell.openExternal' && envelope.ok) return openExternalLink(input);
  if (channel === 'media.saveAs' && envelope.ok) {
    return saveMediaAs(core, (input as { id: string }).id, event.sender);
  }
  return envelope;
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
      return answerCall(core, channel, input, event);
    });
  }
  return () => {
    for (const channel of invokeChannels) ipcMain.removeHandler(channel);
  };
}
