// Adding what an import or restore brings to the library without overwriting: what it has already (by content) is skipped, taken ids get new ones, references follow.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { z } from 'zod';
import type { DocumentRecord } from '../../../../shared/documents';
import type { TransferReport } from '../../../../shared/transfer';
import type { Conversation, MediaItem, MediaKind } from '../../../../shared/types';
import { UPLOAD_CHUNK_BYTES } from '../../../../shared/upload-limits';
import {
  type ConversationOrigin,
  originKey,
  type StoredConversation,
} from '../../library/conversation-file';
import type { ConversationLibrary } from '../../library/conversations';
import type { FileStore } from '../../library/files';
import type { FolderLibrary } from '../../library/folders';
import type { MediaLibrary } from '../../library/media';
import { answerSchemaProblem } from '../../library/untrusted-schema';
import type { MediaMeta } from './media-meta';
import type { DocumentStore } from '../documents/store';

// The media facts travel from their own module; importers keep finding them here.
export { mediaMetaOf, mediaMetaSchema, type MediaMeta } from './media-meta';

/** An uploaded file's facts as an export or backup carries them. */
export const fileMetaSchema = z.object({
  fileId: z.string().max(200),
  name: z.string().max(500),
  mime: z.string().max(200),
});
export type FileMeta = z.infer<typeof fileMetaSchema>;

export const documentSchema = z
  .object({
    id: z.string().max(200),
    name: z.string().max(2000),
    text: z.string(),
    createdAt: z.string().max(100),
    decisions: z.array(z.unknown()),
  })
  .passthrough();

/** Where a file's bytes come from: already in memory, or staged on disk. */
export type Bytes = { buffer: Buffer } | { path: string };

export interface PlacingDeps {
  conversations: ConversationLibrary;
  files: FileStore;
  media: MediaLibrary;
  documents: Pick<DocumentStore, 'get' | 'adopt' | 'list'>;
  /** Whether this library has the folder: a conversation filed in one it lacks goes to the main list. */
  folders: Pick<FolderLibrary, 'has'>;
}

export function emptyReport(source: TransferReport['source']): TransferReport {
  return { source, conversations: 0, media: 0, documents: 0, files: 0, renamed: 0, skipped: [] };
}

/** The origins one conversation remembers at most (the newest): a chain of imports stays small. */
const ORIGINS_KEPT = 20;

async function* chunksOf(bytes: Bytes): AsyncGenerator<Buffer> {
  if ('buffer' in bytes) {
    for (let at = 0; at < bytes.buffer.length; at += UPLOAD_CHUNK_BYTES) {
      yield bytes.buffer.subarray(at, at + UPLOAD_CHUNK_BYTES);
    }
    return;
  }
  for await (const chunk of createReadStream(bytes.path, { highWaterMark: UPLOAD_CHUNK_BYTES })) {
    yield chunk as Buffer;
  }
}

async function hashOf(bytes: Bytes): Promise<{ sha: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of chunksOf(bytes)) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha: hash.digest('hex'), size };
}

async function readAll(bytes: Bytes): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunksOf(bytes)) parts.push(chunk);
  return Buffer.concat(parts);
}

export const MEDIA_KIND_ORDER: readonly MediaKind[] = ['image', 'audio', 'video'];

/** Every media item, each kind newest first, read page by page. */
export function allMedia(media: Pick<MediaLibrary, 'list'>): MediaItem[] {
  const items: MediaItem[] = [];
  for (const kind of MEDIA_KIND_ORDER) {
    for (let offset = 0; ; offset += 500) {
      const page = media.list(kind, { offset, limit: 500 });
      items.push(...page.items);
      if (page.items.length === 0 || offset + page.items.length >= page.total) break;
    }
  }
  return items;
}

/**
 * What a conversation says, for its identity: not its id (an id taken here gives it a new one),
 * not where it is filed (pinned, folder, archive), not what the library keeps itself (the count,
 * the origins, whether its title was given).
 */
function contentOf(conversation: Conversation): Record<string, unknown> {
  const {
    id: _id,
    messageCount: _count,
    pinned: _pinned,
    folderId: _folder,
    archived: _archived,
    origins: _origins,
    titleEdited: _edited,
    titleByModel: _byModel,
    ...content
  } = conversation as StoredConversation;
  return content;
}

/** A document's identity: its content, without its id or the count kept beside its decisions. */
function documentHash(record: DocumentRecord): string {
  const { id: _id, decisionCount: _count, ...content } = record;
  return contentHash(content);
}

/** The identity an Atelier conversation (an export's or a backup's) is found by. */
export function atelierOrigin(conversation: Conversation): ConversationOrigin {
  return { source: 'atelier', id: conversation.id, hash: contentHash(contentOf(conversation)) };
}

/**
 * Places items one by one and remembers how their ids changed, so conversations placed last
 * point at the files, media and documents as they are now called.
 *
 * Placing is idempotent by content, not by id, so an import or restore run again (whole, or after
 * a crash cut it short) adds nothing twice: files and media are found by the hash of their bytes,
 * documents by the hash of their content, conversations by their origin (the kind of source and
 * the hash of their content there), which the library keeps with each one it adopted. Each item
 * is written whole (atomically), so a crash between two leaves no half-placed one, and the run
 * after it goes on where this one stopped.
 */
export function createPlacer(deps: PlacingDeps, report: TransferReport) {
  const fileIds = new Map<string, string>();
  const mediaIds = new Map<string, string>();
  const documentIds = new Map<string, string>();

  // Each identity index is read from the library at the first item of its kind, then kept up to
  // date here as items are added.
  let filesBySha: Map<string, string> | null = null;
  let mediaBySize: Map<string, MediaItem[]> | null = null;
  const mediaSha = new Map<string, string>();
  let documentsByHash: Map<string, string> | null = null;
  let documentIdsHere: Set<string> | null = null;
  let conversationsByOrigin: Map<string, string> | null = null;

  async function filesIndex(): Promise<Map<string, string>> {
    if (filesBySha) return filesBySha;
    filesBySha = new Map();
    for (const file of await deps.files.list()) filesBySha.set(file.sha256, file.fileId);
    return filesBySha;
  }

  function mediaIndex(): Map<string, MediaItem[]> {
    if (mediaBySize) return mediaBySize;
    mediaBySize = new Map();
    for (const item of allMedia(deps.media)) rememberMedia(item);
    return mediaBySize;
  }

  function rememberMedia(item: MediaItem, sha?: string): void {
    const key = `${item.kind}:${item.size}`;
    const list = mediaBySize?.get(key) ?? [];
    list.push(item);
    mediaBySize?.set(key, list);
    if (sha) mediaSha.set(item.id, sha);
  }

  /** A media item of this kind holding exactly these bytes; only items of the same size are read. */
  async function sameMedia(kind: MediaKind, size: number, sha: string): Promise<MediaItem | null> {
    for (const item of mediaIndex().get(`${kind}:${size}`) ?? []) {
      let known = mediaSha.get(item.id);
      if (known === undefined) {
        const file = await deps.media.resolve(item.id, 'full');
        if (!file) continue;
        known = (await hashOf({ path: file.path }).catch(() => null))?.sha;
        if (known === undefined) continue;
        mediaSha.set(item.id, known);
      }
      if (known === sha) return item;
    }
    return null;
  }

  async function documentsIndex(): Promise<Map<string, string>> {
    if (documentsByHash) return documentsByHash;
    documentsByHash = new Map();
    documentIdsHere = new Set();
    for (const { id } of deps.documents.list().items) {
      documentIdsHere.add(id);
      const record = await deps.documents.get(id).catch(() => null);
      if (record) documentsByHash.set(documentHash(record), id);
    }
    return documentsByHash;
  }

  function originsIndex(): Map<string, string> {
    conversationsByOrigin ??= deps.conversations.originIndex();
    return conversationsByOrigin;
  }

  function skipIdentical(what: string): void {
    report.skipped.push({ what, reason: 'identical' });
  }

  return {
    async placeFile(meta: FileMeta, bytes: Bytes): Promise<void> {
      const { sha, size } = await hashOf(bytes);
      const index = await filesIndex();
      const existing = index.get(sha);
      if (existing !== undefined) {
        fileIds.set(meta.fileId, existing);
        skipIdentical(meta.name);
        return;
      }
      const { uploadId } = deps.files.begin({ name: meta.name || 'file', mime: meta.mime, size });
      try {
        let offset = 0;
        for await (const chunk of chunksOf(bytes)) {
          await deps.files.chunk({ uploadId, offset, bytes: chunk });
          offset += chunk.length;
        }
        const stored = await deps.files.finish(uploadId);
        fileIds.set(meta.fileId, stored.fileId);
        index.set(stored.sha256, stored.fileId);
        report.files += 1;
      } catch (e) {
        await deps.files.cancel(uploadId).catch(() => undefined);
        throw e;
      }
    },

    async placeMedia(meta: MediaMeta, bytes: Bytes): Promise<MediaItem | null> {
      const { sha, size } = await hashOf(bytes);
      const existing = await sameMedia(meta.kind, size, sha);
      if (existing) {
        mediaIds.set(meta.id, existing.id);
        skipIdentical(meta.title || meta.id);
        return null;
      }
      const item = await deps.media.add({
        kind: meta.kind,
        bytes: await readAll(bytes),
        mime: meta.mime,
        title: meta.title,
        model: meta.model ?? null,
        cost: meta.cost ?? null,
        params: meta.params ?? {},
        sources: meta.sources ?? [],
        extra: meta.extra ?? {},
        fromChat: meta.fromChat,
      });
      rememberMedia(item, sha);
      mediaIds.set(meta.id, item.id);
      report.media += 1;
      return item;
    },

    async placeDocument(record: DocumentRecord): Promise<void> {
      const hash = documentHash(record);
      const index = await documentsIndex();
      const existing = index.get(hash);
      if (existing !== undefined) {
        documentIds.set(record.id, existing);
        skipIdentical(record.name);
        return;
      }
      const placed = await deps.documents.adopt(record);
      index.set(hash, placed.id);
      documentIds.set(record.id, placed.id);
      report.documents += 1;
      if (placed.renamed && documentIdsHere?.has(record.id)) report.renamed += 1;
      documentIdsHere?.add(placed.id);
    },

    /** Points attachments at the items as placed; an attachment whose item never came is left as it was. */
    remapped(conversation: Conversation): Conversation {
      return {
        ...conversation,
        messages: conversation.messages.map((message) => {
          if (!Array.isArray(message.attachments)) return message;
          return {
            ...message,
            attachments: message.attachments.map((a) => ({
              ...a,
              ...(a.fileId !== undefined ? { fileId: fileIds.get(a.fileId) ?? a.fileId } : {}),
              ...(a.mediaId !== undefined ? { mediaId: mediaIds.get(a.mediaId) ?? a.mediaId } : {}),
              ...(a.documentId !== undefined
                ? { documentId: documentIds.get(a.documentId) ?? a.documentId }
                : {}),
            })),
          };
        }),
      };
    },

    /**
     * Adds a conversation unless the library has it already. `origin` says where it came from
     * when that is not an Atelier file (a ChatGPT export); else it is the conversation's own id
     * and content. Found by its origin (added before by an import or restore) or, made here, by
     * its id with the same content, it is skipped as identical.
     *
     * A changed conversation of the same source (a newer ChatGPT export with more turns, an
     * export edited elsewhere) is added as a new conversation beside the one already here, never
     * over it: that one may have been continued in Atelier since.
     */
    async placeConversation(given: Conversation, origin?: ConversationOrigin): Promise<void> {
      const identity = origin ?? atelierOrigin(given);
      const key = originKey(identity);
      const title = given.title || given.id;
      const byOrigin = originsIndex();
      if (byOrigin.has(key)) {
        skipIdentical(title);
        return;
      }
      if (origin === undefined && deps.conversations.has(given.id)) {
        const existing = await deps.conversations.get(given.id).catch(() => null);
        if (existing && atelierOrigin(existing).hash === identity.hash) {
          skipIdentical(title);
          return;
        }
      }
      const carried = ((given as StoredConversation).origins ?? []).filter(
        (o) => originKey(o) !== key,
      );
      const conversation: StoredConversation = {
        ...this.remapped(given),
        origins: [...carried.slice(-(ORIGINS_KEPT - 1)), identity],
      };
      if (conversation.folderId && !deps.folders.has(conversation.folderId)) {
        conversation.folderId = null;
      }
      // An answer schema is compiled for every answer: one that could hold core (too large or
      // deep, a pattern RE2 cannot run) stays out; the conversation comes in with free text.
      if (
        conversation.answerFormat?.type === 'json_schema' &&
        answerSchemaProblem(conversation.answerFormat.schema) !== null
      ) {
        delete conversation.answerFormat;
        report.skipped.push({ what: title, reason: 'unsafe-schema' });
      }
      const placed = await deps.conversations.adopt(conversation);
      for (const o of conversation.origins ?? []) byOrigin.set(originKey(o), placed.id);
      report.conversations += 1;
      if (placed.renamed) report.renamed += 1;
    },
  };
}

export type Placer = ReturnType<typeof createPlacer>;

/**
 * Writes `value` as JSON with keys sorted at every level (undefined left out, as JSON does), piece
 * by piece to `sink`, with a stack of its own: a conversation's versions may nest deeper than the
 * call stack goes.
 */
function writeCanonical(value: unknown, sink: (text: string) => void): void {
  const stack: Array<{ text: string } | { value: unknown }> = [{ value }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if ('text' in item) {
      sink(item.text);
      continue;
    }
    const v = item.value;
    if (Array.isArray(v)) {
      sink('[');
      stack.push({ text: ']' });
      for (let i = v.length - 1; i >= 0; i -= 1) {
        stack.push({ value: v[i] });
        if (i > 0) stack.push({ text: ',' });
      }
    } else if (typeof v === 'object' && v !== null) {
      const entries = Object.entries(v as Record<string, unknown>)
        .filter(([, inner]) => inner !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      sink('{');
      stack.push({ text: '}' });
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, inner] = entries[i]!;
        stack.push({ value: inner });
        stack.push({ text: `${i > 0 ? ',' : ''}${JSON.stringify(key)}:` });
      }
    } else {
      sink(JSON.stringify(v) ?? 'null');
    }
  }
}

/** JSON with keys sorted at every level, so equal content compares equal whatever the key order. */
export function canonicalJson(value: unknown): string {
  const parts: string[] = [];
  writeCanonical(value, (text) => parts.push(text));
  return parts.join('');
}

/** SHA-256 (hex) of canonicalJson(value), without holding that text whole. */
export function contentHash(value: unknown): string {
  const hash = createHash('sha256');
  let pending = '';
  writeCanonical(value, (text) => {
    pending += text;
    if (pending.length >= 64 * 1024) {
      hash.update(pending);
      pending = '';
    }
  });
  return hash.update(pending).digest('hex');
}
