// The service's model list, loaded through core (which caches it).
import type { ModelInfo, UserError } from '../../../shared/types';
import { invoke } from '../platform';
import type { SliceCreator } from './slice';

export interface ModelsSlice {
  models: ModelInfo[];
  modelsLoading: boolean;
  modelsError: UserError | null;
  loadModels(refresh: boolean): Promise<void>;
}

export const createModelsSlice: SliceCreator<ModelsSlice> = (set) => {
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
