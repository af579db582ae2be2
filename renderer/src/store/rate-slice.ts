// The wait the service asked for (a 429 with a long Retry-After): core pushes it, the person may lift it.
import type { ServiceHold } from '../../../shared/rate';
import { invoke } from '../platform';
import type { SliceCreator } from './slice';

export interface RateSlice {
  /** Every request to the service waits until serviceHold.untilMs; null when none does. */
  serviceHold: ServiceHold | null;
  applyServiceHold(hold: ServiceHold | null): void;
  /** Asks core for the hold in force (one may have begun before the page subscribed). */
  loadServiceHold(): Promise<void>;
  /** "Retry now": requests may start at once again. */
  retryNow(): Promise<void>;
}

export const createRateSlice: SliceCreator<RateSlice> = (set) => ({
  serviceHold: null,
  applyServiceHold: (serviceHold) => set({ serviceHold }),
  loadServiceHold: async () => {
    const envelope = await invoke('rate.hold', {});
    if (envelope.ok) set({ serviceHold: envelope.data });
  },
  retryNow: async () => {
    const envelope = await invoke('rate.retryNow', {});
    // Core also says so with an event; hiding the notice at once answers the click.
    if (envelope.ok) set({ serviceHold: null });
  },
});
