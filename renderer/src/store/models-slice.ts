// The service's model list, loaded through core (which caches it), and each task's choice kept to what the list in use has.
import {
  defaultModelFor,
  repairFor,
  type ModelRepair,
  type ModelTask,
} from '../../../shared/model-defaults';
import type { PriceBasis } from '../../../shared/prices';
import type { ModelInfo, UserError } from '../../../shared/types';
import { invoke } from '../platform';
import type { SliceCreator } from './slice';

export interface ModelsSlice {
  models: ModelInfo[];
  modelsLoading: boolean;
  modelsError: UserError | null;
  /**
   * `afterSwitch`: the service in use changed (another address, the demo, another key), so a task's
   * choice the new list lacks is repaired once it arrives, and ids typed for the old one forgotten.
   */
  loadModels(refresh: boolean, afterSwitch?: boolean): Promise<void>;
  /** Ids the person typed on the service in use: kept though its list lacks them. */
  typedModels: string[];
  rememberTypedModel(id: string): void;
  /** Choices the list lacked and what each task uses instead, said once under its picker. */
  modelRepairs: Partial<Record<ModelTask, ModelRepair>>;
  noteModelRepair(repair: ModelRepair): void;
  clearModelRepair(task: ModelTask): void;
}

/**
 * The choices other slices hold, named by their shape rather than imported: those slices reach
 * this one, and a type import back would close a circle.
 */
interface ChoicesElsewhere {
  settings: { priceBasis?: PriceBasis; defaultModel: string } | null;
  imageDraft: { generateModel: string; editModel: string };
  setImageDraft(patch: { generateModel?: string; editModel?: string }): void;
  speechDraft: { model: string };
  setSpeechDraft(patch: { model?: string }): void;
  musicDraft: { model: string };
  setMusicDraft(patch: { model?: string }): void;
  transcribeDraft: { model: string };
  setTranscribeDraft(patch: { model?: string }): void;
  videoDraft: { model: string };
  setVideoDraft(patch: { model?: string }): void;
}

/** The chat model a new conversation takes: the one chosen in Settings, else the list's default. */
export function chatDefaultOf(
  state: Pick<ModelsSlice, 'models'> & Pick<ChoicesElsewhere, 'settings'>,
): string {
  const chosen = state.settings?.defaultModel.trim() ?? '';
  return chosen || defaultModelFor('chat', state.models, state.settings?.priceBasis ?? 'auto');
}

export const createModelsSlice: SliceCreator<ModelsSlice, ChoicesElsewhere> = (set, get) => {
  let latest = 0;

  /** Every draft's model the new list lacks goes to the list's default, and says so. */
  function repairDrafts(): void {
    const state = get();
    const basis = state.settings?.priceBasis ?? 'auto';
    const repairs: Partial<Record<ModelTask, ModelRepair>> = {};
    const check = (task: ModelTask, chosen: string, apply: (id: string) => void): void => {
      const repair = repairFor(task, chosen, state.models, basis);
      if (!repair || repair.to === '') return;
      repairs[task] = repair;
      apply(repair.to);
    };
    check('image', state.imageDraft.generateModel, (id) =>
      state.setImageDraft({ generateModel: id }),
    );
    check('image-edit', state.imageDraft.editModel, (id) => state.setImageDraft({ editModel: id }));
    check('speech', state.speechDraft.model, (id) => state.setSpeechDraft({ model: id }));
    check('music', state.musicDraft.model, (id) => state.setMusicDraft({ model: id }));
    check('transcription', state.transcribeDraft.model, (id) =>
      state.setTranscribeDraft({ model: id }),
    );
    check('video', state.videoDraft.model, (id) => state.setVideoDraft({ model: id }));
    if (Object.keys(repairs).length > 0)
      set((s) => ({ modelRepairs: { ...s.modelRepairs, ...repairs } }));
  }

  return {
    models: [],
    modelsLoading: false,
    modelsError: null,
    typedModels: [],
    modelRepairs: {},
    loadModels: async (refresh, afterSwitch = false) => {
      const ticket = ++latest;
      set(afterSwitch ? { modelsLoading: true, typedModels: [] } : { modelsLoading: true });
      const envelope = await invoke('models.list', refresh ? { refresh: true } : {});
      if (ticket !== latest) return;
      if (!envelope.ok) {
        set({ modelsLoading: false, modelsError: envelope.error });
        return;
      }
      set({ models: envelope.data, modelsLoading: false, modelsError: null });
      if (afterSwitch) repairDrafts();
    },
    rememberTypedModel: (id) =>
      set((s) => (s.typedModels.includes(id) ? {} : { typedModels: [...s.typedModels, id] })),
    noteModelRepair: (repair) =>
      set((s) => ({ modelRepairs: { ...s.modelRepairs, [repair.task]: repair } })),
    clearModelRepair: (task) =>
      set((s) => {
        if (!(task in s.modelRepairs)) return {};
        const rest = { ...s.modelRepairs };
        delete rest[task];
        return { modelRepairs: rest };
      }),
  };
};
