// Reading the app's JSON export (property): any file, valid or not, is imported or refused in words, never leaves a conversation the library cannot read, and imported again adds nothing.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APP_EXPORT_FORMAT, type TransferReport } from '../../../../../shared/transfer';
import {
  importAppExport,
  looksLikeAppExport,
} from '../../../../../electron/core/features/transfer/app-json';
import { createPlacer, emptyReport } from '../../../../../electron/core/features/transfer/placing';
import { parseUntrustedJson } from '../../../../../electron/core/features/transfer/untrusted-json';
import { conversationSchema } from '../../../../../electron/core/library/conversation-file';
import { ServiceError } from '../../../../../electron/core/service/errors';
import { openLibrary, type OpenedLibrary } from './library-deps';
import { propertyParams } from './property-params';

/** Ids drawn from small pools, so items and references collide as they do in real files. */
const conversationId = fc.constantFrom('c-1', 'c-2', 'c-3', 'not an id!', '');
const fileId = fc.constantFrom(
  'file-000000000000000000000001',
  'file-000000000000000000000002',
  'file-00000000000000000000000x',
);
const mediaId = fc.constantFrom('image-abc-0123456789ab', 'audio-abc-0123456789ab', 'm-1');
const documentId = fc.constantFrom('doc-1', 'doc-2', 'bad id/');
const bytes = fc.constantFrom('', 'aGk=', 'AAAA', 'iVBORw0KGgo=');
const text = fc.string({ maxLength: 30 });
const time = fc.constantFrom('2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z', 'yesterday');

const attachment = fc.record(
  {
    kind: fc.constantFrom('image', 'audio', 'document'),
    fileId,
    mediaId,
    documentId,
    name: text,
    mime: fc.constantFrom('image/png', 'text/plain'),
    size: fc.nat(1000),
    tokens: fc.nat(100),
  },
  { requiredKeys: ['kind', 'name', 'mime', 'size', 'tokens'] },
);

const message = fc.record(
  {
    id: fc.constantFrom('m1', 'm2', 'm3'),
    role: fc.constantFrom('user', 'assistant'),
    content: text,
    createdAt: time,
    status: fc.constantFrom('done', 'streaming', 'stopped', 'error', 'interrupted'),
    model: text,
    attachments: fc.array(attachment, { maxLength: 2 }),
  },
  { requiredKeys: ['id', 'role', 'content', 'createdAt', 'status'] },
);

const origin = fc.oneof(
  fc.record({
    source: fc.constantFrom('chatgpt', 'atelier'),
    id: text,
    hash: fc.stringMatching(/^[0-9a-f]{64}$/),
  }),
  fc.jsonValue({ maxDepth: 1 }),
);

const conversation = fc.record(
  {
    version: fc.constantFrom(1, 2),
    id: conversationId,
    title: text,
    pinned: fc.boolean(),
    createdAt: time,
    updatedAt: time,
    model: text,
    messageCount: fc.nat(5),
    systemPrompt: text,
    temperature: fc.option(fc.double({ min: 0, max: 2, noNaN: true })),
    maxTokens: fc.option(fc.nat(4096)),
    contextStart: fc.nat(4),
    messages: fc.array(message, { maxLength: 4 }),
    titleEdited: fc.boolean(),
    folderId: fc.constantFrom(null, 'a-folder-elsewhere'),
    archived: fc.boolean(),
    origins: fc.array(origin, { maxLength: 2 }),
  },
  {
    requiredKeys: [
      'version',
      'id',
      'title',
      'pinned',
      'createdAt',
      'updatedAt',
      'model',
      'messages',
    ],
  },
);

const documentRecord = fc.record({
  id: documentId,
  name: text,
  text,
  createdAt: time,
  decisions: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 1 }),
  mime: fc.constant('application/pdf'),
  mode: fc.constantFrom('extract', 'ocr'),
});

const appExport = fc.record(
  {
    format: fc.oneof({ weight: 9, arbitrary: fc.constant(APP_EXPORT_FORMAT) }, fc.string()),
    version: fc.oneof({ weight: 9, arbitrary: fc.constant(1) }, fc.integer()),
    conversations: fc.oneof(
      {
        weight: 9,
        arbitrary: fc.array(fc.oneof(conversation, fc.jsonValue({ maxDepth: 3 })), {
          maxLength: 5,
        }),
      },
      fc.jsonValue({ maxDepth: 1 }),
    ),
    files: fc.array(
      fc.record({ fileId, name: text, mime: fc.constant('text/plain'), base64: bytes }),
      { maxLength: 3 },
    ),
    media: fc.array(
      fc.record({
        item: fc.record({
          id: mediaId,
          kind: fc.constantFrom('image', 'audio', 'video'),
          mime: fc.constantFrom('image/png', 'audio/mpeg'),
          title: text,
        }),
        base64: bytes,
      }),
      { maxLength: 3 },
    ),
    documents: fc.array(documentRecord, { maxLength: 3 }),
  },
  { requiredKeys: ['format', 'version'] },
);

/** Imports the file's text as the feature does: parsed as untrusted JSON, then placed. */
async function importText(library: OpenedLibrary, body: string): Promise<TransferReport> {
  const value = parseUntrustedJson(body, 'the file');
  const report = emptyReport('atelier');
  if (looksLikeAppExport(value))
    await importAppExport(value, createPlacer(library.deps, report), report);
  return report;
}

/** Every conversation file in the folder, checked as the library checks it at start. */
async function conversationFilesReadable(dir: string): Promise<boolean> {
  const folder = join(dir, 'conversations');
  for (const name of await readdir(folder)) {
    if (!name.endsWith('.json') || name === 'index.json') continue;
    const parsed = conversationSchema.safeParse(
      JSON.parse(await readFile(join(folder, name), 'utf8')),
    );
    if (!parsed.success) return false;
  }
  return true;
}

describe('importing any Atelier export (property)', () => {
  it('imports or refuses in words, leaves only readable conversations, and adds nothing the second time', async () => {
    await fc.assert(
      fc.asyncProperty(appExport, async (value) => {
        const dir = await mkdtemp(join(tmpdir(), 'atelier-app-json-'));
        const library = await openLibrary(dir);
        try {
          const body = JSON.stringify(value);
          let first: TransferReport;
          try {
            first = await importText(library, body);
          } catch (e) {
            expect(e).toBeInstanceOf(ServiceError);
            expect((e as ServiceError).error.code).toBe('invalid_input');
            return;
          }
          expect(await conversationFilesReadable(dir)).toBe(true);
          const total = library.deps.conversations.list().total;
          expect(total).toBe(first.conversations);
          const second = await importText(library, body);
          expect(second).toMatchObject({ conversations: 0, files: 0, media: 0, documents: 0 });
          expect(library.deps.conversations.list().total).toBe(total);
        } finally {
          await library.close();
          await rm(dir, { recursive: true, force: true });
        }
      }),
      propertyParams(25),
    );
  }, 120_000);
});
