// What a chat message carries besides its text (images, by upload or by address, audio, documents, text files), and the limits the app sets for each.

export type AttachmentKind = 'image' | 'audio' | 'document' | 'text';

export interface MessageAttachment {
  kind: AttachmentKind;
  /** The upload in core's file store; absent for a document sent from the Documents library. */
  fileId?: string;
  /** Images and audio: the original kept in the media library. */
  mediaId?: string;
  /** Documents: the extraction kept in the Documents library. */
  documentId?: string;
  name: string;
  /** What the bytes are (sniffed), not what the name claims. */
  mime: string;
  size: number;
  /** Estimated prompt tokens this attachment adds. */
  tokens: number;
  /** Documents: pages the service read. */
  pages?: number;
  /** Audio: the input_audio format (wav, mp3). */
  format?: string;
  /**
   * A picture sent by its address: the http(s) URL itself goes out as `image_url`, and the
   * service fetches it (Atelier never does); no upload and no library copy.
   */
  url?: string;
}

/** Per-kind limits, below the app's 200 MB upload limit: what a chat request can reasonably carry. */
export const ATTACHMENT_LIMITS: Readonly<Record<AttachmentKind, number>> = {
  image: 20 * 1024 * 1024,
  audio: 25 * 1024 * 1024,
  document: 50 * 1024 * 1024,
  text: 512 * 1024,
};

/** A text or code file is sent as text up to this size (512 KB, roughly 130,000 tokens). */
export const TEXT_ATTACHMENT_MAX_BYTES = ATTACHMENT_LIMITS.text;

export const MAX_ATTACHMENTS = 10;

/** Vision models take images up to about this long side; larger ones are scaled down in core. */
export const VISION_MAX_SIDE = 2048;

/**
 * Atelier's own estimate of a picture's prompt tokens (the service's document states no count):
 * shown in the figures before sending, never a reason to refuse or trim a request.
 */
export const IMAGE_TOKENS_ESTIMATE = 85;

/** Atelier's own estimate for audio, one prompt token per this many bytes; as the one above. */
export const AUDIO_BYTES_PER_TOKEN_ESTIMATE = 320;

/** Whether an attachment's `tokens` is Atelier's estimate (pictures, audio), not a count of its text. */
export function tokensAreEstimated(attachment: Pick<MessageAttachment, 'kind'>): boolean {
  return attachment.kind === 'image' || attachment.kind === 'audio';
}

/** The longest picture address Atelier takes (a pasted data URI is not an address). */
export const PICTURE_ADDRESS_MAX_CHARS = 2048;

/**
 * The address a picture may be sent by (the document: an http(s) URL), or null: only http: and
 * https:, with a host, without a user name or password (they would go to the service and into
 * the conversation's file), and within PICTURE_ADDRESS_MAX_CHARS.
 */
export function pictureAddress(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > PICTURE_ADDRESS_MAX_CHARS || /\s/.test(trimmed))
    return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '' || url.username !== '' || url.password !== '') return null;
  return url.href.length > PICTURE_ADDRESS_MAX_CHARS ? null : url.href;
}

/** A short name for a picture sent by address: the last part of its path, else its host. */
export function pictureAddressName(address: string): string {
  const url = new URL(address);
  const last = url.pathname.split('/').filter(Boolean).at(-1) ?? '';
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // A malformed escape is shown as written.
  }
  return (name.trim() || url.hostname).slice(0, 200);
}

/** input_audio formats the audio-input models take; other audio is turned into WAV first. */
export const INPUT_AUDIO_FORMATS: Readonly<Record<string, string>> = {
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
};

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const EXTENSION_KINDS: Readonly<Record<string, AttachmentKind>> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  bmp: 'image',
  wav: 'audio',
  mp3: 'audio',
  ogg: 'audio',
  oga: 'audio',
  flac: 'audio',
  m4a: 'audio',
  webm: 'audio',
  pdf: 'document',
  docx: 'document',
};

/** Plain text and source files, sent to the model as text. */
export const TEXT_FILE_EXTENSIONS: readonly string[] = [
  'txt',
  'text',
  'md',
  'markdown',
  'rst',
  'log',
  'csv',
  'tsv',
  'json',
  'jsonl',
  'ndjson',
  'ts',
  'tsx',
  'mts',
  'cts',
  'js',
  'jsx',
  'mjs',
  'cjs',
  'py',
  'pyi',
  'java',
  'kt',
  'kts',
  'scala',
  'c',
  'h',
  'cpp',
  'cc',
  'cxx',
  'hpp',
  'hh',
  'cs',
  'go',
  'rs',
  'rb',
  'php',
  'pl',
  'swift',
  'm',
  'lua',
  'r',
  'dart',
  'sh',
  'bash',
  'zsh',
  'fish',
  'ps1',
  'bat',
  'yaml',
  'yml',
  'toml',
  'ini',
  'cfg',
  'conf',
  'properties',
  'xml',
  'html',
  'htm',
  'css',
  'scss',
  'sass',
  'less',
  'vue',
  'svelte',
  'sql',
  'graphql',
  'gql',
  'proto',
  'tex',
  'diff',
  'patch',
  'gradle',
  'cmake',
  'mk',
  'dockerfile',
  'tf',
  'hcl',
  'srt',
  'vtt',
];

/** The file picker's accept list for text and code files. */
export const TEXT_FILE_ACCEPT = ['text/*', ...TEXT_FILE_EXTENSIONS.map((e) => `.${e}`)].join(',');

/** MIME types a browser gives text files whose extension is not in the list above. */
function isTextMime(mime: string): boolean {
  return (
    mime.startsWith('text/') ||
    /^application\/(json|xml|x-yaml|yaml|toml|x-sh|javascript|x-javascript|sql)$/.test(mime)
  );
}

/** The extension of a file name, lower case, without the dot; '' when there is none. */
export function extensionOf(name: string): string {
  return /\.([a-z0-9+_-]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
}

/**
 * The opening fence for `text` in Markdown: three backticks, or one more than the longest run of
 * backticks in the text, so a file that itself holds fences is not cut short.
 */
export function fenceFor(text: string): string {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return '`'.repeat(Math.max(3, longest + 1));
}

/** What the model receives for a text file: its name, then its content in a fenced block. */
export function textFilePart(name: string, text: string): string {
  const fence = fenceFor(text);
  const language = extensionOf(name);
  const body = text.endsWith('\n') ? text : `${text}\n`;
  return `Attached file "${name}":\n\n${fence}${language}\n${body}${fence}`;
}

/** The kind a file claims to be, from its name's extension, else its claimed MIME type. */
export function claimedKind(name: string, mime: string): AttachmentKind | null {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ext && EXTENSION_KINDS[ext]) return EXTENSION_KINDS[ext];
  if (ext && TEXT_FILE_EXTENSIONS.includes(ext)) return 'text';
  if (/^(dockerfile|makefile|readme|license)$/i.test(name)) return 'text';
  if (isTextMime(mime)) return 'text';
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime === 'application/pdf' || mime === DOCX_MIME) return 'document';
  return null;
}

/** The kind the bytes are, from the sniffed MIME type; null when the app cannot use them. */
export function sniffedKind(sniffedMime: string | null): AttachmentKind | null {
  if (!sniffedMime) return null;
  if (/^image\/(png|jpeg|gif|webp|bmp)$/.test(sniffedMime)) return 'image';
  // A browser recording in WebM/Ogg sniffs as video when the container names no codec.
  if (sniffedMime.startsWith('audio/') || sniffedMime === 'video/webm') return 'audio';
  if (sniffedMime === 'application/pdf' || sniffedMime === DOCX_MIME) return 'document';
  return null;
}

/** A short name for a file type in messages ("PDF", "PNG image"). */
export function typeLabel(name: string, mime: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toUpperCase();
  if (ext) return ext;
  return mime.split('/')[1]?.toUpperCase() ?? mime;
}
