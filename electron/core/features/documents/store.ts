// The Documents library: one JSON file per extraction (text, pages, decisions), written atomically.
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { DocumentList, DocumentRecord, DocumentSummary } from '../../../../shared/documents';
import { isAtomicTempFile, writeFileAtomic } from '../../library/atomic-write';
import { makeFolder } from '../../library/data-folder';
import { hasIdShape, isStorableId, newId } from '../../library/ids';
import { openRecovery, type Recovery } from '../../library/recovery';
import { serviceError } from '../../service/errors';

export interface DocumentStore {
  /** Newest first. */
  list(): DocumentList;
  get(id: string): Promise<DocumentRecord>;
  /** Adds a record; id and createdAt are filled in. */
  add(record: Omit<DocumentRecord, 'id' | 'createdAt' | 'decisionCount'>): Promise<DocumentRecord>;
  save(record: DocumentRecord): Promise<void>;
  /** Adds a whole record from a restore, keeping its id unless taken or not storable (then a new one). */
  adopt(record: DocumentRecord): Promise<{ id: string; renamed: boolean }>;
  remove(id: string): Promise<void>;
  flush(): Promise<void>;
}

export interface DocumentStoreOptions {
  now?: () => Date;
  /** Where damaged records go; by default `recovered/` of the data folder. */
  recovery?: Pick<Recovery, 'setAside'>;
}

export function summaryOfDocument(record: DocumentRecord): DocumentSummary {
  return {
    id: record.id,
    name: record.name,
    mime: record.mime,
    size: record.size,
    mode: record.mode,
    model: record.model,
    createdAt: record.createdAt,
    pageCount: record.pageCount,
    tokens: record.tokens,
    cost: record.cost,
    decisionCount: record.decisions.length,
    origin: record.origin,
  };
}

function looksLikeRecord(value: unknown): value is DocumentRecord {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Partial<DocumentRecord>;
  return (
    typeof r.id === 'string' &&
    typeof r.name === 'string' &&
    typeof r.text === 'string' &&
    typeof r.createdAt === 'string' &&
    Array.isArray(r.decisions)
  );
}

function notFound(id: string) {
  return serviceError('not_found', `There is no document ${id}.`);
}

/** A file of documents/ read and checked: the record its name says, or why it cannot be used. */
async function readRecord(file: string, name: string): Promise<DocumentRecord | string> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    return `it could not be read as JSON (${(e as Error).message})`;
  }
  if (!looksLikeRecord(value)) return 'it is not a document record';
  return `${value.id}.json` === name ? value : 'it holds another document than its name says';
}

export async function openDocumentStore(
  dataDir: string,
  options: DocumentStoreOptions = {},
): Promise<DocumentStore> {
  const now = options.now ?? (() => new Date());
  const recovery = options.recovery ?? openRecovery(dataDir);
  const folder = join(dataDir, 'documents');
  await makeFolder(folder);
  const summaries = new Map<string, DocumentSummary>();
  const problems: DocumentList['problems'] = [];
  const pending = new Set<Promise<unknown>>();

  for (const name of await readdir(folder)) {
    if (isAtomicTempFile(name)) {
      // A write that never finished: the whole old file (if any) is still there.
      await rm(join(folder, name), { force: true });
      continue;
    }
    if (!name.endsWith('.json')) continue;
    const file = join(folder, name);
    const read = await readRecord(file, name);
    if (typeof read !== 'string') {
      summaries.set(read.id, summaryOfDocument(read));
      continue;
    }
    const aside = await recovery.setAside(file, `A document could not be used: ${read}.`);
    problems.push({
      file: name,
      reason: aside.movedTo ? `${read}; it was set aside as ${aside.movedTo}` : read,
    });
  }

  const fileOf = (id: string) => join(folder, `${id}.json`);

  function track<T>(p: Promise<T>): Promise<T> {
    pending.add(p);
    void p.finally(() => pending.delete(p)).catch(() => undefined);
    return p;
  }

  async function write(record: DocumentRecord): Promise<void> {
    record.decisionCount = record.decisions.length;
    try {
      await track(writeFileAtomic(fileOf(record.id), JSON.stringify(record)));
    } catch (e) {
      throw serviceError('storage', `The document could not be saved (${(e as Error).message}).`);
    }
    summaries.set(record.id, summaryOfDocument(record));
  }

  return {
    list() {
      const items = [...summaries.values()].sort((a, b) =>
        a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? 1 : -1,
      );
      return { items, problems: [...problems] };
    },

    async get(id) {
      if (!hasIdShape('document', id) || !summaries.has(id)) throw notFound(id);
      try {
        const parsed: unknown = JSON.parse(await readFile(fileOf(id), 'utf8'));
        if (!looksLikeRecord(parsed)) throw new Error('not a document record');
        return parsed;
      } catch (e) {
        throw serviceError('storage', `The document could not be read (${(e as Error).message}).`);
      }
    },

    async add(fields) {
      const record: DocumentRecord = {
        ...fields,
        id: newId('document'),
        createdAt: now().toISOString(),
        decisionCount: fields.decisions.length,
      };
      await write(record);
      return record;
    },

    async save(record) {
      if (!summaries.has(record.id)) throw notFound(record.id);
      await write(record);
    },

    async adopt(given) {
      // A name the disk already holds counts as taken whatever its case (macOS and Windows fold it).
      const renamed =
        !isStorableId('document', given.id) ||
        summaries.has(given.id) ||
        (await stat(fileOf(given.id)).then(
          () => true,
          () => false,
        ));
      const record = { ...given, id: renamed ? newId('document') : given.id };
      await write(record);
      return { id: record.id, renamed };
    },

    async remove(id) {
      if (!hasIdShape('document', id) || !summaries.has(id)) throw notFound(id);
      summaries.delete(id);
      await track(rm(fileOf(id), { force: true }));
    },

    async flush() {
      await Promise.allSettled([...pending]);
    },
  };
}
