// Images form: the mode, the draft (models, prompt, shape) and the edit sources being uploaded or taken from the library.
import {
  IMAGE_SOURCE_MAX_BYTES,
  MAX_SOURCE_IMAGES,
  type ImageSourceRef,
} from '../../../shared/images';
import type { MediaItem, UserError } from '../../../shared/types';
import { mediaUrl } from '../common/media';
import { uploadFile } from '../common/upload';
import { localKey } from './local-key';
import type { SliceCreator } from './slice';

export type ImagesMode = 'generate' | 'edit' | 'sdapi';

export interface ImageDraft {
  generateModel: string;
  editModel: string;
  /** Edit through /images/edits: the id the service appends -imgedit to (an account mapping). */
  viaEdits: boolean;
  mappedModel: string;
  prompt: string;
  /** '' lets the model choose. */
  size: string;
  /** '' makes the result the first source's size. */
  editSize: string;
  aspectRatio: string;
  /** The edit mode's own aspect ratio ('' not sent), apart from the generate mode's. */
  editAspectRatio: string;
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

export interface ImageFormSlice {
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
}

const DEFAULT_DRAFT: ImageDraft = {
  generateModel: '',
  editModel: '',
  viaEdits: false,
  mappedModel: '',
  prompt: '',
  size: '',
  editSize: '',
  aspectRatio: '',
  editAspectRatio: '',
  negativePrompt: '',
  steps: 20,
  sdWidth: 512,
  sdHeight: 512,
};

/** A number field's value within the service's range and on its step (txt2img sizes are multiples of 8). */
export function fitNumber(value: number, min: number, max: number, step: number): number {
  const stepped = Math.round(value / step) * step;
  if (!Number.isFinite(stepped)) return min;
  return Math.min(max, Math.max(min, stepped));
}

export const createImageFormSlice: SliceCreator<ImageFormSlice> = (set, get) => {
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
        const key = localKey('src');
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
            key: localKey('src'),
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
  };
};
