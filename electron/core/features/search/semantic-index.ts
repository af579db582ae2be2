// Semantic search: embeds messages and documents in the background (only when turned on), keeps the vectors, finds hits by meaning.
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_EMBEDDING_MODEL } from '../../../../shared/models';
import { embeddingEstimate } from '../../../../shared/estimates';
import type { PriceBasis } from '../../../../shared/prices';
import type { SpendRecord } from '../../../../shared/spending';
import { estimateTokens } from '../../../../shared/tokens';
import {
  SEMANTIC_MIN_SIMILARITY,
  STANDARD_INTERVAL_MS,
  type SemanticEstimate,
  type SemanticStatus,
} from '../../../../shared/semantic';
import type { ModelInfo, SearchHit } from '../../../../shared/types';
import type { DocumentStore } from '../documents/store';
import { isAtomicTempFile, writeFileAtomic } from '../../library/atomic-write';
import { makeFolder } from '../../library/data-folder';
import { hasIdShape } from '../../library/ids';
import { openRecovery, type Recovery } from '../../library/recovery';
import type { ConversationLibrary } from '../../library/conversations';
import { toUserError } from '../../service/errors';
import type { EmbeddingsResult, FullServiceClient } from '../../service/types';
import { cosine, decodeVectorFile, encodeVectorFile, type VectorFile } from './vector-file';
import { currentTexts, type SourceText } from './passages';

export interface SemanticIndexOptions {
  dataDir: string;
  client: Pick<FullServiceClient, 'embeddings'>;
  conversations: Pick<ConversationLibrary, 'list' | 'get' | 'search'>;
  documents: Pick<DocumentStore, 'list' | 'get'>;
  models: () => Promise<ModelInfo[]>;
  /** After a call the service may have charged for. */
  onPaidCall?: () => void;
  /** Each embeddings request the service answered, for the spending ledger. */
  record?: (r: SpendRecord) => void;
  /** What embedding `tokens` with `model` costs by the list now (the ledger's estimate). */
  estimate?: (model: string, tokens: number) => string | null;
  /** How the list's token prices are read (the Settings choice); 'auto' when not given. */
  priceBasis?: () => PriceBasis;
  /** Time between background passes while turned on. */
  intervalMs?: number;
  /** The account's gap between requests now (the scheduler's); the standard 2 s when not given. */
  requestIntervalMs?: () => number;
  /** Where damaged files go; by default `recovered/` of the data folder. */
  recovery?: Pick<Recovery, 'setAside'>;
  /**
   * True while the demo service is in use: no pass runs and search is by words only, since the
   * demo's list is not the person's library (a pass would drop their vectors) and its vectors
   * are not the service's.
   */
  paused?: () => boolean;
}

export interface SemanticIndex {
  status(): SemanticStatus;
  /** What embedding everything not yet embedded would cost with `model`. */
  estimate(model?: string): Promise<SemanticEstimate>;
  configure(input: { enabled?: boolean; model?: string }): Promise<SemanticStatus>;
  /** Word hits first, then (when on) meaning hits above the threshold that the words missed. */
  search(query: string): Promise<SearchHit[]>;
  /** One background pass now; resolves when it is done (tests, and after turning on). */
  runPass(): Promise<void>;
  dispose(): Promise<void>;
}

const MAX_MEANING_HITS = 20;
const SNIPPET_CHARS = 140;
const DEFAULT_INTERVAL_MS = 30_000;

function snippetOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET_CHARS ? `${flat.slice(0, SNIPPET_CHARS)}…` : flat;
}

/** `conversation-<id>.vec` or `document-<id>.vec`; an id of another shape never names a file. */
function fileNameOf(key: string): string {
  const [kind = '', id = ''] = key.split(/:(.*)/s);
  if ((kind !== 'conversation' && kind !== 'document') || !hasIdShape(kind, id))
    throw new Error(`No vector file can be named for ${key}.`);
  return `${kind}-${id}.vec`;
}

/** The saved choice, or why the file holds none. */
function readSettings(text: string): { enabled: boolean; model: string } | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return `it is not valid JSON (${(e as Error).message})`;
  }
  const saved = value as { enabled?: unknown; model?: unknown } | null;
  if (typeof saved?.enabled !== 'boolean' || !['string', 'undefined'].includes(typeof saved.model))
    return 'it does not hold the choice of search by meaning';
  return { enabled: saved.enabled, model: typeof saved.model === 'string' ? saved.model : '' };
}

/**
 * Credits for embedding `tokens` with `model`: the one price rule (costOf), so a list giving
 * prices per 1M tokens is not read per token (141 tokens at 0.02 per 1M are 0.00000282 credits).
 */
export function estimateCost(
  tokens: number,
  model: ModelInfo | null,
  basis: PriceBasis = 'auto',
): string | null {
  return embeddingEstimate(model, { tokens }, basis)?.high ?? null;
}

export async function openSemanticIndex(options: SemanticIndexOptions): Promise<SemanticIndex> {
  const folder = join(options.dataDir, 'semantic');
  const vectorsDir = join(folder, 'vectors');
  const settingsFile = join(folder, 'settings.json');
  await makeFolder(vectorsDir);
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const recovery = options.recovery ?? openRecovery(options.dataDir);

  let enabled = false;
  let model = DEFAULT_EMBEDDING_MODEL;
  let settingsText: string | null = null;
  try {
    settingsText = await readFile(settingsFile, 'utf8');
  } catch {
    // No choice saved yet: off, with the default model.
  }
  const saved = settingsText === null ? null : readSettings(settingsText);
  if (typeof saved === 'string') {
    await recovery.setAside(
      settingsFile,
      `The settings of search by meaning could not be read: ${saved}. It starts off, with the default model, until it is turned on again.`,
    );
  } else if (saved) {
    enabled = saved.enabled;
    if (saved.model.trim() !== '') model = saved.model;
  }

  const sources = new Map<string, VectorFile>();
  for (const name of await readdir(vectorsDir)) {
    if (isAtomicTempFile(name)) {
      await rm(join(vectorsDir, name), { force: true });
      continue;
    }
    if (!name.endsWith('.vec')) continue;
    const file = join(vectorsDir, name);
    const decoded = await readFile(file).then(decodeVectorFile, () => null);
    const key = name.slice(0, -4).replace('-', ':');
    if (decoded) sources.set(key, decoded);
    else {
      await recovery.setAside(
        file,
        'A file of search by meaning (the vectors of one conversation or document) was damaged. Its texts are embedded again while search by meaning is on.',
      );
    }
  }

  let pending = 0;
  let running: Promise<void> | null = null;
  let lastError: string | null = null;
  let timer: NodeJS.Timeout | null = null;
  let disposed = false;
  const controller = new AbortController();
  const queryVectors = new Map<string, Float32Array>();

  const requestGapMs = (): number => options.requestIntervalMs?.() ?? STANDARD_INTERVAL_MS;

  async function saveSettings(): Promise<void> {
    await writeFileAtomic(settingsFile, JSON.stringify({ enabled, model }));
  }

  function missing(source: SourceText, forModel: string) {
    const stored = sources.get(source.key);
    const known =
      stored && stored.model === forModel
        ? new Map(stored.items.map((item) => [item.id, item.hash]))
        : new Map<string, string>();
    return source.items.filter((item) => known.get(item.id) !== item.hash);
  }

  async function writeSource(key: string, file: VectorFile): Promise<void> {
    sources.set(key, file);
    await writeFileAtomic(join(vectorsDir, fileNameOf(key)), encodeVectorFile(file));
  }

  /** The ledger line of one answered request (`itemId`: the passage's source, when indexing). */
  function spend(
    result: EmbeddingsResult,
    text: string,
    itemId: string | null,
    estimate: string | null,
  ): void {
    options.record?.({
      feature: 'embeddings',
      model,
      itemId,
      units: { promptTokens: result.usage?.promptTokens ?? estimateTokens(text) },
      estimate,
      reported: result.usage?.cost ?? null,
    });
  }

  /** The text's cost as the Settings estimate counts it, before the request is sent. */
  function estimateOf(text: string): string | null {
    return options.estimate?.(model, estimateTokens(text)) ?? null;
  }

  async function pass(): Promise<void> {
    const texts = await currentTexts(options.conversations, options.documents);
    if (options.paused?.()) return;
    const live = new Set(texts.map((t) => t.key));
    for (const key of [...sources.keys()]) {
      if (live.has(key)) continue;
      sources.delete(key);
      await rm(join(vectorsDir, fileNameOf(key)), { force: true });
    }
    const work = texts.map((source) => ({ source, todo: missing(source, model) }));
    pending = work.reduce((n, w) => n + w.todo.length, 0);
    for (const { source, todo } of work) {
      const stored = sources.get(source.key);
      const keep = new Map(
        stored && stored.model === model ? stored.items.map((item) => [item.id, item]) : [],
      );
      // One passage per request, as the document's `input` (a string) allows.
      for (const item of todo) {
        if (!enabled || disposed) return;
        const estimate = estimateOf(item.text);
        const result = await options.client.embeddings(
          { model, input: item.text },
          { priority: 'background', signal: controller.signal },
        );
        spend(result, item.text, source.key, estimate);
        options.onPaidCall?.();
        const vector = result.vectors[0];
        if (!vector) throw new Error('The service sent no vector for the text.');
        keep.set(item.id, {
          id: item.id,
          hash: item.hash,
          snippet: snippetOf(item.text),
          vector: Float32Array.from(vector),
        });
        pending -= 1;
      }
      const wanted = new Set(source.items.map((item) => item.id));
      const items = [...keep.values()].filter((item) => wanted.has(item.id));
      const dims = items[0]?.vector.length ?? 0;
      if (items.length === 0 || dims === 0) continue;
      const changed =
        todo.length > 0 ||
        items.length !== (stored?.items.length ?? 0) ||
        stored?.title !== source.title;
      if (changed) await writeSource(source.key, { model, dims, title: source.title, items });
    }
  }

  function runPass(): Promise<void> {
    if (!enabled || disposed || options.paused?.()) return Promise.resolve();
    running ??= pass()
      .then(() => {
        lastError = null;
      })
      .catch((e: unknown) => {
        if (!disposed) lastError = toUserError(e).message;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  function schedule(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!enabled || disposed) return;
    timer = setTimeout(() => {
      void runPass().finally(schedule);
    }, intervalMs);
  }

  function indexedCount(): number {
    let n = 0;
    for (const file of sources.values()) if (file.model === model) n += file.items.length;
    return n;
  }

  async function queryVector(query: string): Promise<Float32Array | null> {
    const cached = queryVectors.get(query);
    if (cached) return cached;
    const estimate = estimateOf(query);
    const result = await options.client.embeddings({ model, input: query }, { priority: 'user' });
    spend(result, query, null, estimate);
    options.onPaidCall?.();
    const vector = result.vectors[0];
    if (!vector) return null;
    const out = Float32Array.from(vector);
    queryVectors.set(query, out);
    if (queryVectors.size > 50) queryVectors.delete(queryVectors.keys().next().value!);
    return out;
  }

  function status(): SemanticStatus {
    return {
      enabled,
      model,
      indexed: indexedCount(),
      pending,
      secondsLeft: Math.ceil((pending * requestGapMs()) / 1000),
      running: running !== null,
      lastError,
    };
  }

  if (enabled) {
    void runPass();
    schedule();
  }

  return {
    status,

    async estimate(forModel) {
      const chosen = forModel?.trim() || model;
      const texts = await currentTexts(options.conversations, options.documents);
      let count = 0;
      let tokens = 0;
      for (const source of texts) {
        for (const item of missing(source, chosen)) {
          count++;
          tokens += estimateTokens(item.text);
        }
      }
      const info = (await options.models().catch(() => [])).find((m) => m.id === chosen) ?? null;
      const promptPrice = info?.promptPrice ?? null;
      return {
        model: chosen,
        texts: count,
        requests: count,
        seconds: Math.ceil((count * requestGapMs()) / 1000),
        tokens,
        cost: estimateCost(tokens, info, options.priceBasis?.() ?? 'auto'),
        promptPrice,
      };
    },

    async configure(input) {
      if (input.model !== undefined && input.model.trim() !== '') model = input.model.trim();
      if (input.enabled !== undefined) enabled = input.enabled;
      queryVectors.clear();
      await saveSettings();
      if (enabled) {
        void runPass();
        schedule();
      } else if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      return status();
    },

    async search(query) {
      const words = await options.conversations.search(query);
      const trimmed = query.trim();
      if (!enabled || options.paused?.() || trimmed === '' || indexedCount() === 0) return words;
      let vector: Float32Array | null;
      try {
        vector = await queryVector(trimmed);
      } catch {
        // The words still answer when the service cannot embed the query.
        return words;
      }
      if (!vector) return words;
      const seen = new Set(words.map((h) => `${h.conversationId}:${h.messageId ?? ''}`));
      const scored: SearchHit[] = [];
      for (const [key, file] of sources) {
        if (file.model !== model) continue;
        const [kind, id] = key.split(':') as ['conversation' | 'document', string];
        for (const item of file.items) {
          const score = cosine(vector, item.vector);
          if (score < SEMANTIC_MIN_SIMILARITY) continue;
          const hit: SearchHit =
            kind === 'conversation'
              ? { conversationId: id, title: file.title, messageId: item.id, snippet: item.snippet }
              : {
                  conversationId: '',
                  documentId: id,
                  title: file.title,
                  messageId: null,
                  snippet: item.snippet,
                };
          if (seen.has(`${hit.conversationId}:${hit.messageId ?? ''}`)) continue;
          scored.push({ ...hit, match: 'meaning', score });
        }
      }
      scored.sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
      return [
        ...words.map((h) => ({ ...h, match: 'words' as const })),
        ...scored.slice(0, MAX_MEANING_HITS),
      ];
    },

    runPass,

    async dispose() {
      disposed = true;
      if (timer) clearTimeout(timer);
      controller.abort();
      await running;
    },
  };
}
