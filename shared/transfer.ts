// Export, import, backup and restore: the formats, the limits the app imposes on what it reads, and the reports.

export const EXPORT_FORMATS = ['markdown', 'html', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The `format` field of the app's lossless JSON export. */
export const APP_EXPORT_FORMAT = 'atelier-conversations';
/** The `format` field of the manifest inside a backup archive. */
export const BACKUP_FORMAT = 'atelier-backup';

export const TRANSFER_LIMITS = {
  /** The largest JSON file import reads (ChatGPT's export or the app's own). */
  importBytes: 150 * 1024 * 1024,
  /** Arrays and objects nested deeper than this are refused before parsing. */
  jsonDepth: 64,
  /**
   * Versions of a message inside versions, at most this deep, from a ChatGPT export's forks: each
   * level nests three deeper in JSON, so the conversation stays within jsonDepth when exported and
   * read back (and within what the library's schema walks without running out of stack).
   */
  versionDepth: 16,
  /** Conversations one import or restore may add. */
  conversations: 20_000,
  /** Entries one backup archive may hold. */
  archiveEntries: 200_000,
  /** The largest single entry of a backup, unpacked. */
  archiveEntryBytes: 1024 * 1024 * 1024,
  /** All entries of a backup together, unpacked. */
  archiveTotalBytes: 20 * 1024 * 1024 * 1024,
  /** Unpacked size over packed size beyond which an entry is taken for a zip bomb. */
  archiveRatio: 200,
  /**
   * One JSON entry of a backup (a conversation, a document, an item's facts), unpacked: each is
   * staged on disk and read into memory alone, when its turn to be placed comes.
   */
  archiveJsonBytes: 100 * 1024 * 1024,
  /** All the JSON entries of a backup together, unpacked (48 conversations of 100 MB are over). */
  archiveJsonTotalBytes: 4 * 1024 * 1024 * 1024,
  /** Pictures up to this size are embedded in an HTML export as data URIs. */
  htmlImageBytes: 2 * 1024 * 1024,
  /** Bytes one transfer.readOut call carries (before base64). */
  readChunkBytes: 1024 * 1024,
} as const;

/** A file core prepared; saved: false means the page should fetch it with transfer.readOut and download it. */
export interface TransferSaved {
  saved: boolean;
  outId: string;
  name: string;
  mime: string;
  size: number;
}

/** Why something in an import or restore was not added. */
export type SkipReason =
  | 'identical' // the same item is already in the library
  | 'empty' // a conversation with no user or assistant message
  | 'malformed' // an entry or conversation of the wrong shape
  | 'unsafe-path' // an archive entry whose path leaves its folder, is absolute or a link
  | 'too-large' // an entry beyond the size limits
  | 'unknown-entry' // an archive entry the app does not know
  | 'missing-file' // an attachment whose bytes were not in the file
  | 'too-deep' // versions nested deeper than versionDepth: the deepest were left out
  | 'unsafe-schema'; // a conversation's answer schema that could hold the app: left out, the conversation kept

export interface TransferSkip {
  /** The conversation title or entry name, as found in the file. */
  what: string;
  reason: SkipReason;
}

export interface TransferReport {
  source: 'atelier' | 'chatgpt' | 'backup';
  conversations: number;
  media: number;
  documents: number;
  files: number;
  /** Saved prompts a restore added or changed (absent: none came). */
  prompts?: number;
  /** Items that got a new id because theirs was taken, or could not name a file (library/ids.ts). */
  renamed: number;
  skipped: TransferSkip[];
}

export type TransferStep =
  'reading' | 'conversations' | 'media' | 'documents' | 'files' | 'finishing';

/** Progress of a backup or restore, as events: `done` of `total` items. */
export interface TransferProgress {
  jobId: string;
  kind: 'backup' | 'restore';
  step: TransferStep;
  done: number;
  total: number;
}
