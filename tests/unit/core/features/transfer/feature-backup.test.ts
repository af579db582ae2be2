// Backup and restore across data folders through createCore, and a host that saves and picks files through its own dialog (Electron).
import { copyFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type {
  TransferProgress,
  TransferReport,
  TransferSaved,
} from '../../../../../shared/transfer';
import type { Conversation, MediaPage } from '../../../../../shared/types';
import type { FeatureContext, Host } from '../../../../../electron/core/features/context';
import { openDocumentStore } from '../../../../../electron/core/features/documents/store';
import { openTransferFeature } from '../../../../../electron/core/features/transfer/feature';
import { openConversationLibrary } from '../../../../../electron/core/library/conversations';
import { createFileStore } from '../../../../../electron/core/library/files';
import { openFolderLibrary } from '../../../../../electron/core/library/folders';
import { createMediaLibrary } from '../../../../../electron/core/library/media';
import { env } from '../../simulated-core';
import { content, conversationWithPicture, freshDir, openCore, readOut } from './feature-harness';

describe('backup and restore', () => {
  it('restores conversations and media into a fresh folder, and skips what is already there', async () => {
    const first = await openCore();
    const original = await conversationWithPicture(first);
    const saved = await first.call<TransferSaved>('transfer.backup', { jobId: 'job-1' });
    expect(saved).toMatchObject({ saved: false, mime: 'application/zip' });
    expect(saved.name).toMatch(/^atelier-backup-\d{4}-\d{2}-\d{2}\.zip$/);
    const progress = first.emitted
      .filter((e) => e.event === 'transfer.progress')
      .map((e) => e.payload as TransferProgress);
    expect(progress.at(-1)).toMatchObject({ jobId: 'job-1', kind: 'backup', step: 'finishing' });
    expect(progress.some((p) => p.step === 'media' && p.done === 1)).toBe(true);
    const archive = await readOut(first.call, saved);
    // Nothing of the key or the settings travels.
    expect(archive.includes(Buffer.from('sim-fast'))).toBe(false);
    expect(archive.includes(Buffer.from('settings.json'))).toBe(false);

    const dir = await freshDir();
    const second = await openCore({ dataDir: dir });
    const file = await second.upload('backup.zip', 'application/zip', archive);
    const report = await second.call<TransferReport>('transfer.restore', {
      fileId: file.fileId,
      jobId: 'job-2',
    });
    expect(report).toMatchObject({
      source: 'backup',
      conversations: 1,
      media: 1,
      files: 1,
      skipped: [],
    });
    const restored = await second.call<Conversation>('conversations.get', { id: original.id });
    expect(content(restored)).toEqual(content(original));
    // An attached picture is a chat's: listed under chats, as before the backup.
    const pictures = await second.call<MediaPage>('media.list', { kind: 'image', origin: 'chats' });
    expect(pictures.total).toBe(1);
    expect(restored.messages[0]!.attachments![0]!.mediaId).toBe(pictures.items[0]!.id);
    // The staging folder is gone once the restore is over.
    expect((await readdir(join(dir, 'transfer'))).filter((n) => n.startsWith('restore-'))).toEqual(
      [],
    );

    const twice = await first.upload('backup.zip', 'application/zip', archive);
    const same = await first.call<TransferReport>('transfer.restore', {
      fileId: twice.fileId,
      jobId: 'job-3',
    });
    expect(same).toMatchObject({ conversations: 0, media: 0 });
    // The conversation, its picture in the media library and the upload it was sent from.
    expect(same.skipped.map((s) => s.reason)).toEqual(['identical', 'identical', 'identical']);
    expect(env.dir).not.toBe(dir);
  }, 30_000);

  it('refuses a zip that is not an Atelier backup, and a file that is not a zip', async () => {
    const { attempt, upload } = await openCore();
    const notZip = await upload('backup.zip', 'application/zip', Buffer.from('hello'));
    const answer = await attempt('transfer.restore', { fileId: notZip.fileId, jobId: 'j' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(!answer.ok && answer.error.message).toMatch(/not a zip archive/);
  });
});

describe('a host that saves through a dialog (Electron)', () => {
  it("restores the backup the person picked in the host's dialog, read where it lies", async () => {
    const first = await openCore();
    const original = await conversationWithPicture(first);
    const archive = await readOut(
      first.call,
      await first.call<TransferSaved>('transfer.backup', { jobId: 'job-1' }),
    );
    const outside = await freshDir();
    const picked = join(outside, 'atelier-backup.zip');
    await writeFile(picked, archive);

    const dir = await freshDir();
    const answers: Awaited<ReturnType<Host['pickFile']>>[] = [
      { path: picked },
      { path: null, canPick: true },
      { path: null, canPick: false },
    ];
    const host: Host = {
      openExternal: async () => false,
      confirmMcpCommand: async () => false,
      saveMedia: async () => ({ saved: false }),
      pickFile: async (request) => {
        expect(request.filter.extensions).toEqual(['zip']);
        return answers.shift()!;
      },
    };
    const conversations = await openConversationLibrary(dir);
    const ctx = {
      dataDir: dir,
      host,
      conversations,
      files: await createFileStore(join(dir, 'files')),
      media: await createMediaLibrary(join(dir, 'media')),
      emit: () => undefined,
      state: { current: () => ({ demo: false }) },
    } as unknown as FeatureContext;
    const feature = await openTransferFeature(ctx, {
      documents: { store: await openDocumentStore(dir) },
      folders: await openFolderLibrary(dir),
    });
    const report = await feature.handlers['transfer.restorePicked']({ jobId: 'job-2' });
    expect(report).toMatchObject({ conversations: 1, media: 1, files: 1, skipped: [] });
    expect(content(await conversations.get(original.id))).toEqual(content(original));
    // Nothing went through the upload store: the archive was read where it lies, and stays there.
    expect((await readdir(join(dir, 'files'))).filter((n) => n.endsWith('.bin'))).toHaveLength(1);
    expect(await readFile(picked)).toEqual(archive);
    // Cancelled: nothing restored, no error.
    expect(await feature.handlers['transfer.restorePicked']({ jobId: 'job-3' })).toBeNull();
    // A host that cannot open files (the web host) says to use the upload.
    await expect(
      feature.handlers['transfer.restorePicked']({ jobId: 'job-4' }),
    ).rejects.toMatchObject({ error: { code: 'invalid_input' } });
    await feature.dispose?.();
    await ctx.files.dispose();
    await ctx.media.flush();
    await conversations.close();
  }, 30_000);

  it('hands the prepared file to the host under its name and type, then removes it', async () => {
    const dir = await freshDir();
    const target = join(dir, 'chosen.md');
    const offered: Array<{ mime: string; name: string }> = [];
    const host: Host = {
      openExternal: async () => false,
      confirmMcpCommand: async () => false,
      pickFile: async () => ({ path: null, canPick: true }),
      saveMedia: async (file, suggestedName) => {
        offered.push({ mime: file.mime, name: suggestedName });
        await copyFile(file.path, target);
        return { saved: true };
      },
    };
    const conversations = await openConversationLibrary(dir);
    const created = await conversations.create({ model: 'm/x' });
    await conversations.update(created.id, { title: 'Notes: a/b' });
    const ctx = {
      dataDir: dir,
      host,
      conversations,
      files: await createFileStore(join(dir, 'files')),
      media: await createMediaLibrary(join(dir, 'media')),
      emit: () => undefined,
      state: { current: () => ({ demo: false }) },
    } as unknown as FeatureContext;
    const documents = { store: await openDocumentStore(dir) };
    const folders = await openFolderLibrary(dir);
    const feature = await openTransferFeature(ctx, { documents, folders });
    const saved = await feature.handlers['transfer.export']({
      conversationId: created.id,
      format: 'markdown',
    });
    expect(saved).toMatchObject({ saved: true, name: 'Notes_ a_b.md', mime: 'text/markdown' });
    expect(offered).toEqual([{ mime: 'text/markdown', name: 'Notes_ a_b.md' }]);
    expect(await readFile(target, 'utf8')).toMatch(/^# Notes: a\/b/);
    expect(await readdir(join(dir, 'transfer'))).toEqual([]);
    await expect(
      feature.handlers['transfer.readOut']({ outId: saved.outId, offset: 0 }),
    ).rejects.toMatchObject({ error: { code: 'not_found' } });
    await ctx.files.dispose();
    await conversations.flush();
  });
});
