// The model catalog: fetched from the service, kept in memory and on disk so the picker fills at once.
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { defaultModelFor, type ModelTask } from '../../../../shared/model-defaults';
import type { PriceBasis } from '../../../../shared/prices';
import type { ModelInfo } from '../../../../shared/types';
import { writeFileAtomic } from '../../library/atomic-write';
import { openRecovery, type Recovery } from '../../library/recovery';
import type { ServiceClient } from '../../service/types';

export interface ModelCatalog {
  /** The cached list, or a fetch when there is none yet or `refresh` is asked. */
  list(opts?: { refresh?: boolean }): Promise<ModelInfo[]>;
  contextLengthOf(id: string): number | null;
  /** The cached list's entry for the model (never fetches); null when it is not listed. */
  modelOf(id: string): ModelInfo | null;
  /**
   * The model's badges as the list states them ('tools', 'structured-outputs', 'web-search' …);
   * null when the model is not in the list.
   */
  badgesOf(id: string): string[] | null;
  /** The base URL or key changed: the old list belongs to another account or service. */
  connectionChanged(): void;
  /** Waits for a fetch in flight (tests). */
  idle(): Promise<void>;
  /** Cancels a fetch in flight. */
  dispose(): Promise<void>;
}

/**
 * The model a task uses when none is named: `chosen` when set, else the default of the list in use
 * (fetched if there is none yet), else `withoutList` when no list can be had (the service judges).
 */
export async function modelForTask(
  catalog: Pick<ModelCatalog, 'list'>,
  task: ModelTask,
  chosen: string | null | undefined,
  basis: PriceBasis,
  withoutList: string,
): Promise<string> {
  const named = chosen?.trim() ?? '';
  if (named !== '') return named;
  const models = await catalog.list().catch(() => [] as ModelInfo[]);
  return defaultModelFor(task, models, basis) || withoutList;
}

export interface ModelCatalogOptions {
  client: Pick<ServiceClient, 'listModels'>;
  /** <dataDir>/models.json */
  file: string;
  baseUrl: () => string;
  /** Whether a fetch can succeed at all (a base URL and a key are set). */
  canFetch: () => boolean;
  now?: () => Date;
  /** A disk cache older than this is refreshed in the background at start. */
  maxAgeMs?: number;
  /** Where a cache file that cannot be used goes. Default: a new one for the file's folder. */
  recovery?: Recovery;
}

interface CacheFile {
  version: 1;
  baseUrl: string;
  fetchedAt: string;
  models: ModelInfo[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Enough of a model's shape that the picker and the checks can use it. */
function isModelEntry(m: unknown): boolean {
  const o = m as Partial<ModelInfo> | null;
  return (
    typeof o === 'object' &&
    o !== null &&
    typeof o.id === 'string' &&
    typeof o.name === 'string' &&
    typeof o.kind === 'string' &&
    Array.isArray(o.badges)
  );
}

/** The cached list; null when there is none, or it cannot be used (then it is set aside). */
async function readCache(file: string, recovery: Recovery): Promise<CacheFile | null> {
  let why: string;
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<CacheFile> | null;
    if (
      parsed &&
      parsed.version === 1 &&
      typeof parsed.baseUrl === 'string' &&
      typeof parsed.fetchedAt === 'string' &&
      Array.isArray(parsed.models) &&
      parsed.models.every(isModelEntry)
    )
      return parsed as CacheFile;
    why = 'it is not a list of models';
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    why = (e as Error).message;
  }
  // A damaged cache only means one fetch more; nothing of the person's is in it.
  await recovery.setAside(
    file,
    `The list of models kept from the service could not be used (${why}). It is fetched from the service again; nothing is missing.`,
  );
  return null;
}

export async function openModelCatalog(options: ModelCatalogOptions): Promise<ModelCatalog> {
  const now = options.now ?? (() => new Date());
  const maxAgeMs = options.maxAgeMs ?? DAY_MS;
  let models: ModelInfo[] | null = null;
  let byId = new Map<string, ModelInfo>();
  /** Bumped on every connection change, so a fetch for the old connection is dropped. */
  let generation = 0;
  let inFlight: Promise<ModelInfo[]> | null = null;
  let background: Promise<unknown> = Promise.resolve();
  /** Aborted when the connection changes or at shutdown. */
  let cancel = new AbortController();

  function adopt(list: ModelInfo[]): void {
    models = list;
    byId = new Map(list.map((m) => [m.id, m]));
  }

  const cache = await readCache(
    options.file,
    options.recovery ?? openRecovery(dirname(options.file)),
  );
  if (cache && cache.baseUrl === options.baseUrl()) adopt(cache.models);

  function fetchModels(priority: 'user' | 'background'): Promise<ModelInfo[]> {
    if (inFlight) return inFlight;
    const asked = generation;
    const baseUrl = options.baseUrl();
    const signal = cancel.signal;
    const attempt = (async () => {
      const list = await options.client.listModels({ priority, signal });
      if (asked !== generation) return list;
      adopt(list);
      const body: CacheFile = { version: 1, baseUrl, fetchedAt: now().toISOString(), models: list };
      // The cache is a convenience: failing to write it must not fail the list.
      await writeFileAtomic(options.file, JSON.stringify(body)).catch(() => undefined);
      return list;
    })();
    inFlight = attempt;
    void attempt.then(
      () => {
        if (inFlight === attempt) inFlight = null;
      },
      () => {
        if (inFlight === attempt) inFlight = null;
      },
    );
    return attempt;
  }

  function refreshInBackground(): void {
    if (!options.canFetch()) return;
    background = fetchModels('background').catch(() => undefined);
  }

  const stale =
    !cache ||
    cache.baseUrl !== options.baseUrl() ||
    now().getTime() - Date.parse(cache.fetchedAt) > maxAgeMs;
  if (stale) refreshInBackground();

  return {
    async list(opts = {}) {
      if (models && !opts.refresh) return models;
      return fetchModels('user');
    },

    badgesOf(id) {
      return byId.get(id)?.badges ?? null;
    },

    contextLengthOf(id) {
      return byId.get(id)?.contextLength ?? null;
    },

    modelOf(id) {
      return byId.get(id) ?? null;
    },

    connectionChanged() {
      generation++;
      cancel.abort();
      cancel = new AbortController();
      inFlight = null;
      models = null;
      byId = new Map();
      refreshInBackground();
    },

    async idle() {
      await background;
      await inFlight?.catch(() => undefined);
    },

    async dispose() {
      generation++;
      cancel.abort();
      await inFlight?.catch(() => undefined);
    },
  };
}
