// Images: the form (mode, models, prompt, shape), edit sources, the running request and the gallery pages.
import type { StateCreator } from 'zustand';
import {
  IMAGE_SOURCE_MAX_BYTES,
  imageShapeOf,
  MAX_SOURCE_IMAGES,
  type ImageProgress,
  type ImageRunResult,
  type ImageSourceRef,
} from '../../../shared/images';
import type { Envelope, MediaItem, UserError } from '../../../shared/types';
import { mediaUrl } from '../common/media';
import { uploadFile } from '../common/upload';
import { invoke } from '../platform';
import type { AppState } from './types';

export type ImagesMode = 'generate' | 'edit' | 'sdapi';

export interface ImageDraft {
  generateModel: string;
  editModel: string;
  prompt: string;
  /** '' lets the model choose. */
  size: string;
  /** '' makes the result the first source's size. */
  editSize: string;
  aspectRatio: string;
  negativePrompt: string;
  steps: number;
  sdWidth: number;
  sdHeight: number;
}

export interface EditSource {
  /** Local key for lists and focus; stable while the source is reordered. */
  key: string;
  name: string;
  previewUrl: string;
  /** null while the file is still uploading. */
  ref: ImageSourceRef | null;
  /** 0..1 while uploading. */
  progress: number | null;
}

/** Why a source was not added; the tab words it. */
export type SourceRefusal =
  | { kind: 'tooLarge'; name: string; size: number; limit: number }
  | { kind: 'notImage'; name: string }
  | { kind: 'tooMany'; limit: number }
  | { kind: 'upload'; name: string; error: UserError };

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

export const GALLERY_PAGE = 100;

export interface ImagesSlice {
  imagesMode: ImagesMode;
  setImagesMode(mode: ImagesMode): void;
  imageDraft: ImageDraft;
  setImageDraft(patch: Partial<ImageDraft>): void;
  editSources: EditSource[];
  sourceRefusal: SourceRefusal | null;
  dismissSourceRefusal(): void;
  addSourceFiles(files: readonly File[]): Promise<void>;
  /** Puts a library picture among the edit sources and switches to Edit. */
  takeAsSource(item: MediaItem): void;
  moveEditSource(key: string, step: number): void;
  removeEditSource(key: string): void;
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
  galleryTotal: number;
  /** Loaded pages of GALLERY_PAGE items, newest first, by page number. */
  galleryPages: Record<number, MediaItem[]>;
  galleryError: UserError | null;
  loadGalleryPage(page: number): Promise<void>;
  /** The library changed: reload the count and every page already shown. */
  reloadGallery(): Promise<void>;
  deleteImage(id: string): Promise<UserError | null>;
}

const DEFAULT_DRAFT: ImageDraft = {
  generateModel: '',
  editModel: '',
  prompt: '',
  size: '',
  editSize: '',
  aspectRatio: '1:1',
  negativePrompt: '',
  steps: 20,
  sdWidth: 512,
  sdHeight: 512,
};

let sequence = 0;
function nextKey(prefix: string): string {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${sequence}`;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A number field's value within the service's range and on its step (txt2img sizes are multiples of 8). */
export function fitNumber(value: number, min: number, max: number, step: number): number {
  const stepped = Math.round(value / step) * step;
  if (!Number.isFinite(stepped)) return min;
  return Math.min(max, Math.max(min, stepped));
}

export const createImagesSlice: StateCreator<AppState, [], [], ImagesSlice> = (set, get) => {
  const pagesLoading = new Set<number>();
  let galleryGeneration = 0;

  function patchSource(key: string, patch: Partial<EditSource>): void {
    set((s) => ({
      editSources: s.editSources.map((source) =>
        source.key === key ? { ...source, ...patch } : source,
      ),
    }));
  }

  async function uploadSource(file: File, key: string): Promise<void> {
    const stored = await uploadFile(file, {
      name: file.name,
      onProgress: (sent, total) => patchSource(key, { progress: total > 0 ? sent / total : 1 }),
    });
    if (!get().editSources.some((source) => source.key === key)) return;
    if (!stored.ok || !stored.data.sniffedMime?.startsWith('image/')) {
      get().removeEditSource(key);
      set({
        sourceRefusal: stored.ok
          ? { kind: 'notImage', name: file.name }
          : { kind: 'upload', name: file.name, error: stored.error },
      });
      return;
    }
    patchSource(key, { ref: { fileId: stored.data.fileId }, progress: null });
  }

  /** Sends one request and keeps its outcome; the tab may be closed meanwhile. */
  async function perform(
    mode: ImagesMode,
    prompt: string,
    send: (requestId: string) => Promise<Envelope<ImageRunResult>>,
    sent: readonly ImageSourceRef[] = [],
  ): Promise<void> {
    if (get().imageJob) return;
    const requestId = nextKey('img');
    const attempt = () => perform(mode, prompt, send, sent);
    set({
      imageJob: { requestId, mode, prompt, startedAt: Date.now(), retrying: null },
      imageError: null,
      failedRun: null,
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

  return {
    imagesMode: 'generate',
    setImagesMode: (imagesMode) => set({ imagesMode }),
    imageDraft: DEFAULT_DRAFT,
    setImageDraft: (patch) => set((s) => ({ imageDraft: { ...s.imageDraft, ...patch } })),
    editSources: [],
    sourceRefusal: null,
    dismissSourceRefusal: () => set({ sourceRefusal: null }),

    addSourceFiles: async (files) => {
      const uploads: Promise<void>[] = [];
      for (const file of files) {
        if (get().editSources.length >= MAX_SOURCE_IMAGES) {
          set({ sourceRefusal: { kind: 'tooMany', limit: MAX_SOURCE_IMAGES } });
          break;
        }
        // Refused before a byte is sent: the user learns the size and the limit at once.
        if (file.size > IMAGE_SOURCE_MAX_BYTES) {
          set({
            sourceRefusal: {
              kind: 'tooLarge',
              name: file.name,
              size: file.size,
              limit: IMAGE_SOURCE_MAX_BYTES,
            },
          });
          continue;
        }
        if (file.type !== '' && !file.type.startsWith('image/')) {
          set({ sourceRefusal: { kind: 'notImage', name: file.name } });
          continue;
        }
        const key = nextKey('src');
        set((s) => ({
          editSources: [
            ...s.editSources,
            { key, name: file.name, previewUrl: URL.createObjectURL(file), ref: null, progress: 0 },
          ],
          sourceRefusal: null,
        }));
        uploads.push(uploadSource(file, key));
      }
      await Promise.all(uploads);
    },

    takeAsSource: (item) => {
      if (get().editSources.length >= MAX_SOURCE_IMAGES) {
        set({ sourceRefusal: { kind: 'tooMany', limit: MAX_SOURCE_IMAGES }, imagesMode: 'edit' });
        return;
      }
      set((s) => ({
        imagesMode: 'edit',
        sourceRefusal: null,
        editSources: [
          ...s.editSources,
          {
            key: nextKey('src'),
            name: item.title,
            previewUrl: mediaUrl(item.id, item.hasThumb),
            ref: { mediaId: item.id },
            progress: null,
          },
        ],
      }));
    },

    moveEditSource: (key, step) =>
      set((s) => {
        const from = s.editSources.findIndex((source) => source.key === key);
        const to = from + step;
        if (from < 0 || to < 0 || to >= s.editSources.length) return {};
        const editSources = s.editSources.slice();
        const [moved] = editSources.splice(from, 1);
        editSources.splice(to, 0, moved!);
        return { editSources };
      }),

    removeEditSource: (key) =>
      set((s) => {
        const removed = s.editSources.find((source) => source.key === key);
        if (removed?.previewUrl.startsWith('blob:')) URL.revokeObjectURL(removed.previewUrl);
        return { editSources: s.editSources.filter((source) => source.key !== key) };
      }),

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
        const found = get().models.find((m) => m.id === model);
        const shape =
          imageShapeOf(found, model).kind === 'aspect'
            ? { aspectRatio: draft.aspectRatio }
            : draft.size
              ? { size: draft.size }
              : {};
        await perform(mode, prompt, (requestId) =>
          invoke('images.generate', { requestId, model, prompt, ...shape }),
        );
      } else if (mode === 'edit') {
        const sources = editSources.flatMap((source) => (source.ref ? [source.ref] : []));
        if (sources.length === 0 || sources.length !== editSources.length) return;
        const model = draft.editModel;
        const found = get().models.find((m) => m.id === model);
        const shape =
          imageShapeOf(found, model).kind === 'aspect'
            ? { aspectRatio: draft.aspectRatio }
            : draft.editSize
              ? { size: draft.editSize }
              : {};
        await perform(
          mode,
          prompt,
          (requestId) => invoke('images.edit', { requestId, model, prompt, sources, ...shape }),
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
        await perform('edit', prompt, (requestId) =>
          invoke('images.edit', { requestId, model, prompt, sources, ...shape }),
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

    galleryTotal: 0,
    galleryPages: {},
    galleryError: null,

    loadGalleryPage: async (page) => {
      if (pagesLoading.has(page) || get().galleryPages[page]) return;
      pagesLoading.add(page);
      const generation = galleryGeneration;
      const answer = await invoke('media.list', {
        kind: 'image',
        offset: page * GALLERY_PAGE,
        limit: GALLERY_PAGE,
      });
      pagesLoading.delete(page);
      if (generation !== galleryGeneration) return;
      if (!answer.ok) {
        set({ galleryError: answer.error });
        return;
      }
      set((s) => ({
        galleryTotal: answer.data.total,
        galleryPages: { ...s.galleryPages, [page]: answer.data.items },
        galleryError: null,
      }));
    },

    reloadGallery: async () => {
      galleryGeneration += 1;
      const generation = galleryGeneration;
      pagesLoading.clear();
      const shown = Object.keys(get().galleryPages).map(Number);
      const wanted = shown.length > 0 ? shown : [0];
      const answers = await Promise.all(
        wanted.map((page) =>
          invoke('media.list', { kind: 'image', offset: page * GALLERY_PAGE, limit: GALLERY_PAGE }),
        ),
      );
      if (generation !== galleryGeneration) return;
      const failed = answers.find((answer) => !answer.ok);
      if (failed && !failed.ok) {
        set({ galleryError: failed.error });
        return;
      }
      const galleryPages: Record<number, MediaItem[]> = {};
      let galleryTotal = 0;
      answers.forEach((answer, i) => {
        if (!answer.ok) return;
        galleryTotal = answer.data.total;
        if (answer.data.items.length > 0) galleryPages[wanted[i]!] = answer.data.items;
      });
      set({ galleryPages, galleryTotal, galleryError: null });
    },

    deleteImage: async (id) => {
      const answer = await invoke('media.delete', { id });
      if (!answer.ok) return answer.error;
      set((s) => ({
        editSources: s.editSources.filter(
          (source) => !(source.ref && 'mediaId' in source.ref && source.ref.mediaId === id),
        ),
      }));
      await get().reloadGallery();
      return null;
    },
  };
};
