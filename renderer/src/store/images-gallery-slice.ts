// The image gallery: the library's pictures in pages, newest first, reloaded when the library changes.
import { markMediaDeleted } from '../common/deleted-media';
import type { MediaOriginChoice } from '../../../shared/studio-actions';
import type { MediaItem, UserError } from '../../../shared/types';
import { invoke } from '../platform';
import type { ImageFormSlice } from './images-form-slice';
import type { SliceCreator } from './slice';

export const GALLERY_PAGE = 100;

export interface ImageGallerySlice {
  galleryTotal: number;
  /** Loaded pages of GALLERY_PAGE items, newest first, by page number. */
  galleryPages: Record<number, MediaItem[]>;
  galleryError: UserError | null;
  /** Pictures made in the tab (the default) or from chats. */
  galleryOrigin: MediaOriginChoice;
  setGalleryOrigin(origin: MediaOriginChoice): Promise<void>;
  loadGalleryPage(page: number): Promise<void>;
  /** The library changed: reload the count and every page already shown. */
  reloadGallery(): Promise<void>;
  deleteImage(id: string): Promise<UserError | null>;
}

export const createImageGallerySlice: SliceCreator<ImageGallerySlice, ImageFormSlice> = (
  set,
  get,
) => {
  const pagesLoading = new Set<number>();
  let galleryGeneration = 0;

  return {
    galleryTotal: 0,
    galleryPages: {},
    galleryError: null,
    galleryOrigin: 'made',
    setGalleryOrigin: async (origin) => {
      if (origin === get().galleryOrigin) return;
      set({ galleryOrigin: origin, galleryPages: {}, galleryTotal: 0 });
      await get().reloadGallery();
    },

    loadGalleryPage: async (page) => {
      if (pagesLoading.has(page) || get().galleryPages[page]) return;
      pagesLoading.add(page);
      const generation = galleryGeneration;
      const answer = await invoke('media.list', {
        kind: 'image',
        origin: get().galleryOrigin,
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
          invoke('media.list', {
            kind: 'image',
            origin: get().galleryOrigin,
            offset: page * GALLERY_PAGE,
            limit: GALLERY_PAGE,
          }),
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
      markMediaDeleted(id);
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
