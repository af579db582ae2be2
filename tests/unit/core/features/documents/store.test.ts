// The Documents store on disk: a damaged record set aside and told, every other document still there.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDocumentStore } from '../../../../../electron/core/features/documents/store';
import { openRecovery, REASON_SUFFIX } from '../../../../../electron/core/library/recovery';
import type { DocumentRecord } from '../../../../../shared/documents';
import { DAMAGES, damage } from '../../damage';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-documents-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const fields = (name: string): Omit<DocumentRecord, 'id' | 'createdAt' | 'decisionCount'> => ({
  name,
  mime: 'text/plain',
  size: 5,
  mode: 'text',
  model: null,
  pageCount: null,
  tokens: 2,
  cost: null,
  origin: 'documents',
  text: `the text of ${name}`,
  pages: null,
  badImages: 0,
  decisions: [],
});

describe('document store', () => {
  it.each(DAMAGES)(
    'a record %s is set aside and listed as a problem; the others open',
    async (how) => {
      const first = await openDocumentStore(dir);
      const hit = await first.add(fields('hit'));
      const kept = await first.add(fields('kept'));
      await first.flush();
      const damaged = await damage(join(dir, 'documents', `${hit.id}.json`), how);

      const recovery = openRecovery(dir);
      const reopened = await openDocumentStore(dir, { recovery });
      const list = reopened.list();
      expect(list.items.map((item) => item.id)).toEqual([kept.id]);
      expect((await reopened.get(kept.id)).text).toBe('the text of kept');

      const [aside, ...more] = recovery.items();
      expect(more).toEqual([]);
      expect(aside).toMatchObject({ file: `documents/${hit.id}.json` });
      expect(aside?.movedTo).toMatch(/^recovered\//);
      expect(await readFile(join(dir, aside!.movedTo!))).toEqual(damaged);
      expect(existsSync(join(dir, aside!.movedTo! + REASON_SUFFIX))).toBe(true);
      expect(list.problems).toEqual([
        { file: `${hit.id}.json`, reason: expect.stringContaining(aside!.movedTo!) as string },
      ]);

      // Set aside, not left in place: the next start finds nothing wrong.
      const again = await openDocumentStore(dir, { recovery });
      expect(again.list()).toEqual({ items: list.items, problems: [] });
    },
  );
});
