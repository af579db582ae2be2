// The welcome screen's state: shown while nothing is set up, until the person connects or looks around first.
import type { SettingsView } from '../../../shared/types';
import type { SliceCreator } from './slice';

/**
 * auto: shown while nothing is set up; dismissed: the person chose to look around first;
 * connected: connected from the welcome screen, which stays to say so until they go on.
 */
export type WelcomeState = 'auto' | 'dismissed' | 'connected';

export interface FirstRunSlice {
  welcome: WelcomeState;
  setWelcome(state: WelcomeState): void;
}

/** No key for the address and not the demo: nothing can be asked of a service yet. */
export function needsSetup(settings: SettingsView | null): boolean {
  return settings !== null && !settings.demo && !settings.keySet;
}

/** Whether the Chat panel shows the welcome screen instead of the chat. */
export function showsWelcome(settings: SettingsView | null, welcome: WelcomeState): boolean {
  return welcome === 'connected' || (welcome === 'auto' && needsSetup(settings));
}

export const createFirstRunSlice: SliceCreator<FirstRunSlice> = (set) => ({
  welcome: 'auto',
  setWelcome: (welcome) => set({ welcome }),
});
