// Placing what an import or restore brings: run again, whole or after a crash cut it short, it adds nothing twice; a changed conversation is added beside, never over.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_EXPORT_FORMAT, type TransferReport } from '../../../../../shared/transfer';
import type { Conversation } from '../../../../../shared/types';
import type { DocumentRecord } from '../../../../../shared/documents';
import { importAppExport } from '../../../../../electron/core/features/transfer/app-json';
import { importChatGptExport } from '../../../../../electron/core/features/transfer/chatgpt';
import {
  contentHash,
  createPlacer,
  emptyReport,
  type PlacingDeps,
} from '../../../../../electron/core/features/transfer/placing';
import { makePng } from '../../../../e2e/files';
import { openLibrary, type OpenedLibrary } from './library-deps';
import { conversation, message } from '../../../conversation-data';

const dirs: string[] = [];
const opened: OpenedLibrary[] = [];
afterEach(async () => {
  for (const library of opened.splice(0)) await library.close();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function freshLibrary(): Promise<OpenedLibrary> {
  const dir = await mkdtemp(join(tmpdir(), 'atelier-placing-'));
  dirs.push(dir);
  const library = await openLibrary(dir);
  opened.push(library);
  return library;
}

/** One ChatGPT conversation: its questions and answers in turn, one after the other. */
function gptConversation(id: string, title: string, texts: string[]) {
  const mapping: Record<string, unknown> = {
    root: { message: null, parent: null, children: texts.length > 0 ? ['n0'] : [] },
  };
  texts.forEach((text, i) => {
    mapping[`n${i}`] = {
      message: {
        author: { role: i % 2 === 0 ? 'user' : 'assistant' },
        content: { content_type: 'text', parts: [text] },
        create_time: 1714000000 + i,
      },
      parent: i === 0 ? 'root' : `n${i - 1}`,
      children: i + 1 < texts.length ? [`n${i + 1}`] : [],
    };
  });
  return {
    id,
    title,
    create_time: 1714000000,
    update_time: 1714000000 + texts.length,
    current_node: `n${texts.length - 1}`,
    mapping,
  };
}

const distinct = Array.from({ length: 150 }, (_, i) =>
  gptConversation(`conv-${i}`, `Conversation ${i}`, [`Question ${i}`, `Answer ${i}`]),
);

async function importChatGpt(deps: PlacingDeps, items: unknown[]): Promise<TransferReport> {
  const report = emptyReport('chatgpt');
  await importChatGptExport(items, createPlacer(deps, report), report);
  return report;
}

/** The same libraries, but the process "dies" after `survive` conversations were adopted. */
function killedAfter(deps: PlacingDeps, survive: number): PlacingDeps {
  let adopted = 0;
  return {
    ...deps,
    conversations: {
      ...deps.conversations,
      adopt: async (conversation) => {
        if (adopted >= survive) throw new Error('killed');
        adopted += 1;
        return deps.conversations.adopt(conversation);
      },
    },
  };
}

describe('a ChatGPT import run again', () => {
  it('adds nothing the second time: every conversation is already there', async () => {
    const { deps } = await freshLibrary();
    expect(await importChatGpt(deps, distinct)).toMatchObject({ conversations: 150 });
    const again = await importChatGpt(deps, distinct);
    expect(again.conversations).toBe(0);
    expect(again.skipped.filter((s) => s.reason === 'identical')).toHaveLength(150);
    expect(deps.conversations.list().total).toBe(150);
  });

  it('after a crash part way ends with each of the 150 distinct conversations once', async () => {
    const { deps } = await freshLibrary();
    await expect(importChatGpt(killedAfter(deps, 72), distinct)).rejects.toThrow('killed');
    expect(deps.conversations.list().total).toBe(72);
    const report = await importChatGpt(deps, distinct);
    expect(report.conversations).toBe(78);
    const titles = deps.conversations.list().items.map((i) => i.title);
    expect(titles).toHaveLength(150);
    expect(new Set(titles).size).toBe(150);
  });

  it('knows what it added across a restart of the library (the origins are kept with the files)', async () => {
    const first = await freshLibrary();
    await importChatGpt(first.deps, distinct.slice(0, 10));
    await first.close();
    opened.splice(opened.indexOf(first), 1);
    // The index of summaries may be lost: the origins are read again from the files.
    await rm(join(first.dir, 'conversations', 'index.json'), { force: true });
    const second = await openLibrary(first.dir);
    opened.push(second);
    expect((await importChatGpt(second.deps, distinct)).conversations).toBe(140);
    expect(second.deps.conversations.list().total).toBe(150);
  });

  it('adds a newer export of a conversation beside the one continued here, never over it', async () => {
    const { deps } = await freshLibrary();
    const older = gptConversation('garden', 'Garden', ['What to plant?', 'Peas.']);
    await importChatGpt(deps, [older]);
    const [entry] = deps.conversations.list().items;
    const here = await deps.conversations.get(entry!.id);
    here.messages.push({
      id: 'continued',
      role: 'user',
      content: 'And in May?',
      createdAt: '2026-01-01T00:00:00.000Z',
      status: 'done',
    });
    await deps.conversations.save(here);

    const newer = gptConversation('garden', 'Garden', ['What to plant?', 'Peas.', 'Thanks', 'Ok']);
    expect((await importChatGpt(deps, [newer])).conversations).toBe(1);
    const list = deps.conversations.list().items;
    expect(list.map((i) => i.messageCount).sort()).toEqual([3, 4]);
    const kept = await deps.conversations.get(entry!.id);
    expect(kept.messages.map((m) => m.content)).toEqual(['What to plant?', 'Peas.', 'And in May?']);
    // Both exports, imported again, are known.
    expect((await importChatGpt(deps, [older, newer])).conversations).toBe(0);
  });

  it('keeps ChatGPT’s title when the conversation is pinned, archived or moved', async () => {
    const { deps } = await freshLibrary();
    await importChatGpt(deps, [gptConversation('t', 'Garden plans', ['What to plant?', 'Peas.'])]);
    const [entry] = deps.conversations.list().items;
    await deps.conversations.update(entry!.id, { pinned: true });
    await deps.conversations.update(entry!.id, { archived: true });
    const moved = await deps.conversations.update(entry!.id, { folderId: null });
    expect(moved.title).toBe('Garden plans');
  });
});

/** A conversation as the app stores it, with one question. */
function stored(id: string, title: string, extra: Partial<Conversation> = {}): Conversation {
  return { ...conversation(id, [message('m1', 'user', title)]), ...extra };
}

async function importApp(deps: PlacingDeps, value: unknown): Promise<TransferReport> {
  const report = emptyReport('atelier');
  await importAppExport(value, createPlacer(deps, report), report);
  return report;
}

const appExport = (parts: Record<string, unknown>) => ({
  format: APP_EXPORT_FORMAT,
  version: 1,
  conversations: [],
  ...parts,
});

describe('an Atelier import run again', () => {
  it('adds an export edited elsewhere once, beside the original, however often it is imported', async () => {
    const { deps } = await freshLibrary();
    const original = stored('same-id', 'Plans');
    await importApp(deps, appExport({ conversations: [original] }));
    const edited = appExport({ conversations: [{ ...original, title: 'Edited elsewhere' }] });
    expect(await importApp(deps, edited)).toMatchObject({ conversations: 1, renamed: 1 });
    expect(await importApp(deps, edited)).toMatchObject({ conversations: 0, renamed: 0 });
    const titles = deps.conversations.list().items.map((i) => i.title);
    expect(titles.sort()).toEqual(['Edited elsewhere', 'Plans']);
  });

  it('finds pictures, files and documents it has by their content, whatever their ids were', async () => {
    const { deps } = await freshLibrary();
    const png = makePng(8, 8);
    const document: DocumentRecord = {
      id: 'doc-1',
      name: 'minutes.pdf',
      mime: 'application/pdf',
      size: 10,
      mode: 'extract',
      model: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      pageCount: 1,
      tokens: 3,
      cost: null,
      decisionCount: 0,
      origin: 'chat',
      text: 'The budget was approved.',
      pages: null,
      badImages: 0,
      decisions: [],
    };
    const value = appExport({
      conversations: [stored('c-1', 'With things')],
      files: [
        {
          fileId: 'file-000000000000000000000001',
          name: 'a.txt',
          mime: 'text/plain',
          base64: 'aGk=',
        },
        // The same bytes under another id: one file.
        {
          fileId: 'file-000000000000000000000002',
          name: 'b.txt',
          mime: 'text/plain',
          base64: 'aGk=',
        },
      ],
      media: [
        {
          item: { id: 'image-abc-0123456789ab', kind: 'image', mime: 'image/png', title: 'dot' },
          base64: png.toString('base64'),
        },
      ],
      documents: [document, { ...document, id: 'doc-2' }],
    });
    expect(await importApp(deps, value)).toMatchObject({ files: 1, media: 1, documents: 1 });
    const again = await importApp(deps, value);
    expect(again).toMatchObject({ conversations: 0, files: 0, media: 0, documents: 0 });
    expect(deps.media.list('image').total).toBe(1);
    expect(await deps.files.list()).toHaveLength(1);
    expect(deps.documents.list().items).toHaveLength(1);
  });

  it('takes a conversation out of a folder this library does not have', async () => {
    const { deps, folders } = await freshLibrary();
    const here = await folders.create('Work');
    await importApp(
      deps,
      appExport({
        conversations: [
          stored('filed-here', 'Filed here', { folderId: here.id }),
          stored('filed-elsewhere', 'Filed elsewhere', { folderId: 'a-folder-of-another-library' }),
        ],
      }),
    );
    const byTitle = new Map(deps.conversations.list().items.map((i) => [i.title, i.folderId]));
    expect(byTitle.get('Filed here')).toBe(here.id);
    expect(byTitle.get('Filed elsewhere')).toBeNull();
  });
});

describe("an imported conversation's answer schema", () => {
  it('is left out in words when it cannot be checked safely; the conversation comes in', async () => {
    const { deps } = await freshLibrary();
    const schema = (pattern: string): Partial<Conversation> => ({
      answerFormat: {
        type: 'json_schema',
        name: 'x',
        schema: { type: 'object', properties: { s: { type: 'string', pattern } } },
      },
    });
    const report = await importApp(
      deps,
      appExport({
        conversations: [
          stored('lookahead', 'Lookahead', schema('^(?=a)a+$')),
          stored('hostile', 'Hostile but linear on RE2', schema('^(a+)+$')),
        ],
      }),
    );
    expect(report).toMatchObject({ conversations: 2 });
    expect(report.skipped).toEqual([{ what: 'Lookahead', reason: 'unsafe-schema' }]);
    const byTitle = new Map(deps.conversations.list().items.map((i) => [i.title, i.id]));
    const kept = await deps.conversations.get(byTitle.get('Lookahead')!);
    expect(kept.answerFormat).toBeUndefined();
    const linear = await deps.conversations.get(byTitle.get('Hostile but linear on RE2')!);
    expect(linear.answerFormat).toMatchObject({ type: 'json_schema' });
  });
});

describe('contentHash', () => {
  it('is the same whatever the key order, and walks versions nested deeper than the call stack', () => {
    expect(contentHash({ a: 1, b: [1, { c: 2, d: undefined }] })).toBe(
      contentHash({ b: [1, { c: 2 }], a: 1 }),
    );
    let deep: unknown = 'end';
    for (let i = 0; i < 50_000; i += 1) deep = [{ alternatives: deep }];
    expect(contentHash(deep)).toMatch(/^[0-9a-f]{64}$/);
  });
});
