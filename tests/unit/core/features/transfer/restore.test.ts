// Restoring hostile archives: paths that leave the folder, links, zip bombs and unknown entries are skipped and reported; the rest is restored.
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { BACKUP_FORMAT, type TransferReport } from '../../../../../shared/transfer';
import type { Conversation, ConversationList } from '../../../../../shared/types';
import {
  isSymlinkEntry,
  unsafeEntryName,
} from '../../../../../electron/core/features/transfer/restore';
import { openCore } from '../../simulated-core';

interface Entry {
  name: string;
  body: Buffer | string;
  mode?: number;
}

async function zipOf(entries: Entry[]): Promise<Buffer> {
  const zip = new ZipFile();
  const parts: Buffer[] = [];
  zip.outputStream.on('data', (chunk: Buffer) => parts.push(chunk));
  const ended = once(zip.outputStream, 'end');
  for (const entry of entries) {
    zip.addBuffer(Buffer.from(entry.body), entry.name, entry.mode ? { mode: entry.mode } : {});
  }
  zip.end();
  await ended;
  return Buffer.concat(parts);
}

/** yazl refuses to write a path that climbs out, so a same-length placeholder is swapped in after. */
function withName(archive: Buffer, placeholder: string, hostile: string): Buffer {
  expect(hostile.length).toBe(placeholder.length);
  let text = archive.toString('latin1');
  text = text.split(placeholder).join(hostile);
  return Buffer.from(text, 'latin1');
}

const manifest = {
  name: 'manifest.json',
  body: JSON.stringify({ format: BACKUP_FORMAT, version: 1 }),
};

function conversation(id: string, title: string): Conversation {
  const at = '2026-01-01T00:00:00.000Z';
  return {
    version: 2,
    id,
    title,
    pinned: false,
    createdAt: at,
    updatedAt: at,
    model: 'openai/gpt-4o-mini',
    messageCount: 1,
    systemPrompt: '',
    temperature: null,
    maxTokens: null,
    contextStart: 0,
    messages: [{ id: 'm1', role: 'user', content: 'Hello', createdAt: at, status: 'done' }],
  };
}

describe('entry names', () => {
  it('calls absolute, drive, backslash and climbing paths unsafe', () => {
    expect(unsafeEntryName('conversations/a.json')).toBeNull();
    expect(unsafeEntryName('../evil.json')).toMatch(/relative/);
    expect(unsafeEntryName('conversations/../../evil.json')).toMatch(/relative/);
    expect(unsafeEntryName('/etc/passwd')).toMatch(/absolute/);
    expect(unsafeEntryName('C:/Windows/evil')).toMatch(/absolute/);
    expect(unsafeEntryName('media\\..\\evil')).toMatch(/backslash/);
    expect(unsafeEntryName('a//b')).toMatch(/relative/);
    expect(unsafeEntryName('a/\u0000b')).toMatch(/control/);
    expect(isSymlinkEntry({ externalFileAttributes: (0o120777 << 16) >>> 0 })).toBe(true);
    expect(isSymlinkEntry({ externalFileAttributes: (0o100644 << 16) >>> 0 })).toBe(false);
  });
});

describe('restoring hostile archives', () => {
  async function restore(archive: Buffer) {
    const opened = await openCore();
    const file = await opened.upload('backup.zip', 'application/zip', archive);
    const answer = await opened.attempt<TransferReport>('transfer.restore', {
      fileId: file.fileId,
      jobId: 'job',
    });
    return { ...opened, answer };
  }

  it('skips climbing paths, links, bombs and unknown entries, and restores the rest', async () => {
    const good = conversation('good-one', 'Kept');
    const archive = withName(
      await zipOf([
        { name: 'conversations/good-one.json', body: JSON.stringify(good) },
        {
          name: 'XX/XX/conversations/evil.json',
          body: JSON.stringify(conversation('evil', 'Evil')),
        },
        { name: 'conversations/link.json', body: '/etc/passwd', mode: 0o120777 },
        { name: 'media/image-abc-0123456789ab.png', body: Buffer.alloc(20 * 1024 * 1024) },
        { name: 'notes.txt', body: 'hello' },
        { name: 'conversations/bad.json', body: '{"version": 1, "id": 5}' },
        manifest,
      ]),
      'XX/XX/',
      '../../',
    );
    const { answer, call } = await restore(archive);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.data.conversations).toBe(1);
    expect(answer.data.skipped).toEqual([
      { what: '../../conversations/evil.json', reason: 'unsafe-path' },
      { what: 'conversations/link.json', reason: 'unsafe-path' },
      { what: 'media/image-abc-0123456789ab.png', reason: 'too-large' },
      { what: 'notes.txt', reason: 'unknown-entry' },
      { what: 'a conversation', reason: 'malformed' },
    ]);
    const list = await call<ConversationList>('conversations.list');
    expect(list.items.map((i) => i.title)).toEqual(['Kept']);
  }, 30_000);

  it('refuses an archive without the manifest, restoring nothing', async () => {
    const archive = await zipOf([
      { name: 'conversations/x.json', body: JSON.stringify(conversation('x', 'X')) },
    ]);
    const { answer, call } = await restore(archive);
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(!answer.ok && answer.error.message).toMatch(/not an Atelier backup/);
    expect((await call<ConversationList>('conversations.list')).items).toEqual([]);
  });

  it('refuses prototype keys inside an entry', async () => {
    const archive = await zipOf([
      { name: 'conversations/x.json', body: '{"__proto__": {"polluted": true}}' },
      manifest,
    ]);
    const { answer } = await restore(archive);
    expect(answer.ok && answer.data.skipped).toEqual([
      { what: 'conversations/x.json', reason: 'malformed' },
    ]);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
