// The one rule for ids the library keeps: each kind's shape, how a new one is made, and the names no id may take (the library's own files, the names Windows refuses).
import { randomBytes, randomUUID } from 'node:crypto';
import type { MediaKind } from '../../../shared/types';

/**
 * The shape of each kind of id, unanchored (an archive's entry patterns are built from them). Only
 * ASCII letters, digits, `-` and `_`: nothing that climbs out of a folder, no dots, spaces, control
 * characters or look-alikes, and short enough for every file system.
 */
const SHAPES = {
  /** `conversations/<id>.json`; made here as UUIDs, kept from an import when they fit. */
  conversation: '[A-Za-z0-9_-]{1,200}',
  /** `documents/<id>.json`. */
  document: '[A-Za-z0-9_-]{1,100}',
  /** `media/<kind>/<id>.<extension>`: the kind, the time in base 36, 6 random bytes. */
  media: '(?:image|audio|video)-[0-9a-z]{1,12}-[0-9a-f]{12}',
  /** `files/<id>.bin` and `.json`: a finished upload. */
  file: 'file-[0-9a-f]{24}',
  /** `files/<id>.part`: an upload under way. */
  upload: 'upload-[0-9a-f]{24}',
  /** The rest are kept inside one file each (folders.json, assistants.json, …), never as names. */
  folder: '[A-Za-z0-9_-]{1,200}',
  assistant: '[A-Za-z0-9_-]{1,200}',
  prompt: '[A-Za-z0-9_-]{1,200}',
  transcript: 'tr-[0-9a-f]{16}',
  videoJob: 'vjob-[0-9a-f]{16}',
} as const;

export type IdKind = keyof typeof SHAPES;
export const ID_KINDS = Object.keys(SHAPES) as IdKind[];

const PATTERNS = Object.fromEntries(
  ID_KINDS.map((kind) => [kind, new RegExp(`^(?:${SHAPES[kind]})$`)]),
) as Record<IdKind, RegExp>;

/** The unanchored shape of a kind's ids, for patterns that hold one (`^media/(…)\.json$`). */
export function idShape(kind: IdKind): string {
  return `(?:${SHAPES[kind]})`;
}

/** Names of the library's own files that sit beside ids' files (`conversations/index.json`). */
const LIBRARY_NAMES = ['index'];
/** Device names Windows refuses as a file name, whatever follows them after a dot. */
const WINDOWS_DEVICES = [
  'con',
  'prn',
  'aux',
  'nul',
  'conin$',
  'conout$',
  'clock$',
  ...['com', 'lpt'].flatMap((port) =>
    ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '¹', '²', '³'].map((n) => port + n),
  ),
];
const RESERVED = new Set([...LIBRARY_NAMES, ...WINDOWS_DEVICES]);

/**
 * Whether a file name (with or without extension) is one no id may take: the library's own, or a
 * device Windows refuses. Case does not count (macOS and Windows fold it), nor what follows the
 * first dot, nor spaces and dots at the end (Windows drops them).
 */
export function isReservedName(name: string): boolean {
  const stem = name.split('.')[0]!.replace(/[ .]+$/, '');
  return RESERVED.has(stem.toLowerCase());
}

/**
 * Whether `id` has its kind's shape. What a library holds already is read by its shape alone (an
 * earlier version may have kept `con` on Linux); a new id must be storable.
 */
export function hasIdShape(kind: IdKind, id: unknown): id is string {
  return typeof id === 'string' && PATTERNS[kind].test(id);
}

/** Whether a new id may name a file of its kind: its kind's shape, and not a reserved name. */
export function isStorableId(kind: IdKind, id: unknown): id is string {
  return hasIdShape(kind, id) && !isReservedName(id);
}

const hex = (bytes: number): string => randomBytes(bytes).toString('hex');

/** A new id of its kind; always storable. */
export function newId(kind: Exclude<IdKind, 'media'>): string {
  switch (kind) {
    case 'file':
      return `file-${hex(12)}`;
    case 'upload':
      return `upload-${hex(12)}`;
    case 'transcript':
      return `tr-${hex(8)}`;
    case 'videoJob':
      return `vjob-${hex(8)}`;
    default:
      return randomUUID();
  }
}

/** A new media item's id: it carries its kind and the time it was made at. */
export function newMediaId(kind: MediaKind, at: Date): string {
  return `${kind}-${at.getTime().toString(36)}-${hex(6)}`;
}
