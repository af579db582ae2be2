// The transfer.* channels: export as Markdown, HTML or lossless JSON; import the app's JSON or ChatGPT's; back up and restore the whole library as one zip.
import { randomBytes } from 'node:crypto';
import { open, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  TRANSFER_LIMITS,
  type ExportFormat,
  type TransferReport,
  type TransferSaved,
  type TransferStep,
} from '../../../../shared/transfer';
import type { Conversation } from '../../../../shared/types';
import { serviceError } from '../../service/errors';
import type { ChannelsOf, Feature, FeatureContext } from '../context';
import type { DocumentsFeature } from '../documents/feature';
import type { FolderLibrary } from '../../library/folders';
import { FILE_MODE, makeFolder } from '../../library/data-folder';
import { isDiskFull, saveFailed } from '../../library/save-failure';
import { importAppExport, looksLikeAppExport, writeAppExport } from './app-json';
import { writeBackup } from './backup';
import { importChatGptExport, looksLikeChatGpt } from './chatgpt';
import { createPlacer, emptyReport, type PlacingDeps } from './placing';
import type { CarriedPrompts } from './prompts-entry';
import { conversationsHtml, conversationsMarkdown, type ImageLookup } from './render';
import { restoreBackup, stagingFolder } from './restore';
import { parseUntrustedJson } from './untrusted-json';

export type TransferChannel = ChannelsOf<'transfer'>;

const OUT_ID = /^out-[0-9a-f]{24}$/;

const FORMAT_FILE: Record<ExportFormat, { extension: string; mime: string }> = {
  markdown: { extension: 'md', mime: 'text/markdown' },
  html: { extension: 'html', mime: 'text/html' },
  json: { extension: 'json', mime: 'application/json' },
};

/** A name every system accepts, from a conversation title. */
export function safeFileName(title: string, fallback: string): string {
  const base = title
    // A title's closing signs (an ellipsis, a question mark) would end the name in "…" or "_".
    .replace(/[\s.…?!]+$/u, '')
    // One inside a name reads as text cut short, and some systems show it as mojibake.
    .replace(/\s*…\s*/gu, ' ')
    // eslint-disable-next-line no-control-regex -- characters systems refuse in names
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 80);
  return base || fallback;
}

const today = (now: Date): string => now.toISOString().slice(0, 10);

export async function openTransferFeature(
  ctx: FeatureContext,
  deps: {
    documents: Pick<DocumentsFeature, 'store'>;
    folders: Pick<FolderLibrary, 'has'>;
    /** Saved prompts travel in a backup; absent (tests of other parts): they do not. */
    prompts?: CarriedPrompts;
  },
): Promise<Feature<TransferChannel>> {
  const folder = join(ctx.dataDir, 'transfer');
  // Files prepared for the page and staging left by a previous run are of no use now: what a
  // restore cut short had placed is whole (each item is written atomically), and the restore run
  // again finds it and goes on from there.
  await rm(folder, { recursive: true, force: true });
  // A full disk may refuse even a folder: start anyway; each export or backup makes it again.
  await makeFolder(folder).catch(() => undefined);
  const placing: PlacingDeps & { prompts?: CarriedPrompts } = {
    conversations: ctx.conversations,
    files: ctx.files,
    media: ctx.media,
    documents: deps.documents.store,
    folders: deps.folders,
    prompts: deps.prompts,
  };
  /** Prepared files the page may still read, by outId. */
  const outs = new Map<string, { path: string; size: number }>();
  let busy: string | null = null;

  /**
   * A backup holds the person's own library and a restore puts one back: neither is done while the
   * demo is in use, whose conversations are kept apart (library/service-conversations.ts), so a
   * backup never carries demo conversations and a restore never lands in the demo's list.
   */
  function refuseInDemo(what: 'backup' | 'restore'): void {
    if (!ctx.state.current().demo) return;
    throw serviceError(
      'invalid_input',
      `The demo service is in use, and its conversations are kept apart from yours: leave the demo in Settings to ${what === 'backup' ? 'back up' : 'restore'} your own library.`,
      null,
      { reason: 'demo_in_use' },
    );
  }

  /** One backup, restore or import at a time: they read and write the whole library. */
  async function exclusive<T>(what: string, work: () => Promise<T>): Promise<T> {
    if (busy !== null) {
      throw serviceError('invalid_input', `Wait until the ${busy} in progress has finished.`);
    }
    busy = what;
    try {
      return await work();
    } finally {
      busy = null;
    }
  }

  /**
   * A fresh name in the transfer folder for `what` ("The backup"), the folder made again if a full
   * disk kept it from being made at start.
   */
  async function newOut(extension: string, what: string): Promise<{ outId: string; path: string }> {
    await makeFolder(folder).catch((e: unknown) => {
      throw saveFailed(what, e);
    });
    const outId = `out-${randomBytes(12).toString('hex')}`;
    return { outId, path: join(folder, `${outId}.${extension}`) };
  }

  /** Offers the prepared file to the host; kept for transfer.readOut when the host leaves saving to the page. */
  async function offer(
    path: string,
    outId: string,
    name: string,
    mime: string,
  ): Promise<TransferSaved> {
    const { size } = await stat(path);
    let saved: boolean;
    try {
      ({ saved } = await ctx.host.saveMedia({ path, mime }, name));
    } catch (e) {
      await rm(path, { force: true });
      throw serviceError('storage', e instanceof Error ? e.message : String(e));
    }
    if (saved) await rm(path, { force: true });
    else outs.set(outId, { path, size });
    return { saved, outId, name, mime, size };
  }

  async function* conversationsOf(ids: string[]): AsyncGenerator<Conversation> {
    for (const id of ids) {
      const conversation = await ctx.conversations.get(id).catch(() => null);
      if (conversation) yield conversation;
    }
  }

  const imageLookup: ImageLookup = async (attachment) => {
    try {
      if (attachment.mediaId) {
        const item = ctx.media.find(attachment.mediaId);
        if (!item || item.size > TRANSFER_LIMITS.htmlImageBytes) return null;
        return { mime: item.mime, base64: (await ctx.media.read(item.id)).toString('base64') };
      }
      if (attachment.fileId) {
        const info = await ctx.files.info(attachment.fileId);
        if (info.size > TRANSFER_LIMITS.htmlImageBytes || !info.sniffedMime) return null;
        return {
          mime: info.sniffedMime,
          base64: (await ctx.files.read(attachment.fileId)).toString('base64'),
        };
      }
    } catch {
      // A missing picture is named instead of shown.
    }
    return null;
  };

  function progress(jobId: string, kind: 'backup' | 'restore') {
    let lastAt = 0;
    return (step: TransferStep, done: number, total: number) => {
      // At most every 100 ms, but always the end of a step.
      const at = Date.now();
      if (done < total && at - lastAt < 100) return;
      lastAt = at;
      ctx.emit('transfer.progress', { jobId, kind, step, done, total });
    };
  }

  /** Restores the archive at `archive` and tells the page what changed. */
  /** Tells the page what a restore may have added, so it reads the library again. */
  function restored(conversations: boolean): void {
    if (conversations) ctx.emit('conversations.changed', { id: null });
    for (const kind of ['image', 'audio', 'video'] as const) ctx.emit('media.changed', { kind });
  }

  async function restoreFrom(archive: string, jobId: string): Promise<TransferReport> {
    let report: TransferReport;
    try {
      report = await restoreBackup(archive, placing, {
        stagingDir: stagingFolder(folder),
        onProgress: progress(jobId, 'restore'),
      });
    } catch (e) {
      // Cut short (a full disk), it keeps what it placed, and restoring again adds the rest.
      restored(true);
      throw e;
    }
    restored(report.conversations > 0);
    return report;
  }

  async function readImportFile(fileId: string): Promise<unknown> {
    const info = await ctx.files.info(fileId);
    if (info.size > TRANSFER_LIMITS.importBytes) {
      throw serviceError(
        'invalid_input',
        `"${info.name}" is ${info.size} bytes; an import may be at most ${TRANSFER_LIMITS.importBytes}.`,
      );
    }
    const text = (await ctx.files.read(fileId)).toString('utf8');
    return parseUntrustedJson(text.replace(/^\uFEFF/, ''), `"${info.name}"`);
  }

  return {
    handlers: {
      'transfer.export': async ({ conversationId, format }) => {
        const ids =
          conversationId !== undefined
            ? [conversationId]
            : ctx.conversations.list().items.map((item) => item.id);
        const single =
          conversationId !== undefined ? await ctx.conversations.get(conversationId) : null;
        const { extension, mime } = FORMAT_FILE[format];
        const name = `${single ? safeFileName(single.title, 'conversation') : `atelier-conversations-${today(new Date())}`}.${extension}`;
        const { outId, path } = await newOut(extension, 'The export');
        try {
          if (format === 'json') {
            await writeAppExport(
              path,
              conversationsOf(ids),
              placing,
              new Date().toISOString(),
              conversationId === undefined ? placing.prompts : undefined,
            );
          } else {
            const list: Conversation[] = [];
            for await (const c of conversationsOf(ids)) list.push(c);
            const body =
              format === 'markdown'
                ? conversationsMarkdown(list)
                : await conversationsHtml(list, imageLookup);
            await writeFile(path, body, { mode: FILE_MODE });
          }
        } catch (e) {
          await rm(path, { force: true });
          if (isDiskFull(e)) throw saveFailed('The export', e);
          throw e;
        }
        return offer(path, outId, name, mime);
      },

      'transfer.readOut': async ({ outId, offset }) => {
        const out = OUT_ID.test(outId) ? outs.get(outId) : undefined;
        if (!out) throw serviceError('not_found', 'This prepared file is gone; export it again.');
        const length = Math.max(0, Math.min(TRANSFER_LIMITS.readChunkBytes, out.size - offset));
        const buffer = Buffer.alloc(length);
        if (length > 0) {
          const handle = await open(out.path, 'r');
          try {
            await handle.read(buffer, 0, length, offset);
          } finally {
            await handle.close();
          }
        }
        const done = offset + length >= out.size;
        if (done) {
          outs.delete(outId);
          await rm(out.path, { force: true });
        }
        return { base64: buffer.toString('base64'), done };
      },

      'transfer.import': ({ fileId }) =>
        exclusive('import', async () => {
          const value = await readImportFile(fileId);
          const chatGpt = !looksLikeAppExport(value) && looksLikeChatGpt(value);
          if (!chatGpt && !looksLikeAppExport(value)) {
            throw serviceError(
              'invalid_input',
              'This file is neither an Atelier export nor ChatGPT’s conversations.json; nothing was imported.',
            );
          }
          if (chatGpt && value.length > TRANSFER_LIMITS.conversations) {
            throw serviceError(
              'invalid_input',
              `The file holds ${value.length} conversations; one import takes at most ${TRANSFER_LIMITS.conversations}.`,
            );
          }
          const report = emptyReport(chatGpt ? 'chatgpt' : 'atelier');
          try {
            if (chatGpt) await importChatGptExport(value, createPlacer(placing, report), report);
            else
              await importAppExport(value, createPlacer(placing, report), report, placing.prompts);
          } finally {
            // Cut short too: what was added stays (importing again adds the rest), so the page shows it.
            if (report.conversations > 0) ctx.emit('conversations.changed', { id: null });
          }
          await ctx.files.remove(fileId).catch(() => undefined);
          return report;
        }),

      'transfer.backup': ({ jobId }) =>
        exclusive('backup', async () => {
          refuseInDemo('backup');
          const { outId, path } = await newOut('zip', 'The backup');
          const now = new Date();
          try {
            await writeBackup(path, placing, progress(jobId, 'backup'), now.toISOString());
          } catch (e) {
            await rm(path, { force: true });
            throw saveFailed('The backup', e);
          }
          return offer(path, outId, `atelier-backup-${today(now)}.zip`, 'application/zip');
        }),

      'transfer.restore': ({ fileId, jobId }) =>
        exclusive('restore', async () => {
          refuseInDemo('restore');
          const archive = ctx.files.pathOf(fileId);
          await ctx.files.info(fileId);
          const report = await restoreFrom(archive, jobId);
          await ctx.files.remove(fileId).catch(() => undefined);
          return report;
        }),

      // The archive is read where it lies: no copy through the upload path, so no upload cap.
      'transfer.restorePicked': ({ jobId }) =>
        exclusive('restore', async () => {
          refuseInDemo('restore');
          const picked = await ctx.host.pickFile({
            title: 'Restore from backup',
            filter: { name: 'Atelier backup', extensions: ['zip'] },
          });
          if (picked.path !== null) return restoreFrom(picked.path, jobId);
          if (picked.canPick) return null;
          throw serviceError(
            'invalid_input',
            'This window cannot open files itself: choose the backup with Restore from backup.',
          );
        }),
    },
    async dispose() {
      await rm(folder, { recursive: true, force: true }).catch(() => undefined);
    },
  };
}
