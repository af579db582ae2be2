// Image runs: generating, editing and txt2img requests, their progress, outcome and failure, and regenerating a gallery item.
import {
  shapeRequest,
  type ImageProgress,
  type ImageRunResult,
  type ImageSourceRef,
} from '../../../shared/images';
import type { Envelope, MediaItem, UserError } from '../../../shared/types';
import { invoke } from '../platform';
import type { BalanceSlice } from './balance-slice';
import { fitNumber, type ImageFormSlice, type ImagesMode } from './images-form-slice';
import type { ImageGallerySlice } from './images-gallery-slice';
import { localKey } from './local-key';
import type { ModelsSlice } from './models-slice';
import type { SliceCreator } from './slice';
import type { SpendingSlice } from './spending-slice';
import { imageEstimate } from '../../../shared/estimates';
import { estimateTokens } from '../../../shared/tokens';

export interface ImageJob {
  requestId: string;
  mode: ImagesMode;
  prompt: string;
  startedAt: number;
  retrying: ImageProgress['retrying'];
}

export interface ImageOutcome {
  mode: ImagesMode;
  items: MediaItem[];
  cost: string | null;
}

export interface ImageRunSlice {
  imageJob: ImageJob | null;
  imageOutcome: ImageOutcome | null;
  imageError: UserError | null;
  /** What failed, so Retry sends it again. */
  failedRun: (() => Promise<void>) | null;
  runImages(): Promise<void>;
  /** Makes a gallery item again from the prompt, model, settings and sources it was made with. */
  regenerateImage(item: MediaItem): Promise<void>;
  cancelImages(): Promise<void>;
  dismissImageError(): void;
  applyImageProgress(progress: ImageProgress): void;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export const createImageRunSlice: SliceCreator<
  ImageRunSlice,
  ImageFormSlice & ImageGallerySlice & ModelsSlice & BalanceSlice & SpendingSlice
> = (set, get) => {
  /** Sends one request and keeps its outcome; the tab may be closed meanwhile. */
  async function perform(
    mode: ImagesMode,
    prompt: string,
    send: (requestId: string) => Promise<Envelope<ImageRunResult>>,
    sent: readonly ImageSourceRef[] = [],
  ): Promise<void> {
    if (get().imageJob) return;
    const requestId = localKey('img');
    const attempt = () => perform(mode, prompt, send, sent);
    // The last run's result and its line go: what shows is this run's progress, then its result.
    set({
      imageJob: { requestId, mode, prompt, startedAt: Date.now(), retrying: null },
      imageError: null,
      failedRun: null,
      imageOutcome: null,
    });
    const answer = await send(requestId);
    set({ imageJob: null });
    if (!answer.ok) {
      set({ imageError: answer.error, failedRun: attempt });
      void get().refreshBalance(false);
      return;
    }
    set({ imageOutcome: { mode, items: answer.data.items, cost: answer.data.cost } });
    // Uploaded sources are in the library now; later runs refer to them there.
    const kept = new Map<string, string>();
    sent.forEach((ref, i) => {
      const mediaId = answer.data.sourceIds[i];
      if ('fileId' in ref && mediaId) kept.set(ref.fileId, mediaId);
    });
    if (kept.size > 0)
      set((s) => ({
        editSources: s.editSources.map((source) => {
          const mediaId = source.ref && 'fileId' in source.ref && kept.get(source.ref.fileId);
          return mediaId ? { ...source, ref: { mediaId } } : source;
        }),
      }));
    void get().reloadGallery();
  }

  /** The ask-first check before one picture is made or edited (each request makes one). */
  function askForPicture(model: string, prompt: string): Promise<boolean> {
    return get().askToSpend('images', model, (info, basis) =>
      imageEstimate(info, { count: 1, promptTokens: estimateTokens(prompt) }, basis),
    );
  }

  return {
    imageJob: null,
    imageOutcome: null,
    imageError: null,
    failedRun: null,

    runImages: async () => {
      const { imagesMode: mode, imageDraft: draft, editSources } = get();
      const prompt = draft.prompt.trim();
      if (!prompt) return;
      if (mode === 'generate') {
        const model = draft.generateModel;
        const shape = shapeRequest(draft.size, draft.aspectRatio);
        if (!(await askForPicture(model, prompt))) return;
        await perform(mode, prompt, (requestId) =>
          invoke('images.generate', { requestId, model, prompt, ...shape }),
        );
      } else if (mode === 'edit') {
        const sources = editSources.flatMap((source) => (source.ref ? [source.ref] : []));
        if (sources.length === 0 || sources.length !== editSources.length) return;
        const model = draft.viaEdits ? draft.mappedModel.trim() : draft.editModel;
        if (!model) return;
        const shape = shapeRequest(draft.editSize, draft.editAspectRatio);
        const endpoint = draft.viaEdits ? ('edits' as const) : ('generations' as const);
        if (!(await askForPicture(model, prompt))) return;
        await perform(
          mode,
          prompt,
          (requestId) =>
            invoke('images.edit', { requestId, model, prompt, sources, endpoint, ...shape }),
          sources,
        );
      } else {
        const negativePrompt = draft.negativePrompt;
        const steps = fitNumber(draft.steps, 1, 150, 1);
        const width = fitNumber(draft.sdWidth, 64, 2048, 8);
        const height = fitNumber(draft.sdHeight, 64, 2048, 8);
        set((s) => ({ imageDraft: { ...s.imageDraft, steps, sdWidth: width, sdHeight: height } }));
        await perform(mode, prompt, (requestId) =>
          invoke('images.sdTxt2img', { requestId, prompt, negativePrompt, steps, width, height }),
        );
      }
    },

    regenerateImage: async (item) => {
      const params = item.params;
      const prompt = str(params.prompt) ?? item.title;
      const size = str(params.size);
      const aspectRatio = str(params.aspectRatio);
      const shape = { ...(size ? { size } : {}), ...(aspectRatio ? { aspectRatio } : {}) };
      if (params.mode === 'sdapi') {
        const [width, height] = (size ?? '512x512').split('x').map(Number);
        const steps = typeof params.steps === 'number' ? params.steps : 20;
        const negativePrompt = str(params.negativePrompt) ?? '';
        await perform('sdapi', prompt, (requestId) =>
          invoke('images.sdTxt2img', {
            requestId,
            prompt,
            negativePrompt,
            steps,
            width: width ?? 512,
            height: height ?? 512,
          }),
        );
      } else if (params.mode === 'edit' && item.sources.length > 0 && item.model) {
        const model = item.model;
        const sources = item.sources.map((mediaId) => ({ mediaId }));
        const endpoint =
          params.endpoint === 'edits' ? ('edits' as const) : ('generations' as const);
        await perform('edit', prompt, (requestId) =>
          invoke('images.edit', { requestId, model, prompt, sources, endpoint, ...shape }),
        );
      } else if (item.model) {
        const model = item.model;
        await perform('generate', prompt, (requestId) =>
          invoke('images.generate', { requestId, model, prompt, ...shape }),
        );
      }
    },

    cancelImages: async () => {
      const job = get().imageJob;
      if (job) await invoke('images.cancel', { requestId: job.requestId });
    },

    dismissImageError: () => set({ imageError: null, failedRun: null }),

    applyImageProgress: (progress) =>
      set((s) =>
        s.imageJob?.requestId === progress.requestId
          ? { imageJob: { ...s.imageJob, retrying: progress.retrying } }
          : {},
      ),
  };
};
