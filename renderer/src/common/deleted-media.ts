// Media deleted in this session: a conversation that shows one draws a "deleted" placeholder at once, even where the browser still caches the file.
import { useSyncExternalStore } from 'react';
import { invoke } from '../platform';

const deleted = new Set<string>();
const listeners = new Set<() => void>();

export function markMediaDeleted(id: string): void {
  if (deleted.has(id)) return;
  deleted.add(id);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the item was deleted in this session (a file missing since an earlier one shows by its load error). */
export function useMediaDeleted(id: string | undefined): boolean {
  return useSyncExternalStore(subscribe, () => (id ? deleted.has(id) : false));
}

/** The chats that show a media item; an empty list when none does or the check failed. */
export async function conversationsUsing(id: string): Promise<{ id: string; title: string }[]> {
  const answer = await invoke('media.usage', { id });
  return answer.ok ? answer.data.conversations : [];
}

/** Chat titles for a sentence: up to three, quoted in the language's marks, then an ellipsis. */
export function usageTitles(
  conversations: readonly { title: string }[],
  untitled: string,
  language: string,
): string {
  const [open, close] = language === 'ru' ? ['«', '»'] : ['“', '”'];
  const titles = conversations.slice(0, 3).map((c) => `${open}${c.title || untitled}${close}`);
  return conversations.length > 3 ? `${titles.join(', ')}, …` : titles.join(', ');
}
