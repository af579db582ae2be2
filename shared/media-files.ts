// File names for media: the extension each type takes, and a safe name to save an item under.
import type { MediaItem } from './types';

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
  'image/avif': 'avif',
  'application/pdf': 'pdf',
  [DOCX_MIME]: 'docx',
  'application/zip': 'zip',
  'application/json': 'json',
  'text/markdown': 'md',
  'text/html': 'html',
  'text/csv': 'csv',
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/webm': 'weba',
  'video/ogg': 'ogv',
  'video/webm': 'webm',
  'video/x-matroska': 'mkv',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
};

/** The extension (without the dot) for a MIME type; 'bin' for types the app does not know. */
export function extensionOfMime(mime: string): string {
  return EXTENSIONS[mime.split(';')[0]?.trim().toLowerCase() ?? ''] ?? 'bin';
}

/** The type stored under an extension `extensionOfMime` gives; null for one it never gives. */
export function mimeOfExtension(extension: string): string | null {
  const lower = extension.toLowerCase();
  return Object.keys(EXTENSIONS).find((mime) => EXTENSIONS[mime] === lower) ?? null;
}

/** The item's title as a file name every system accepts, with the extension of its type. */
export function mediaFileName(item: Pick<MediaItem, 'title' | 'mime' | 'id'>): string {
  const base = item.title
    // Characters Windows, macOS or Linux refuse in names, and control characters.
    // eslint-disable-next-line no-control-regex
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 100);
  return `${base || item.id}.${extensionOfMime(item.mime)}`;
}
