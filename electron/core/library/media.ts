// The media library: pictures, sounds and films on disk per kind, one atomic index each, sidecars to rebuild it.
import { open, readdir, readFile, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { extensionOfMime, mimeOfExtension } from '../../../shared/media-files';
import type { MediaItem, MediaKind, MediaPage, MediaValue } from '../../../shared/types';
import { isAtomicTempFile, writeFileAtomic } from './atomic-write';
import { makeFolder } from './data-folder';
import { isStorableId, newMediaId } from './ids';
import { imageSize, makeThumbnail } from './pictures';
import { openRecovery, type Recovery } from './recovery';
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
  /** Where damaged files go; by default `recovered/` of the data folder the library sits in. */
  recovery?: Pick<Recovery, 'setAside'>;
}

const INDEX_FILE = 'index.json';
/** Enough of a sound's or a film's start for sniffMime; a picture is read whole for its size. */
const SNIFF_BYTES = 64 * 1024;
/** `<id>.<extension>`, `<id>.thumb.<extension>` or `<id>.json`: the names the library writes. */
const OWN_FILE_NAME = /^([a-z]+-[0-9a-z]+-[0-9a-f]+)\.(?:thumb\.)?[a-z0-9]{1,8}$/;
const NOUNS: Record<MediaKind, string> = { image: 'picture', audio: 'sound', video: 'film' };
/** Types a host may serve inline; anything else (HTML, SVG with scripts) is stored as opaque bytes. */
const SERVABLE_MIME =
  /^(image\/(png|jpeg|gif|webp|bmp|avif)|audio\/[a-z0-9.+-]+|video\/[a-z0-9.+-]+)$/;

const mediaValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const itemSchema = z.object({
  id: z.string().refine((id) => isStorableId('media', id)),
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
  return isStorableId('media', id);
}

function kindOfId(id: string): MediaKind | null {
  if (!isStorableId('media', id)) return null;
  return id.slice(0, id.indexOf('-')) as MediaKind;
}

/** The time an id was made at (it carries it in base 36), or null when it is out of range. */
function timeOfId(id: string): Date | null {
  const date = new Date(parseInt(id.split('-')[1] ?? '', 36));
  return Number.isNaN(date.getTime()) ? null : date;
}

async function readHead(file: string, length: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(length);
    const { bytesRead } = await handle.read(head, 0, length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
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
  const recovery = options.recovery ?? openRecovery(dirname(dir));
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

  /** One sidecar read and checked: its item, or why it cannot be used. */
  async function readSidecar(kind: MediaKind, id: string): Promise<MediaItem | string> {
    let value: unknown;
    try {
      value = JSON.parse(await readFile(join(kindDir(kind), `${id}.json`), 'utf8'));
    } catch (e) {
      return `it could not be read as JSON (${(e as Error).message})`;
    }
    const parsed = itemSchema.safeParse(value);
    if (!parsed.success) return 'it is not a media record';
    if (parsed.data.id !== id || parsed.data.kind !== kind) return 'it describes another item';
    return parsed.data;
  }

  /**
   * The id when the name is one the library gives this kind's files (bytes, thumbnail, sidecar);
   * null for any other name, such as a file set aside beside itself (`<name>.set-aside-<time>`).
   */
  function idOfName(kind: MediaKind, name: string): string | null {
    const id = OWN_FILE_NAME.exec(name)?.[1] ?? '';
    return kindOfId(id) === kind ? id : null;
  }

  /**
   * A record made from the bytes alone: the type sniffed (it must be the one the file's extension
   * was given for), the size, the time the id carries; the title is the id. Null when the bytes
   * cannot be read or are not what their name says.
   */
  async function itemFromBytes(
    kind: MediaKind,
    id: string,
    name: string,
    thumbs: string[],
  ): Promise<MediaItem | null> {
    const extension = name.slice(id.length + 1);
    const file = join(kindDir(kind), name);
    let bytes: Buffer;
    let size: number;
    try {
      size = (await stat(file)).size;
      bytes = kind === 'image' ? await readFile(file) : await readHead(file, SNIFF_BYTES);
    } catch {
      return null;
    }
    const mime = storedMime(bytes, mimeOfExtension(extension) ?? '');
    if (extensionOfMime(mime) !== extension) return null;
    const pixels = kind === 'image' ? imageSize(bytes) : null;
    return {
      id,
      kind,
      mime,
      size,
      title: id,
      createdAt: (timeOfId(id) ?? now()).toISOString(),
      model: null,
      cost: null,
      params: {},
      sources: [],
      extra: {},
      width: pixels?.width ?? null,
      height: pixels?.height ?? null,
      hasThumb: thumbs.length > 0,
    };
  }

  /**
   * A sidecar that cannot be used is set aside. The bytes it described stay in the library under a
   * record made from them, or, when that cannot be done safely, go aside with it: an unreadable
   * record is never a reason to lose the picture.
   */
  async function recoverItem(
    kind: MediaKind,
    id: string,
    names: string[],
    why: string,
  ): Promise<MediaItem | null> {
    const folder = kindDir(kind);
    const noun = NOUNS[kind];
    const sidecar = join(folder, `${id}.json`);
    const own = names.filter((name) => idOfName(kind, name) === id && name !== `${id}.json`);
    const thumbs = own.filter((name) => name.startsWith(`${id}.thumb.`));
    const held = own.filter((name) => !thumbs.includes(name));
    const rebuilt = held.length === 1 ? await itemFromBytes(kind, id, held[0]!, thumbs) : null;
    const damaged = `The record of a ${noun} in the library was damaged: ${why}.`;
    if (rebuilt) {
      const aside = await recovery.setAside(
        sidecar,
        `${damaged} The ${noun} itself was kept in the library, under a new record without its title and details (this file may still hold them).`,
      );
      // A sidecar that could not be moved is not written over; the index carries the new record.
      if (aside.movedTo === null) return rebuilt;
      try {
        await writeFileAtomic(sidecarOf(rebuilt), JSON.stringify(rebuilt));
        return rebuilt;
      } catch {
        // Without a sidecar the next start would take the bytes for a crash's leftovers.
      }
    } else {
      await recovery.setAside(
        sidecar,
        held.length === 0
          ? `${damaged} Its file was missing.`
          : `${damaged} Its file was set aside beside this one.`,
      );
    }
    for (const name of [...held, ...thumbs]) {
      await recovery.setAside(
        join(folder, name),
        `${damaged} This is the ${noun}'s file; its record is beside it.`,
      );
    }
    return null;
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
   * The index (a cache) is trusted for the items whose sidecars exist; sidecars it lacks (a crash
   * between the two writes, or an index that cannot be read) are read, a damaged one recovered.
   * Files of this kind's ids with no sidecar at all are what a crash mid-add or mid-delete leaves
   * (the sidecar is written last and removed first), never acknowledged: they are removed. Files
   * of other names are not the library's and are left alone.
   */
  async function loadKind(kind: MediaKind): Promise<void> {
    const folder = kindDir(kind);
    await makeFolder(folder);
    const names = await readdir(folder);
    const sidecarIds = new Set(
      names
        .filter((name) => name.endsWith('.json') && idOfName(kind, name) === name.slice(0, -5))
        .map((name) => name.slice(0, -5)),
    );
    const indexed = (await readIndex(kind)) ?? [];
    const items = new Map<string, MediaItem>();
    for (const item of indexed) if (sidecarIds.has(item.id)) items.set(item.id, item);
    let changed = indexed.length !== items.size;
    for (const id of sidecarIds) {
      if (items.has(id)) continue;
      const read = await readSidecar(kind, id);
      const item = typeof read === 'string' ? await recoverItem(kind, id, names, read) : read;
      if (item) items.set(id, item);
      changed = true;
    }
    for (const name of names) {
      const id = idOfName(kind, name);
      const leftover = id !== null && !items.has(id) && !sidecarIds.has(id);
      if (leftover || isAtomicTempFile(name)) await rm(join(folder, name), { force: true });
    }
    const sorted = [...items.values()].sort(newestFirst);
    byKind.set(kind, sorted);
    for (const item of sorted) byId.set(item.id, item);
    // The index is a cache of the sidecars: a start that cannot write it (a full disk) goes on.
    if (changed || (await readIndex(kind)) === null) await writeIndex(kind).catch(() => undefined);
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
