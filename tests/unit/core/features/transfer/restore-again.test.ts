// Restoring a backup again (property): each item is added once, whether restored twice, into its own library, or run again after a crash at any point; staging a killed restore left is removed at start.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TransferReport } from '../../../../../shared/transfer';
import { writeBackup } from '../../../../../electron/core/features/transfer/backup';
import type { PlacingDeps } from '../../../../../electron/core/features/transfer/placing';
import { makePng } from '../../../../e2e/files';
import { openCore } from '../../simulated-core';
import { openLibrary, type OpenedLibrary } from './library-deps';
import { propertyParams } from './property-params';
import { conversation, restoreInto, scratch } from './restore-archives';

const addedBy = (r: TransferReport) => r.conversations + r.media + r.files + r.documents;

describe('restoring a backup again, whole or after a crash (property)', () => {
  const text = fc.string({ maxLength: 12 });
  /** A library: pictures (by side, so some are the same bytes), uploads, documents, conversations using them. */
  const libraryContent = fc.record({
    pictures: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
    uploads: fc.array(fc.constantFrom('a', 'b', 'hello'), { maxLength: 3 }),
    documents: fc.array(fc.constantFrom('minutes', 'notes'), { maxLength: 2 }),
    conversations: fc.array(
      fc.record({ title: text, question: text, uses: fc.nat(), pinned: fc.boolean() }),
      { maxLength: 4 },
    ),
  });
  /** The crash: before or after the n-th item written. */
  const crash = fc.record({ at: fc.nat(12), after: fc.boolean() });

  type Content = typeof libraryContent extends fc.Arbitrary<infer T> ? T : never;

  async function fill(library: OpenedLibrary, content: Content): Promise<void> {
    const { conversations, files, media, documents } = library.deps;
    const mediaIds: string[] = [];
    for (const side of content.pictures) {
      const item = await media.add({
        kind: 'image',
        bytes: makePng(side, side),
        mime: 'image/png',
        title: `${side}`,
      });
      mediaIds.push(item.id);
    }
    const fileIds: string[] = [];
    for (const body of content.uploads) {
      const bytes = Buffer.from(body);
      const { uploadId } = files.begin({
        name: `${body}.txt`,
        mime: 'text/plain',
        size: bytes.length,
      });
      await files.chunk({ uploadId, offset: 0, bytes });
      fileIds.push((await files.finish(uploadId)).fileId);
    }
    const documentIds: string[] = [];
    for (const [i, body] of content.documents.entries()) {
      const at = '2026-01-01T00:00:00.000Z';
      const placed = await documents.adopt({
        id: `doc-${i}`,
        name: body,
        mime: 'application/pdf',
        size: body.length,
        mode: 'extract',
        model: null,
        createdAt: at,
        pageCount: 1,
        tokens: 1,
        cost: null,
        decisionCount: 0,
        origin: 'chat',
        text: body,
        pages: null,
        badImages: 0,
        decisions: [],
      });
      documentIds.push(placed.id);
    }
    for (const [i, c] of content.conversations.entries()) {
      const attachments = [];
      const mediaId = mediaIds[c.uses % (mediaIds.length || 1)];
      const fileId = fileIds[c.uses % (fileIds.length || 1)];
      const documentId = documentIds[c.uses % (documentIds.length || 1)];
      if (mediaId)
        attachments.push({
          kind: 'image' as const,
          mediaId,
          name: 'p.png',
          mime: 'image/png',
          size: 1,
          tokens: 1,
        });
      if (fileId)
        attachments.push({
          kind: 'image' as const,
          fileId,
          name: 'f.txt',
          mime: 'text/plain',
          size: 1,
          tokens: 1,
        });
      if (documentId)
        attachments.push({
          kind: 'document' as const,
          documentId,
          name: 'd.pdf',
          mime: 'application/pdf',
          size: 1,
          tokens: 1,
        });
      const base = conversation(`conv-${i}`, c.title);
      await conversations.adopt({
        ...base,
        pinned: c.pinned,
        messages: [{ ...base.messages[0]!, content: c.question, attachments }],
      });
    }
  }

  async function counts(library: OpenedLibrary) {
    const { conversations, files, media, documents } = library.deps;
    return {
      conversations: conversations.list().total,
      media: media.list('image').total,
      files: (await files.list()).length,
      documents: documents.list().items.length,
    };
  }

  /** The same libraries, but the process "dies" before or after its n-th item written. */
  function dyingAt(deps: PlacingDeps, { at, after }: { at: number; after: boolean }): PlacingDeps {
    let written = 0;
    const write =
      <A extends unknown[], R>(real: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        written += 1;
        if (written === at + 1 && !after) throw new Error('killed');
        const result = await real(...args);
        if (written === at + 1) throw new Error('killed');
        return result;
      };
    return {
      ...deps,
      files: { ...deps.files, finish: write(deps.files.finish) },
      media: { ...deps.media, add: write(deps.media.add) },
      documents: { ...deps.documents, adopt: write(deps.documents.adopt) },
      conversations: { ...deps.conversations, adopt: write(deps.conversations.adopt) },
    };
  }

  it('adds each item once: restored twice, into its own library, or run again after a crash at any point', async () => {
    await fc.assert(
      fc.asyncProperty(libraryContent, crash, async (content, killed) => {
        const root = await scratch();
        const open: OpenedLibrary[] = [];
        const openAt = async (name: string) => {
          const library = await openLibrary(join(root, name));
          open.push(library);
          return library;
        };
        try {
          const source = await openAt('source');
          await fill(source, content);
          const archive = join(root, 'backup.zip');
          await writeBackup(archive, source.deps, () => undefined, '2026-01-01T00:00:00.000Z');
          expect(addedBy(await restoreInto(source, archive))).toBe(0);

          // Each distinct item once: pictures of one side, uploads and documents of one text are the same.
          const expected = {
            conversations: content.conversations.length,
            media: new Set(content.pictures).size,
            // A backup carries the uploads its conversations use.
            files: new Set(
              content.uploads.length === 0
                ? []
                : content.conversations.map(
                    (c) => content.uploads[c.uses % content.uploads.length],
                  ),
            ).size,
            documents: new Set(content.documents).size,
          };
          // A crash past the last item is none: then this is a restore into a fresh library.
          let cut = await openAt('cut');
          await restoreInto(cut, archive, dyingAt(cut.deps, killed)).catch((e: Error) => {
            expect(e.message).toBe('killed');
          });
          // The restart: the libraries are opened again on the same folder.
          await cut.close();
          cut = await openAt('cut');
          await restoreInto(cut, archive);
          expect(await counts(cut)).toEqual(expected);
          expect(addedBy(await restoreInto(cut, archive))).toBe(0);
          expect(await readdir(join(root, 'cut', 'transfer')).catch(() => [])).toEqual([]);
        } finally {
          for (const library of open) await library.close();
          await rm(root, { recursive: true, force: true });
        }
      }),
      propertyParams(10),
    );
  }, 180_000);

  it('removes at start the staging a restore killed midway left behind', async () => {
    const dir = await scratch();
    try {
      const staging = join(dir, 'transfer', 'restore-0123456789ab');
      await mkdir(staging, { recursive: true });
      await writeFile(join(staging, '1.bin'), 'half of a picture');
      const { core } = await openCore({ dataDir: dir });
      expect(await readdir(join(dir, 'transfer'))).toEqual([]);
      // Closed before its folder goes: an open core builds its word index there in the background.
      await core.dispose();
    } finally {
      await rm(dir, { recursive: true, force: true, maxRetries: 5 });
    }
  });
});
