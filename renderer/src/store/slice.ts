// The one shape of a store slice: a creator that adds `Own` to the state and may read or call what it `Uses` of other slices.
import type { StateCreator } from 'zustand';

/**
 * `Uses` names the other slices this one reaches through `get`/`set`, so a slice never needs the whole
 * AppState (composed in index.ts) and no slice imports the store back.
 */
export type SliceCreator<Own, Uses = unknown> = StateCreator<Own & Uses, [], [], Own>;
