// Media deleted in this session: a conversation that shows one draws a "deleted" placeholder at once, even where the browser still caches the file.
import { useEffect, useSyncExternalStore } from 'react';
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

/** Items asked about once a session: the browser may still hold a deleted file in its cache. */
const asked = new Set<string>();

function checkExists(id: string): void {
  if (asked.has(id)) return;
  asked.add(id);
  void invoke('media.get', { id }).then((answer) => {
    if (!answer.ok && answer.error.code === 'not_found') markMediaDeleted(id);
  });
}

/** Whether the item is gone from the library (deleted now, or before this session began). */
export function useMediaDeleted(id: string | undefined): boolean {
  useEffect(() => {
    if (id) checkExists(id);
  }, [id]);
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
