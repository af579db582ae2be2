// The whole library as one zip, streamed to disk entry by entry: conversations, media with their facts, documents, and the uploads conversations use.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { BACKUP_FORMAT, type TransferStep } from '../../../../shared/transfer';
import { extensionOfMime } from '../../../../shared/media-files';
import { FILE_MODE } from '../../library/data-folder';
import { allMedia, mediaMetaOf, type PlacingDeps } from './placing';
import { type CarriedPrompts, PROMPTS_ENTRY, promptsEntry } from './prompts-entry';

export const MANIFEST_ENTRY = 'manifest.json';

export interface BackupCounts {
  conversations: number;
  media: number;
  documents: number;
  files: number;
}

/**
 * Writes the backup to `path`. Each entry is added only when the one before has been read into
 * the archive, so one file is open at a time and memory holds one entry's window, not the archive.
 */
export async function writeBackup(
  path: string,
  deps: PlacingDeps & { prompts?: CarriedPrompts },
  onProgress: (step: TransferStep, done: number, total: number) => void,
  now: string,
): Promise<BackupCounts> {
  const zip = new ZipFile();
  const out = createWriteStream(path, { mode: FILE_MODE });
  const failed = new Promise<never>((_, reject) => {
    out.once('error', reject);
    zip.outputStream.once('error', reject);
  });
  failed.catch(() => undefined);
  zip.outputStream.pipe(out);

  async function add(name: string, source: Readable, compress = true): Promise<void> {
    const ended = once(source, 'end');
    zip.addReadStream(source, name, { compress, mtime: new Date(now) });
    await Promise.race([ended, failed]);
  }
  const json = (value: unknown) => Readable.from([Buffer.from(JSON.stringify(value))]);

  const summaries = deps.conversations.list().items;
  const media = allMedia(deps.media);
  const documents = deps.documents.list().items;
  const fileIds = new Set<string>();

  const counts: BackupCounts = { conversations: 0, media: 0, documents: 0, files: 0 };
  onProgress('conversations', 0, summaries.length);
  for (const summary of summaries) {
    const conversation = await deps.conversations.get(summary.id).catch(() => null);
    if (!conversation) continue;
    for (const message of conversation.messages) {
      for (const a of message.attachments ?? []) if (a.fileId) fileIds.add(a.fileId);
    }
    await add(`conversations/${conversation.id}.json`, json(conversation));
    counts.conversations += 1;
    onProgress('conversations', counts.conversations, summaries.length);
  }

  onProgress('files', 0, fileIds.size);
  for (const fileId of fileIds) {
    const info = await deps.files.info(fileId).catch(() => null);
    if (info) {
      await add(`files/${fileId}.json`, json({ fileId, name: info.name, mime: info.mime }));
      await add(`files/${fileId}.bin`, createReadStream(deps.files.pathOf(fileId)));
      counts.files += 1;
    }
    onProgress('files', counts.files, fileIds.size);
  }

  onProgress('media', 0, media.length);
  for (const item of media) {
    const file = await deps.media.resolve(item.id, 'full');
    if (file) {
      await add(`media/${item.id}.json`, json(mediaMetaOf(item)));
      // Pictures, sounds and films are compressed already: stored as they are, it is faster.
      await add(
        `media/${item.id}.${extensionOfMime(item.mime)}`,
        createReadStream(file.path),
        false,
      );
      counts.media += 1;
    }
    onProgress('media', counts.media, media.length);
  }

  onProgress('documents', 0, documents.length);
  for (const summary of documents) {
    const record = await deps.documents.get(summary.id).catch(() => null);
    if (record) {
      await add(`documents/${record.id}.json`, json(record));
      counts.documents += 1;
    }
    onProgress('documents', counts.documents, documents.length);
  }

  onProgress('finishing', 0, 1);
  if (deps.prompts) await add(PROMPTS_ENTRY, json(promptsEntry(deps.prompts)));
  await add(MANIFEST_ENTRY, json({ format: BACKUP_FORMAT, version: 1, createdAt: now, counts }));
  zip.end();
  await Promise.race([once(out, 'finish'), failed]);
  onProgress('finishing', 1, 1);
  return counts;
}
