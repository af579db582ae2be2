// "Send to chat": a new chat opens with the picture waiting in its message box as an attachment.
import type { MediaItem, UserError } from '../../../shared/types';
import { useAppStore } from '../store';
import { pictureAsPng } from './image-actions';

/** The chat's own attachment path checks, uploads and prepares it, as if the user had dropped it there. */
export async function sendImageToChat(item: MediaItem): Promise<UserError | null> {
  const blob = await pictureAsPng(item).catch(() => null);
  if (!blob)
    return {
      code: 'storage',
      message: 'The picture could not be read from the library.',
      status: null,
      retryable: true,
    };
  const name = `${
    item.title
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .trim()
      .slice(0, 60) || 'image'
  }.png`;
  const file = new File([blob], name, { type: 'image/png' });
  const store = useAppStore.getState();
  store.startNewChat();
  store.addAttachmentFiles('', [file]);
  store.setTab('chat');
  return null;
}
