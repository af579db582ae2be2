// The service's model list, loaded through core (which caches it).
import type { StateCreator } from 'zustand';
import { invoke } from '../platform';
import type { AppState, ModelsSlice } from './types';

export const createModelsSlice: StateCreator<AppState, [], [], ModelsSlice> = (set) => {
  let latest = 0;
  return {
    models: [],
    modelsLoading: false,
    modelsError: null,
    loadModels: async (refresh) => {
      const ticket = ++latest;
      set({ modelsLoading: true });
      const envelope = await invoke('models.list', refresh ? { refresh: true } : {});
      if (ticket !== latest) return;
      if (envelope.ok) set({ models: envelope.data, modelsLoading: false, modelsError: null });
      else set({ modelsLoading: false, modelsError: envelope.error });
    },
  };
};
