// This window's local storage, for what the renderer keeps for itself (never the key or the person's data).

/** The part of Storage used, so tests can hand in a plain object. */
export type HostStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The page's local storage, or null where there is none (a locked-down browser throws on access). */
export function pageStorage(): HostStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
