// Adding what an import or restore brings to the library without overwriting: identical items are skipped, taken ids get new ones, references follow.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { z } from 'zod';
import type { DocumentRecord } from '../../../../shared/documents';
import type { TransferReport } from '../../../../shared/transfer';
import type { Conversation, MediaItem, MediaKind } from '../../../../shared/types';
import { UPLOAD_CHUNK_BYTES } from '../../../../shared/upload-limits';
import type { ConversationLibrary } from '../../library/conversations';
import type { FileStore } from '../../library/files';
import type { MediaLibrary } from '../../library/media';
import type { DocumentStore } from '../documents/store';

const mediaValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** A media item's facts as an export or backup carries them (bytes travel beside). */
export const mediaMetaSchema = z.object({
  id: z.string().max(200),
  kind: z.enum(['image', 'audio', 'video']),
  mime: z.string().max(200),
  title: z.string().max(2000),
  model: z.string().max(200).nullable().optional(),
  cost: z.string().max(100).nullable().optional(),
  params: z.record(z.string(), mediaValue).optional(),
  sources: z.array(z.string().max(200)).max(100).optional(),
  extra: z.record(z.string(), mediaValue).optional(),
});
export type MediaMeta = z.infer<typeof mediaMetaSchema>;

/** A media item's facts as an export or backup carries them (its bytes go beside). */
export function mediaMetaOf(item: MediaItem): MediaMeta {
  return {
    id: item.id,
    kind: item.kind,
    mime: item.mime,
    title: item.title,
    model: item.model,
    cost: item.cost,
    params: item.params,
    sources: item.sources,
    extra: item.extra,
  };
}

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
}

export function emptyReport(source: TransferReport['source']): TransferReport {
  return { source, conversations: 0, media: 0, documents: 0, files: 0, renamed: 0, skipped: [] };
}

const sha256 = (buffer: Buffer): string => createHash('sha256').update(buffer).digest('hex');

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

/**
 * Places items one by one and remembers how their ids changed, so conversations placed last
 * point at the files, media and documents as they are now called.
 */
export function createPlacer(deps: PlacingDeps, report: TransferReport) {
  const fileIds = new Map<string, string>();
  const mediaIds = new Map<string, string>();
  const documentIds = new Map<string, string>();

  return {
    async placeFile(meta: FileMeta, bytes: Bytes): Promise<void> {
      const { sha, size } = await hashOf(bytes);
      const existing = await deps.files.info(meta.fileId).catch(() => null);
      if (existing && existing.sha256 === sha) {
        fileIds.set(meta.fileId, existing.fileId);
        report.skipped.push({ what: meta.name, reason: 'identical' });
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
        report.files += 1;
      } catch (e) {
        await deps.files.cancel(uploadId).catch(() => undefined);
        throw e;
      }
    },

    async placeMedia(meta: MediaMeta, bytes: Bytes): Promise<MediaItem | null> {
      const buffer = await readAll(bytes);
      const existing = deps.media.find(meta.id);
      if (existing && existing.size === buffer.length) {
        const same = sha256(await deps.media.read(existing.id)) === sha256(buffer);
        if (same) {
          mediaIds.set(meta.id, existing.id);
          report.skipped.push({ what: meta.title || meta.id, reason: 'identical' });
          return null;
        }
      }
      const item = await deps.media.add({
        kind: meta.kind,
        bytes: buffer,
        mime: meta.mime,
        title: meta.title,
        model: meta.model ?? null,
        cost: meta.cost ?? null,
        params: meta.params ?? {},
        sources: meta.sources ?? [],
        extra: meta.extra ?? {},
      });
      mediaIds.set(meta.id, item.id);
      report.media += 1;
      return item;
    },

    async placeDocument(record: DocumentRecord): Promise<void> {
      const existing = await deps.documents.get(record.id).catch(() => null);
      if (existing && canonicalJson(existing) === canonicalJson(record)) {
        documentIds.set(record.id, existing.id);
        report.skipped.push({ what: record.name, reason: 'identical' });
        return;
      }
      const placed = await deps.documents.adopt(record);
      documentIds.set(record.id, placed.id);
      report.documents += 1;
      if (placed.renamed && existing) report.renamed += 1;
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

    async placeConversation(given: Conversation): Promise<void> {
      const conversation = this.remapped(given);
      if (deps.conversations.has(conversation.id)) {
        const existing = await deps.conversations.get(conversation.id).catch(() => null);
        if (existing && sameConversation(existing, conversation)) {
          report.skipped.push({ what: conversation.title || conversation.id, reason: 'identical' });
          return;
        }
      }
      const placed = await deps.conversations.adopt(conversation);
      report.conversations += 1;
      if (placed.renamed) report.renamed += 1;
    },
  };
}

export type Placer = ReturnType<typeof createPlacer>;

/** JSON with keys sorted at every level, so equal content compares equal whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Same content: everything but the counter the library keeps itself. */
function sameConversation(a: Conversation, b: Conversation): boolean {
  const strip = ({ messageCount: _count, ...rest }: Conversation) => rest;
  return canonicalJson(strip(a)) === canonicalJson(strip(b));
}

export const MEDIA_KIND_ORDER: readonly MediaKind[] = ['image', 'audio', 'video'];
