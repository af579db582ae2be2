// A Storage stand-in in memory, with its items in view, for the renderer's local-storage helpers.
import type { HostStorage } from '../../../../renderer/src/common/page-storage';

export function memoryStorage(initial: Record<string, string> = {}): HostStorage & {
  items: Record<string, string>;
} {
  const items = { ...initial };
  return {
    items,
    getItem: (key) => items[key] ?? null,
    setItem: (key, value) => {
      items[key] = value;
    },
  };
}
