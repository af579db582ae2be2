// The media library: pictures, sounds and films on disk per kind, one atomic index each, sidecars to rebuild it.
import { readFile, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { MediaItem, MediaKind, MediaPage, MediaValue } from '../../../shared/types';
import { writeFileAtomic } from './atomic-write';
import { makeFolder } from './data-folder';
import { isStorableId, newMediaId } from './ids';
import { INDEX_FILE, kindOfId, mediaLayout, storedMime } from './media-layout';
import { mediaLoader } from './media-load';
import { imageSize, makeThumbnail } from './pictures';
import { openRecovery, type Recovery } from './recovery';
import { serviceError } from '../service/errors';

export const MEDIA_KINDS: readonly MediaKind[] = ['image', 'audio', 'video'];

/** Long side of the thumbnails made for pictures. */
export const THUMB_SIDE = 256;

export interface MediaAddInput {
  kind: MediaKind;
  bytes: Uint8Array;
  /** The type the service or the user gave; the sniffed type wins when the bytes are recognised. */
  mime: string;
  title: string;
  model?: string | null;
  cost?: string | null;
  params?: Record<string, MediaValue>;
  sources?: string[];
  extra?: Record<string, MediaValue>;
  /** The chat message it was made from: listed under "From chats", linking back. */
  fromChat?: MediaItem['fromChat'];
}

/** Which items a list shows: made in their own tab, or made from or attached to chats. */
export type MediaOrigin = 'made' | 'chats';

export interface ResolvedMedia {
  path: string;
  mime: string;
  size: number;
}

export type MediaVariant = 'full' | 'thumb';

export interface MediaLibrary {
  add(input: MediaAddInput): Promise<MediaItem>;
  /** Newest first; every item of the kind unless `origin` says which. */
  list(
    kind: MediaKind,
    page?: { offset?: number; limit?: number; origin?: MediaOrigin; conversationId?: string },
  ): MediaPage;
  /** ServiceError 'not_found' when there is no such item. */
  get(id: string): MediaItem;
  find(id: string): MediaItem | null;
  /** The stored bytes, e.g. to send a picture from the library to the service. */
  read(id: string): Promise<Buffer>;
  /** Renames an item or adds facts to `extra` (a transcript's id, a duration measured later). */
  update(
    id: string,
    patch: { title?: string; extra?: Record<string, MediaValue> },
  ): Promise<MediaItem>;
  /** Removes the file, its thumbnail and its sidecar; answers the removed item. */
  delete(id: string): Promise<MediaItem>;
  /** Where a host finds the bytes to serve; a missing thumbnail falls back to the full file. */
  resolve(id: string, variant: MediaVariant): Promise<ResolvedMedia | null>;
  /** Waits for every index write started so far. */
  flush(): Promise<void>;
}

export interface MediaLibraryOptions {
  now?: () => Date;
  /** Where damaged files go; by default `recovered/` of the data folder the library sits in. */
  recovery?: Pick<Recovery, 'setAside'>;
}

export function isMediaId(id: string): boolean {
  return isStorableId('media', id);
}

/** Newest first; ids carry the time, so equal timestamps still sort the same way every time. */
const newestFirst = (a: MediaItem, b: MediaItem): number =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

/**
 * Where an item came from: a chat when it names its message (Read aloud, Illustrate, Animate) or
 * was attached to a message (attachments carry `attachedToChat`); else the tab it was made in.
 */
export function originOf(item: Pick<MediaItem, 'fromChat' | 'extra'>): MediaOrigin {
  return item.fromChat || item.extra.attachedToChat === true ? 'chats' : 'made';
}

export async function createMediaLibrary(
  dir: string,
  options: MediaLibraryOptions = {},
): Promise<MediaLibrary> {
  const now = options.now ?? (() => new Date());
  const recovery = options.recovery ?? openRecovery(dirname(dir));
  const byKind = new Map<MediaKind, MediaItem[]>();
  const byId = new Map<string, MediaItem>();

  const layout = mediaLayout(dir);
  const { kindDir, fileOf, thumbsOf, sidecarOf, filesOf } = layout;
  const loadKindFiles = mediaLoader({ layout, now, recovery });

  async function loadKind(kind: MediaKind): Promise<void> {
    const { items, indexStale } = await loadKindFiles(kind);
    const sorted = items.sort(newestFirst);
    byKind.set(kind, sorted);
    for (const item of sorted) byId.set(item.id, item);
    // The index is a cache of the sidecars: a start that cannot write it (a full disk) goes on.
    if (indexStale) await writeIndex(kind).catch(() => undefined);
  }

  const indexWrites = new Set<Promise<void>>();
  function writeIndex(kind: MediaKind): Promise<void> {
    const items = byKind.get(kind) ?? [];
    const write = writeFileAtomic(
      join(kindDir(kind), INDEX_FILE),
      JSON.stringify({ version: 1, items }),
    );
    indexWrites.add(write);
    void write.catch(() => undefined).then(() => indexWrites.delete(write));
    return write;
  }

  function itemOf(id: string): MediaItem {
    const item = byId.get(id);
    if (!item)
      throw serviceError(
        'not_found',
        'This media item is not in the library (it may have been deleted).',
      );
    return item;
  }

  async function persist(item: MediaItem): Promise<void> {
    await writeFileAtomic(sidecarOf(item), JSON.stringify(item));
    await writeIndex(item.kind);
  }

  await makeFolder(dir);
  for (const kind of MEDIA_KINDS) await loadKind(kind);

  return {
    async add(input) {
      const createdAt = now();
      const id = newMediaId(input.kind, createdAt);
      const mime = storedMime(input.bytes, input.mime);
      const size = input.kind === 'image' ? imageSize(input.bytes) : null;
      const item: MediaItem = {
        id,
        kind: input.kind,
        mime,
        size: input.bytes.byteLength,
        title: input.title.trim() || id,
        createdAt: createdAt.toISOString(),
        model: input.model ?? null,
        cost: input.cost ?? null,
        params: input.params ?? {},
        sources: input.sources ?? [],
        extra: input.extra ?? {},
        width: size?.width ?? null,
        height: size?.height ?? null,
        ...(input.fromChat ? { fromChat: { ...input.fromChat } } : {}),
        hasThumb: false,
      };
      try {
        await writeFileAtomic(fileOf(item), input.bytes);
        if (input.kind === 'image' && size && Math.max(size.width, size.height) > THUMB_SIDE) {
          const thumb = await makeThumbnail(input.bytes, THUMB_SIDE);
          const file = thumb && thumbsOf(item).find(({ mime }) => mime === thumb.mime);
          if (thumb && file) {
            await writeFileAtomic(file.path, thumb.bytes);
            item.hasThumb = true;
          }
        }
        // The sidecar comes last: one on disk means the files it describes are there too.
        await writeFileAtomic(sidecarOf(item), JSON.stringify(item));
      } catch (e) {
        await Promise.all(
          [...filesOf(item), sidecarOf(item)].map((file) => rm(file, { force: true })),
        );
        throw serviceError('storage', `The ${input.kind} could not be saved: ${String(e)}`);
      }
      const items = byKind.get(item.kind) ?? [];
      items.unshift(item);
      items.sort(newestFirst);
      byKind.set(item.kind, items);
      byId.set(item.id, item);
      await writeIndex(item.kind);
      return item;
    },

    list(kind, page = {}) {
      const all = byKind.get(kind) ?? [];
      const { origin, conversationId } = page;
      const items =
        origin || conversationId
          ? all.filter(
              (item) =>
                (!origin || originOf(item) === origin) &&
                (!conversationId || item.fromChat?.conversationId === conversationId),
            )
          : all;
      const offset = page.offset ?? 0;
      const limit = page.limit ?? 100;
      return { items: items.slice(offset, offset + limit), total: items.length };
    },

    get: itemOf,

    find: (id) => byId.get(id) ?? null,

    async read(id) {
      const item = itemOf(id);
      try {
        return await readFile(fileOf(item));
      } catch {
        throw serviceError(
          'storage',
          `The file of "${item.title}" is missing from the library folder.`,
        );
      }
    },

    async update(id, patch) {
      const item = itemOf(id);
      if (patch.title !== undefined && patch.title.trim() !== '') item.title = patch.title.trim();
      if (patch.extra) item.extra = { ...item.extra, ...patch.extra };
      await persist(item);
      return item;
    },

    async delete(id) {
      const item = itemOf(id);
      byId.delete(id);
      byKind.set(
        item.kind,
        (byKind.get(item.kind) ?? []).filter((other) => other.id !== id),
      );
      // The sidecar goes first, so a crash part way leaves orphans that the next start removes.
      await rm(sidecarOf(item), { force: true });
      await Promise.all(filesOf(item).map((file) => rm(file, { force: true })));
      await writeIndex(item.kind);
      return item;
    },

    async resolve(id, variant) {
      if (kindOfId(id) === null) return null;
      const item = byId.get(id);
      if (!item) return null;
      const files =
        variant === 'thumb' && item.hasThumb
          ? thumbsOf(item)
          : [{ path: fileOf(item), mime: item.mime }];
      for (const { path, mime } of files) {
        try {
          return { path, mime, size: (await stat(path)).size };
        } catch {
          // Not this one: the next type of thumbnail, or nothing.
        }
      }
      return null;
    },

    async flush() {
      await Promise.allSettled([...indexWrites]);
    },
  };
}
