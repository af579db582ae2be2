// The transfer feature through createCore: exports read back as the page reads them, imports that only ever add, ids that would name the library's own files.
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import type { MessageAttachment } from '../../../../../shared/attachments';
import {
  APP_EXPORT_FORMAT,
  BACKUP_FORMAT,
  TRANSFER_LIMITS,
  type TransferReport,
  type TransferSaved,
} from '../../../../../shared/transfer';
import type { Conversation, ConversationList, MediaItem } from '../../../../../shared/types';
import { safeFileName } from '../../../../../electron/core/features/transfer/feature';
import { makePdf } from '../../../../e2e/files';
import { env } from '../../simulated-core';
import { chatGptSample } from './chatgpt-sample';
import {
  content,
  conversationWithPicture,
  freshDir,
  openCore,
  type Opened,
  readOut,
} from './feature-harness';
import { conversation, message } from '../../../conversation-data';

describe('export', () => {
  it('answers saved: false on the web host and the page reads the file in chunks, once', async () => {
    const opened = await openCore();
    const conversation = await conversationWithPicture(opened);
    const saved = await opened.call<TransferSaved>('transfer.export', {
      conversationId: conversation.id,
      format: 'html',
    });
    expect(saved).toMatchObject({
      saved: false,
      mime: 'text/html',
      name: 'What is _b_this__b_.html',
    });
    const html = (await readOut(opened.call, saved)).toString('utf8');
    expect(html).toContain('What is &lt;b&gt;this&lt;/b&gt;?');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<img alt="dot.png" src="data:image/png;base64,');
    // A picture by address is named with its address, and no page loads it.
    const address = `${env.sim.hostRoot}/files/sample-picture.png`;
    expect(html).toContain(`Attached: sample-picture.png (${address})`);
    expect(html).not.toContain(`src="${address}`);
    // Read to the end, the file is gone: a second read is refused.
    const again = await opened.attempt('transfer.readOut', { outId: saved.outId, offset: 0 });
    expect(again).toMatchObject({ ok: false, error: { code: 'not_found' } });

    const markdown = await opened.call<TransferSaved>('transfer.export', { format: 'markdown' });
    const text = (await readOut(opened.call, markdown)).toString('utf8');
    expect(text).toMatch(/^# What is <b>this<\/b>\?/);
    expect(text).toContain('## Assistant (vis-openai/gpt-4o-mini)');
    expect(text).toContain('> Attached: dot.png');
    expect(text).toContain(`> Attached: sample-picture.png (${address})`);
  });
});

describe('lossless JSON', () => {
  it('round-trips into a fresh folder with the picture, and into the same library as a copy', async () => {
    const first = await openCore();
    const original = await conversationWithPicture(first);
    // A field this version does not know (message versions, say) must travel too.
    const stored = await first.call<Conversation>('conversations.get', { id: original.id });
    const saved = await first.call<TransferSaved>('transfer.export', { format: 'json' });
    const bytes = await readOut(first.call, saved);
    const parsed = JSON.parse(bytes.toString('utf8')) as {
      format: string;
      conversations: Conversation[];
      media: unknown[];
      files: unknown[];
    };
    expect(parsed.format).toBe(APP_EXPORT_FORMAT);
    expect(parsed.conversations).toEqual([stored]);
    expect(parsed.media).toHaveLength(1);
    const answer = parsed.conversations[0]!.messages[1]!;
    parsed.conversations[0]!.messages[1] = {
      ...answer,
      alternatives: [[{ ...answer, id: 'older-answer', content: 'an older answer' }]],
      alternativeIndex: 1,
    };
    const withUnknown = Buffer.from(JSON.stringify(parsed));

    const second = await openCore({ dataDir: await freshDir() });
    const file = await second.upload('export.json', 'application/json', withUnknown);
    const report = await second.call<TransferReport>('transfer.import', { fileId: file.fileId });
    expect(report).toMatchObject({ source: 'atelier', conversations: 1, media: 1, renamed: 0 });
    const list = await second.call<ConversationList>('conversations.list');
    const imported = await second.call<Conversation>('conversations.get', {
      id: list.items[0]!.id,
    });
    expect(imported.id).toBe(original.id);
    expect(content(imported)).toEqual(content(original));
    expect(imported.messages[1]!.alternatives?.[0]?.[0]?.content).toBe('an older answer');
    const mediaId = imported.messages[0]!.attachments![0]!.mediaId!;
    expect(await second.call<MediaItem>('media.get', { id: mediaId })).toMatchObject({
      kind: 'image',
      width: 40,
    });

    // Into the library it came from: added beside the original under a new id, never over it.
    const back = await first.upload('export.json', 'application/json', bytes);
    const again = await first.call<TransferReport>('transfer.import', { fileId: back.fileId });
    expect(again).toMatchObject({ conversations: 0, renamed: 0 });
    expect(again.skipped).toContainEqual({ what: original.title, reason: 'identical' });
    const changed = JSON.parse(bytes.toString('utf8')) as typeof parsed;
    changed.conversations[0]!.title = 'Edited elsewhere';
    const edited = await first.upload(
      'export.json',
      'application/json',
      Buffer.from(JSON.stringify(changed)),
    );
    const copy = await first.call<TransferReport>('transfer.import', { fileId: edited.fileId });
    expect(copy).toMatchObject({ conversations: 1, renamed: 1 });
    const titles = (await first.call<ConversationList>('conversations.list')).items.map(
      (i) => i.title,
    );
    expect(titles.sort()).toEqual(['Edited elsewhere', original.title].sort());
  }, 30_000);
});

describe('lossless JSON with a document', () => {
  it('carries the extracted document a message refers to, so a follow-up can use it', async () => {
    const first = await openCore();
    const pdf = await first.upload(
      'minutes.pdf',
      'application/pdf',
      makePdf([{ text: 'The budget was approved.' }]),
    );
    const attachment = await first.call<MessageAttachment>('attachments.prepare', {
      fileId: pdf.fileId,
    });
    const conversation = await first.call<Conversation>('conversations.create', {});
    await first.call('chat.send', {
      conversationId: conversation.id,
      text: 'Summarise',
      attachments: [attachment],
    });
    expect((await first.turnEnd(conversation.id)).type).toBe('done');
    const saved = await first.call<TransferSaved>('transfer.export', { format: 'json' });
    const bytes = await readOut(first.call, saved);

    const second = await openCore({ dataDir: await freshDir() });
    const file = await second.upload('export.json', 'application/json', bytes);
    const report = await second.call<TransferReport>('transfer.import', { fileId: file.fileId });
    expect(report).toMatchObject({ conversations: 1, documents: 1, files: 1 });
    const imported = await second.call<Conversation>('conversations.get', { id: conversation.id });
    const documentId = imported.messages[0]!.attachments![0]!.documentId!;
    const record = await second.call<{ text: string }>('documents.get', { id: documentId });
    expect(record.text).toContain('The budget was approved.');
    await second.call('chat.send', { conversationId: conversation.id, text: 'And then?' });
    expect((await second.turnEnd(conversation.id)).type).toBe('done');
  }, 30_000);
});

describe('ChatGPT import', () => {
  it('adds the current path of each conversation and says what it skipped', async () => {
    const { call, upload } = await openCore();
    const file = await upload(
      'conversations.json',
      'application/json',
      Buffer.from(JSON.stringify(chatGptSample)),
    );
    const report = await call<TransferReport>('transfer.import', { fileId: file.fileId });
    expect(report).toMatchObject({ source: 'chatgpt', conversations: 1 });
    expect(report.skipped).toEqual([
      { what: 'Only a system prompt', reason: 'empty' },
      { what: 'Broken', reason: 'malformed' },
    ]);
    const list = await call<ConversationList>('conversations.list');
    const imported = await call<Conversation>('conversations.get', { id: list.items[0]!.id });
    expect(imported.title).toBe('Garden plans');
    expect(imported.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'What should I plant in April?'],
      ['assistant', 'Peas and lettuce, second try.'],
      ['user', 'Thanks!'],
      ['assistant', 'You are welcome.'],
    ]);
    expect(imported.messages[1]!.model).toBe('gpt-4o');
  });
});

describe('hostile imports', () => {
  async function refused(body: string) {
    const { attempt, upload } = await openCore();
    const file = await upload('conversations.json', 'application/json', Buffer.from(body));
    const answer = await attempt('transfer.import', { fileId: file.fileId });
    expect(answer.ok).toBe(false);
    return answer.ok ? '' : answer.error.message;
  }

  it('refuses a prototype key without polluting anything', async () => {
    const message = await refused('[{"title":"x","mapping":{},"__proto__":{"polluted":true}}]');
    expect(message).toContain('"__proto__"');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('refuses deep nesting, wrong types, other JSON and non-JSON in words', async () => {
    expect(await refused('['.repeat(100_000) + ']'.repeat(100_000))).toMatch(/nests deeper/);
    expect(
      await refused(JSON.stringify({ format: APP_EXPORT_FORMAT, version: 1, conversations: 'x' })),
    ).toMatch(/damaged: .* at conversations/);
    expect(await refused('{"hello": "world"}')).toMatch(/neither an Atelier export nor ChatGPT/);
    expect(await refused('not json at all')).toMatch(/not valid JSON/);
  });

  it('refuses a file over the import limit before reading it', async () => {
    const limits = TRANSFER_LIMITS as { importBytes: number };
    const kept = limits.importBytes;
    limits.importBytes = 1000;
    try {
      expect(await refused(JSON.stringify([{ title: 'x'.repeat(2000), mapping: {} }]))).toMatch(
        /an import may be at most 1000/,
      );
    } finally {
      limits.importBytes = kept;
    }
  });
});

describe('ids that would name the library’s own files (issue 38)', () => {
  /** Conversations whose ids are the index's name, Windows device names, or one file name twice. */
  function hostileConversations(): Conversation[] {
    return ['index', 'INDEX', 'con', 'Nul', 'com1'].map((id, i) => ({
      ...conversation(id, [message(`m${i}`, 'user', `Hello ${id}`)]),
      title: `Named ${id}`,
    }));
  }

  async function backupOf(conversations: Conversation[]): Promise<Buffer> {
    const zip = new ZipFile();
    const parts: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => parts.push(chunk));
    const ended = once(zip.outputStream, 'end');
    zip.addBuffer(
      Buffer.from(JSON.stringify({ format: BACKUP_FORMAT, version: 1 })),
      'manifest.json',
    );
    for (const c of conversations) {
      zip.addBuffer(Buffer.from(JSON.stringify(c)), `conversations/${c.id}.json`);
    }
    zip.end();
    await ended;
    return Buffer.concat(parts);
  }

  const ways = {
    'an Atelier export': async (opened: Opened, conversations: Conversation[]) => {
      const body = { format: APP_EXPORT_FORMAT, version: 1, conversations };
      const file = await opened.upload(
        'export.json',
        'application/json',
        Buffer.from(JSON.stringify(body)),
      );
      return opened.call<TransferReport>('transfer.import', { fileId: file.fileId });
    },
    'a backup': async (opened: Opened, conversations: Conversation[]) => {
      const file = await opened.upload(
        'backup.zip',
        'application/zip',
        await backupOf(conversations),
      );
      return opened.call<TransferReport>('transfer.restore', { fileId: file.fileId, jobId: 'job' });
    },
  };

  for (const [way, bring] of Object.entries(ways)) {
    it(`gives each a new id when they come in ${way}, and a restart still lists everything`, async () => {
      const dir = await freshDir();
      const first = await openCore({ dataDir: dir });
      const own = await first.call<Conversation>('conversations.create', {});
      await first.call('conversations.update', { id: own.id, title: 'Made here' });
      const hostile = hostileConversations();
      const report = await bring(first, hostile);
      expect(report).toMatchObject({ conversations: hostile.length, renamed: hostile.length });
      const before = await first.call<ConversationList>('conversations.list');
      await first.core.dispose();
      env.cores.splice(env.cores.indexOf(first.core), 1);

      const second = await openCore({ dataDir: dir });
      const after = await second.call<ConversationList>('conversations.list');
      expect(after.problems).toEqual([]);
      expect(after.items.map((i) => i.title).sort()).toEqual(
        ['Made here', ...hostile.map((c) => c.title)].sort(),
      );
      expect(after.items.map((i) => i.id).sort()).toEqual(before.items.map((i) => i.id).sort());
      for (const item of after.items) {
        expect(['index', 'con', 'nul', 'com1']).not.toContain(item.id.toLowerCase());
        const c = await second.call<Conversation>('conversations.get', { id: item.id });
        expect(c.title).toBe(item.title);
      }
      // The library's own list is still its own.
      const index = JSON.parse(await readFile(join(dir, 'conversations', 'index.json'), 'utf8'));
      expect(index).toMatchObject({ version: 1, entries: expect.any(Array) });
      const recovered = await second.call<{ items: unknown[] }>('storage.recovered');
      expect(recovered.items).toEqual([]);
    }, 30_000);
  }
});

describe('safeFileName', () => {
  it("ends a name without a title's ellipsis or question mark, and keeps inner signs safe", () => {
    expect(safeFileName('Weekend in Lisbon…', 'conversation')).toBe('Weekend in Lisbon');
    expect(safeFileName('Why is the sky blue?', 'conversation')).toBe('Why is the sky blue');
    expect(safeFileName('a/b: c?d', 'conversation')).toBe('a_b_ c_d');
    expect(safeFileName(' … ', 'conversation')).toBe('conversation');
    expect(safeFileName('Wait… what happened?', 'conversation')).toBe('Wait what happened');
    expect(safeFileName('Plans…for…Monday', 'conversation')).not.toContain('…');
  });
});
