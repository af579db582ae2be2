// A media kind's folder read at start: the index trusted where sidecars exist, a damaged sidecar recovered from its bytes or set aside with them, a crash's leftovers removed.
import { open, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { extensionOfMime, mimeOfExtension } from '../../../shared/media-files';
import type { MediaItem, MediaKind } from '../../../shared/types';
import { isAtomicTempFile, writeFileAtomic } from './atomic-write';
import { makeFolder } from './data-folder';
import { isStorableId } from './ids';
import { idOfName, INDEX_FILE, type MediaLayout, storedMime } from './media-layout';
import { imageSize } from './pictures';
import type { Recovery } from './recovery';

/** Enough of a sound's or a film's start for sniffMime; a picture is read whole for its size. */
const SNIFF_BYTES = 64 * 1024;
const NOUNS: Record<MediaKind, string> = { image: 'picture', audio: 'sound', video: 'film' };

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
  fromChat: z.object({ conversationId: z.string(), messageId: z.string() }).optional(),
  hasThumb: z.boolean(),
});
const indexSchema = z.object({ version: z.literal(1), items: z.array(itemSchema) });

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

export interface MediaLoadDeps {
  layout: MediaLayout;
  now: () => Date;
  recovery: Pick<Recovery, 'setAside'>;
}

/** One kind as a start found it: its items, and whether its index must be written again. */
export interface LoadedKind {
  items: MediaItem[];
  indexStale: boolean;
}

export function mediaLoader({
  layout,
  now,
  recovery,
}: MediaLoadDeps): (kind: MediaKind) => Promise<LoadedKind> {
  const { kindDir, sidecarOf } = layout;

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
  async function loadKind(kind: MediaKind): Promise<LoadedKind> {
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
    return { items: [...items.values()], indexStale: changed || (await readIndex(kind)) === null };
  }

  return loadKind;
}
