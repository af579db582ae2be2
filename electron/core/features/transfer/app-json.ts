// The app's lossless JSON export: conversations exactly as stored, with the files and media they reference (base64) and their documents; and reading it back.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { z } from 'zod';
import {
  APP_EXPORT_FORMAT,
  TRANSFER_LIMITS,
  type TransferReport,
} from '../../../../shared/transfer';
import type { Conversation } from '../../../../shared/types';
import { serviceError } from '../../service/errors';
import { FILE_MODE } from '../../library/data-folder';
import { checkedConversation } from './conversation-check';
import type { DocumentRecord } from '../../../../shared/documents';
import { type CarriedPrompts, promptsEntry, restorePrompts } from './prompts-entry';
import {
  documentSchema,
  fileMetaSchema,
  mediaMetaSchema,
  type FileMeta,
  mediaMetaOf,
  type PlacingDeps,
  type Placer,
} from './placing';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const base64Schema = z.string().refine((s) => s.length % 4 === 0 && BASE64.test(s), 'not base64');

const appExportSchema = z.object({
  format: z.literal(APP_EXPORT_FORMAT),
  version: z.literal(1),
  exportedAt: z.string().optional(),
  conversations: z.array(z.unknown()).max(TRANSFER_LIMITS.conversations),
  files: z
    .array(fileMetaSchema.extend({ base64: base64Schema }))
    .max(100_000)
    .default([]),
  media: z
    .array(z.object({ item: mediaMetaSchema, base64: base64Schema }))
    .max(100_000)
    .default([]),
  documents: z.array(documentSchema).max(100_000).default([]),
  /** Saved prompts, in an export of every conversation (read as untrusted by restorePrompts). */
  prompts: z.unknown().optional(),
});

/** Whether parsed JSON says it is the app's own export (then it is checked strictly). */
export function looksLikeAppExport(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { format?: unknown }).format === APP_EXPORT_FORMAT
  );
}

/** Writes one value, waiting when the stream asks to. */
async function writeText(stream: NodeJS.WritableStream, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

/**
 * Streams the export to `path`: conversations one at a time, then each referenced file and
 * media item once, so the whole export is never held in memory. `prompts`: the saved prompts go
 * with it (an export of every conversation, not of one).
 */
export async function writeAppExport(
  path: string,
  conversations: AsyncIterable<Conversation>,
  deps: Pick<PlacingDeps, 'files' | 'media' | 'documents'>,
  now: string,
  prompts?: CarriedPrompts,
): Promise<void> {
  const stream = createWriteStream(path, { mode: FILE_MODE });
  const failed = new Promise<never>((_, reject) => stream.once('error', reject));
  const write = (text: string) => Promise.race([writeText(stream, text), failed]);
  const fileIds = new Set<string>();
  const mediaIds = new Set<string>();
  const documentIds = new Set<string>();
  await write(`{"format":${JSON.stringify(APP_EXPORT_FORMAT)},"version":1,`);
  await write(`"exportedAt":${JSON.stringify(now)},"conversations":[`);
  let first = true;
  for await (const conversation of conversations) {
    for (const message of conversation.messages) {
      for (const a of message.attachments ?? []) {
        if (a.fileId) fileIds.add(a.fileId);
        if (a.mediaId) mediaIds.add(a.mediaId);
        if (a.documentId) documentIds.add(a.documentId);
      }
    }
    await write((first ? '' : ',') + JSON.stringify(conversation));
    first = false;
  }
  await write('],"files":[');
  first = true;
  for (const fileId of fileIds) {
    const info = await deps.files.info(fileId).catch(() => null);
    if (!info) continue;
    const bytes = await deps.files.read(fileId);
    const entry = { fileId, name: info.name, mime: info.mime, base64: bytes.toString('base64') };
    await write((first ? '' : ',') + JSON.stringify(entry));
    first = false;
  }
  await write('],"media":[');
  first = true;
  for (const mediaId of mediaIds) {
    const item = deps.media.find(mediaId);
    if (!item) continue;
    const bytes = await deps.media.read(mediaId);
    await write(
      (first ? '' : ',') +
        JSON.stringify({ item: mediaMetaOf(item), base64: bytes.toString('base64') }),
    );
    first = false;
  }
  await write('],"documents":[');
  first = true;
  for (const documentId of documentIds) {
    const record = await deps.documents.get(documentId).catch(() => null);
    if (!record) continue;
    await write((first ? '' : ',') + JSON.stringify(record));
    first = false;
  }
  await write(']');
  if (prompts) await write(`,"prompts":${JSON.stringify(promptsEntry(prompts))}`);
  await write('}\n');
  stream.end();
  await Promise.race([once(stream, 'finish'), failed]);
}

/** Adds an app export to the library: files and media first, then the conversations pointing at them. */
export async function importAppExport(
  value: unknown,
  placer: Placer,
  report: TransferReport,
  prompts?: CarriedPrompts,
): Promise<void> {
  const parsed = appExportSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw serviceError(
      'invalid_input',
      `This Atelier export is damaged: ${issue?.message ?? 'wrong shape'}${where}.`,
    );
  }
  const { conversations, files, media, documents } = parsed.data;
  if (prompts) await restorePrompts(prompts, parsed.data.prompts, report);
  for (const { base64, ...meta } of files) {
    await placer.placeFile(meta satisfies FileMeta, { buffer: Buffer.from(base64, 'base64') });
  }
  for (const { item, base64 } of media) {
    await placer.placeMedia(item, { buffer: Buffer.from(base64, 'base64') });
  }
  for (const record of documents) await placer.placeDocument(record as unknown as DocumentRecord);
  conversations.forEach((raw, index) => {
    if (checkedConversation(raw) === null) {
      const title = (raw as { title?: unknown } | null)?.title;
      report.skipped.push({
        what: typeof title === 'string' ? title.slice(0, 120) : `#${index + 1}`,
        reason: 'malformed',
      });
    }
  });
  for (const raw of conversations) {
    const conversation = checkedConversation(raw);
    if (conversation) await placer.placeConversation(conversation);
  }
}
