// Files of the data folder that core set aside at start (damaged, unreadable): asked for once, shown until dismissed.
import type { RecoveredFiles } from '../../../shared/storage';
import { invoke } from '../platform';
import type { SliceCreator } from './slice';

export interface StorageSlice {
  /** What core set aside since it started, and where; null until asked, or once dismissed. */
  recovered: RecoveredFiles | null;
  loadRecovered(): Promise<void>;
  /** The person has read the notice: hidden until the next start. */
  dismissRecovered(): void;
}

export const createStorageSlice: SliceCreator<StorageSlice> = (set) => ({
  recovered: null,
  loadRecovered: async () => {
    const envelope = await invoke('storage.recovered', {});
    if (envelope.ok && envelope.data.items.length > 0) set({ recovered: envelope.data });
  },
  dismissRecovered: () => set({ recovered: null }),
});
