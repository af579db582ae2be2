// Where the media library keeps things: a folder per kind, each item's bytes, thumbnails and sidecar named by its id, the index file, and the type bytes are stored as.
import { join } from 'node:path';
import { extensionOfMime } from '../../../shared/media-files';
import type { MediaItem, MediaKind } from '../../../shared/types';
import { isStorableId } from './ids';
import { sniffMime } from './sniff';

/** What a thumbnail may be, in the order resolve looks for it. */
const THUMB_MIMES = ['image/jpeg', 'image/png'] as const;

export const INDEX_FILE = 'index.json';
/** `<id>.<extension>`, `<id>.thumb.<extension>` or `<id>.json`: the names the library writes. */
const OWN_FILE_NAME = /^([a-z]+-[0-9a-z]+-[0-9a-f]+)\.(?:thumb\.)?[a-z0-9]{1,8}$/;
/** Types a host may serve inline; anything else (HTML, SVG with scripts) is stored as opaque bytes. */
const SERVABLE_MIME =
  /^(image\/(png|jpeg|gif|webp|bmp|avif)|audio\/[a-z0-9.+-]+|video\/[a-z0-9.+-]+)$/;

export function kindOfId(id: string): MediaKind | null {
  if (!isStorableId('media', id)) return null;
  return id.slice(0, id.indexOf('-')) as MediaKind;
}

/**
 * The id when the name is one the library gives this kind's files (bytes, thumbnail, sidecar);
 * null for any other name, such as a file set aside beside itself (`<name>.set-aside-<time>`).
 */
export function idOfName(kind: MediaKind, name: string): string | null {
  const id = OWN_FILE_NAME.exec(name)?.[1] ?? '';
  return kindOfId(id) === kind ? id : null;
}

export function storedMime(bytes: Uint8Array, claimed: string): string {
  const sniffed = sniffMime(bytes);
  if (sniffed !== null) return sniffed;
  const plain = claimed.split(';')[0]?.trim().toLowerCase() ?? '';
  return SERVABLE_MIME.test(plain) ? plain : 'application/octet-stream';
}

/** The paths of a library in `dir`. */
export function mediaLayout(dir: string) {
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

  return { kindDir, fileOf, thumbsOf, sidecarOf, filesOf };
}

export type MediaLayout = ReturnType<typeof mediaLayout>;
