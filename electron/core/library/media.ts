// The media library: pictures, sounds and films on disk per kind, one atomic index each, sidecars to rebuild it.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { extensionOfMime } from '../../../shared/media-files';
import type { MediaItem, MediaKind, MediaPage, MediaValue } from '../../../shared/types';
import { isAtomicTempFile, writeFileAtomic } from './atomic-write';
import { imageSize, makeThumbnail } from './pictures';
import { serviceError } from '../service/errors';
import { sniffMime } from './sniff';

export const MEDIA_KINDS: readonly MediaKind[] = ['image', 'audio', 'video'];

/** Long side of the thumbnails made for pictures. */
export const THUMB_SIDE = 256;
/** What a thumbnail may be, in the order resolve looks for it. */
const THUMB_MIMES = ['image/jpeg', 'image/png'] as const;

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
}

export interface ResolvedMedia {
  path: string;
  mime: string;
  size: number;
}

export type MediaVariant = 'full' | 'thumb';

export interface MediaLibrary {
  add(input: MediaAddInput): Promise<MediaItem>;
  /** Newest first. */
  list(kind: MediaKind, page?: { offset?: number; limit?: number }): MediaPage;
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
}

const INDEX_FILE = 'index.json';
const ID = /^(image|audio|video)-[0-9a-z]{1,12}-[0-9a-f]{12}$/;
/** Types a host may serve inline; anything else (HTML, SVG with scripts) is stored as opaque bytes. */
const SERVABLE_MIME =
  /^(image\/(png|jpeg|gif|webp|bmp|avif)|audio\/[a-z0-9.+-]+|video\/[a-z0-9.+-]+)$/;

const mediaValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const itemSchema = z.object({
  id: z.string().regex(ID),
  kind: z.enum(['image', 'audio', 'video']),
  mime: z.string(),
  size: z.number().int().min(0),
  title: z.string(),
  createdAt: z.string(),
  model: z.string().nullable(),
  cost: z.string().nullable(),
  params: z.record(z.string(), mediaValue),
  sources: z.array(z.string()),
  extra: z.record(z.string(), mediaValue),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  hasThumb: z.boolean(),
});
const indexSchema = z.object({ version: z.literal(1), items: z.array(itemSchema) });

export function isMediaId(id: string): boolean {
  return ID.test(id);
}

function kindOfId(id: string): MediaKind | null {
  if (!ID.test(id)) return null;
  return id.slice(0, id.indexOf('-')) as MediaKind;
}

function storedMime(bytes: Uint8Array, claimed: string): string {
  const sniffed = sniffMime(bytes);
  if (sniffed !== null) return sniffed;
  const plain = claimed.split(';')[0]?.trim().toLowerCase() ?? '';
  return SERVABLE_MIME.test(plain) ? plain : 'application/octet-stream';
}

/** Newest first; ids carry the time, so equal timestamps still sort the same way every time. */
const newestFirst = (a: MediaItem, b: MediaItem): number =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

export async function createMediaLibrary(
  dir: string,
  options: MediaLibraryOptions = {},
): Promise<MediaLibrary> {
  const now = options.now ?? (() => new Date());
  const byKind = new Map<MediaKind, MediaItem[]>();
  const byId = new Map<string, MediaItem>();

  const kindDir = (kind: MediaKind): string => join(dir, kind);
  const fileOf = (item: Pick<MediaItem, 'id' | 'kind' | 'mime'>): string =>
    join(kindDir(item.kind), `${item.id}.${extensionOfMime(item.mime)}`);
  /**
   * A thumbnail is a JPEG, or a PNG for a picture with transparency; a library written before
   * thumbnails could be JPEG has PNGs only, so each is looked for in this order.
   */
  const thumbsOf = (item: Pick<MediaItem, 'id' | 'kind'>): { path: string; mime: string }[] =>
    THUMB_MIMES.map((mime) => ({
      path: join(kindDir(item.kind), `${item.id}.thumb.${extensionOfMime(mime)}`),
      mime,
    }));
  const sidecarOf = (item: Pick<MediaItem, 'id' | 'kind'>): string =>
    join(kindDir(item.kind), `${item.id}.json`);
  /** The item's bytes and every thumbnail it may have; not its sidecar. */
  const filesOf = (item: Pick<MediaItem, 'id' | 'kind' | 'mime'>): string[] => [
    fileOf(item),
    ...thumbsOf(item).map(({ path }) => path),
  ];

  async function readItem(file: string): Promise<MediaItem | null> {
    try {
      const parsed = itemSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  async function readIndex(kind: MediaKind): Promise<MediaItem[] | null> {
    try {
      const parsed = indexSchema.safeParse(
        JSON.parse(await readFile(join(kindDir(kind), INDEX_FILE), 'utf8')),
      );
      return parsed.success ? parsed.data.items.filter((item) => item.kind === kind) : null;
    } catch {
      return null;
    }
  }

  /**
   * The index is trusted for the items whose sidecars exist; sidecars it lacks (a crash between
   * the two writes) are read, and files that no sidecar claims (a crash mid-add) are removed.
   */
  async function loadKind(kind: MediaKind): Promise<void> {
    const folder = kindDir(kind);
    await mkdir(folder, { recursive: true });
    const names = await readdir(folder);
    const sidecarIds = new Set(
      names
        .filter((name) => ID.test(name.slice(0, -5)) && name.endsWith('.json'))
        .map((name) => name.slice(0, -5)),
    );
    const indexed = (await readIndex(kind)) ?? [];
    const items = new Map<string, MediaItem>();
    for (const item of indexed) if (sidecarIds.has(item.id)) items.set(item.id, item);
    let changed = indexed.length !== items.size;
    for (const id of sidecarIds) {
      if (items.has(id)) continue;
      const item = await readItem(join(folder, `${id}.json`));
      if (item && item.id === id && item.kind === kind) {
        items.set(id, item);
        changed = true;
      }
    }
    for (const name of names) {
      const id = name.slice(0, name.indexOf('.'));
      const orphan = name !== INDEX_FILE && !items.has(id);
      if (orphan || isAtomicTempFile(name)) await rm(join(folder, name), { force: true });
    }
    const sorted = [...items.values()].sort(newestFirst);
    byKind.set(kind, sorted);
    for (const item of sorted) byId.set(item.id, item);
    if (changed || (await readIndex(kind)) === null) await writeIndex(kind);
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

  await mkdir(dir, { recursive: true });
  for (const kind of MEDIA_KINDS) await loadKind(kind);

  return {
    async add(input) {
      const createdAt = now();
      const id = `${input.kind}-${createdAt.getTime().toString(36)}-${randomBytes(6).toString('hex')}`;
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
      const items = byKind.get(kind) ?? [];
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
