// "Send to chat": a new chat opens with the library's picture waiting in its message box as an attachment.
import type { MediaItem, UserError } from '../../../shared/types';
import { useAppStore } from '../store';

/** Core attaches the kept picture by its id; on a refusal the person stays where they are. */
export async function sendImageToChat(item: MediaItem): Promise<UserError | null> {
  const store = useAppStore.getState();
  const refused = await store.attachLibraryPicture('', item.id);
  if (refused) return refused;
  store.startNewChat();
  store.setTab('chat');
  return null;
}
