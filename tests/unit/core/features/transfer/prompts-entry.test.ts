// Saved prompts travel in a backup and in the export of every conversation: written as prompts.json, brought back by a restore into another data folder, never over what is there.
import { describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import type { Prompt } from '../../../../../shared/prompts';
import type { TransferReport, TransferSaved } from '../../../../../shared/transfer';
import { freshDir, openCore, readOut } from './feature-harness';

const names = (list: Prompt[]) => list.map((p) => p.name).sort();

/** A zip with an Atelier manifest and the given prompts entry. */
async function archiveWith(prompts: unknown): Promise<Buffer> {
  const zip = new ZipFile();
  zip.addBuffer(
    Buffer.from(JSON.stringify({ format: 'atelier-backup', version: 1 })),
    'manifest.json',
  );
  zip.addBuffer(Buffer.from(JSON.stringify(prompts)), 'prompts.json');
  zip.end();
  const parts: Buffer[] = [];
  for await (const chunk of zip.outputStream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

describe('prompts in a backup', () => {
  it('brings back own prompts, edited and deleted shipped ones', async () => {
    const first = await openCore();
    await first.call('prompts.save', { name: 'Haiku', text: 'A haiku about {{topic}}' });
    await first.call('prompts.save', {
      id: 'shipped-translate',
      name: 'To French',
      text: 'French:',
    });
    await first.call('prompts.delete', { id: 'shipped-email' });
    const before = await first.call<Prompt[]>('prompts.list');
    const saved = await first.call<TransferSaved>('transfer.backup', { jobId: 'b' });
    const archive = await readOut(first.call, saved);

    const second = await openCore({ dataDir: await freshDir() });
    await second.call('prompts.save', { name: 'Already here', text: 'Kept' });
    const file = await second.upload('backup.zip', 'application/zip', archive);
    const report = await second.call<TransferReport>('transfer.restore', {
      fileId: file.fileId,
      jobId: 'r',
    });
    expect(report).toMatchObject({ prompts: 3, skipped: [] });
    const after = await second.call<Prompt[]>('prompts.list');
    expect(names(after)).toEqual([...names(before), 'Already here'].sort());
    expect(after.find((p) => p.name === 'Haiku')!.text).toBe('A haiku about {{topic}}');

    // Restored again, nothing is added twice.
    const again = await second.upload('backup.zip', 'application/zip', archive);
    const twice = await second.call<TransferReport>('transfer.restore', {
      fileId: again.fileId,
      jobId: 'r2',
    });
    expect(twice.prompts).toBe(0);
    expect(await second.call<Prompt[]>('prompts.list')).toHaveLength(after.length);
  }, 30_000);

  it('skips a prompts entry that is not one, and keeps what the entry holds of the right shape', async () => {
    const core = await openCore();
    const foreign = await core.upload(
      'backup.zip',
      'application/zip',
      await archiveWith({ own: [{ id: 'p', name: 'Sly', text: 'x' }] }),
    );
    const report = await core.call<TransferReport>('transfer.restore', {
      fileId: foreign.fileId,
      jobId: 'f',
    });
    expect(report.skipped).toEqual([{ what: 'prompts.json', reason: 'malformed' }]);
    expect(names(await core.call<Prompt[]>('prompts.list'))).not.toContain('Sly');

    const mixed = await core.upload(
      'backup.zip',
      'application/zip',
      await archiveWith({
        format: 'atelier-prompts',
        version: 1,
        own: [
          { id: 'p-ok', name: 'Fine', text: 'y' },
          { id: 'p-no', text: 3 },
        ],
        shipped: { translate: 'not a prompt' },
      }),
    );
    const taken = await core.call<TransferReport>('transfer.restore', {
      fileId: mixed.fileId,
      jobId: 'm',
    });
    expect(taken.prompts).toBe(1);
    expect(names(await core.call<Prompt[]>('prompts.list'))).toContain('Fine');
    expect(names(await core.call<Prompt[]>('prompts.list'))).toContain('Translate');
  }, 30_000);

  it('travel in the export of every conversation and come back with its import', async () => {
    const first = await openCore();
    await first.call('prompts.save', { name: 'Haiku', text: 'A haiku about {{topic}}' });
    const whole = await first.call<TransferSaved>('transfer.export', { format: 'json' });
    const exported = await readOut(first.call, whole);
    expect((JSON.parse(exported.toString('utf8')) as { prompts?: unknown }).prompts).toMatchObject({
      format: 'atelier-prompts',
    });

    const second = await openCore({ dataDir: await freshDir() });
    const file = await second.upload('export.json', 'application/json', exported);
    const report = await second.call<TransferReport>('transfer.import', { fileId: file.fileId });
    expect(report.prompts).toBe(1);
    expect(names(await second.call<Prompt[]>('prompts.list'))).toContain('Haiku');
  }, 30_000);
});
