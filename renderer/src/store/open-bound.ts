// Bounds the conversations the store keeps loaded in full: the open one, any still answering, and
// the few opened last; the others are read again from core when next opened.
import type { Conversation } from '../../../shared/types';

/** Conversations kept loaded besides the active one: switching back and forth stays instant. */
export const KEEP_RECENT = 3;

/** Most recently opened first; moves `id` to the front. */
export function touchRecent(recent: readonly string[], id: string | null): string[] {
  if (id === null) return [...recent];
  return [id, ...recent.filter((other) => other !== id)];
}

/**
 * The loaded conversations to drop: not active, not answering, and not among the `keep` most
 * recently opened. null when nothing goes, so a caller can skip the store update.
 */
export function conversationsToDrop(
  open: Readonly<Record<string, Conversation>>,
  recent: readonly string[],
  busy: ReadonlySet<string>,
  activeId: string | null,
  keep = KEEP_RECENT,
): string[] | null {
  const kept = new Set(recent.filter((id) => id !== activeId).slice(0, keep));
  const drop = Object.keys(open).filter((id) => id !== activeId && !busy.has(id) && !kept.has(id));
  return drop.length > 0 ? drop : null;
}

interface BoundedState {
  open: Record<string, Conversation>;
  activeId: string | null;
  streams: Readonly<Record<string, unknown>>;
  /** A compare's columns still streaming, by answer (their conversation is answering too). */
  compareStreams?: Readonly<Record<string, { conversationId: string }>>;
}

interface StoreLike<S extends BoundedState> {
  getState(): S;
  setState(partial: Partial<S>): void;
  subscribe(listener: (state: S, previous: S) => void): () => void;
}

/** Keeps `store`'s loaded conversations bounded from now on; returns the function that stops it. */
export function boundOpenConversations<S extends BoundedState>(
  store: StoreLike<S>,
  keep = KEEP_RECENT,
): () => void {
  let recent = touchRecent([], store.getState().activeId);
  return store.subscribe((state, previous) => {
    if (state.activeId !== previous.activeId) recent = touchRecent(recent, state.activeId);
    if (state.open === previous.open && state.activeId === previous.activeId) return;
    const drop = conversationsToDrop(
      state.open,
      recent,
      new Set([
        ...Object.keys(state.streams),
        ...Object.values(state.compareStreams ?? {}).map((column) => column.conversationId),
      ]),
      state.activeId,
      keep,
    );
    if (!drop) return;
    const open = { ...state.open };
    for (const id of drop) delete open[id];
    recent = recent.filter((id) => !drop.includes(id));
    store.setState({ open } as Partial<S>);
  });
}
