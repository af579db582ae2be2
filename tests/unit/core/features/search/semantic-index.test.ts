// The semantic index: how texts are cut into chunks, what embedding them costs, and its files damaged at start.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chunkText } from '../../../../../electron/core/features/search/passages';
import {
  estimateCost,
  openSemanticIndex,
  type SemanticIndexOptions,
} from '../../../../../electron/core/features/search/semantic-index';
import {
  encodeVectorFile,
  type VectorFile,
} from '../../../../../electron/core/features/search/vector-file';
import {
  openRecovery,
  REASON_SUFFIX,
  type Recovery,
} from '../../../../../electron/core/library/recovery';
import { DEFAULT_EMBEDDING_MODEL } from '../../../../../shared/models';
import type { ModelInfo } from '../../../../../shared/types';
import { DAMAGES, damage } from '../../damage';

describe('semantic helpers', () => {
  it('chunks long documents at paragraph breaks', () => {
    const paragraph = 'word '.repeat(100).trim();
    const chunks = chunkText(Array.from({ length: 10 }, () => paragraph).join('\n\n'));
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.every((c) => c.length <= 3000)).toBe(true);
    expect(chunkText('   \n\n  ')).toEqual([]);
  });

  it('estimates the cost by the one price rule, per token or per 1M tokens', () => {
    const model = (promptPrice: string | null): ModelInfo => ({
      id: DEFAULT_EMBEDDING_MODEL,
      name: 'Embeddings',
      kind: 'embedding',
      promptPrice,
      completionPrice: '0',
      contextLength: 8191,
      badges: [],
      description: null,
    });
    expect(estimateCost(1000, model('0.00000002'))).toBe('0.00002');
    expect(estimateCost(10, model('0.00000002'))).toBe('0.0000002');
    // The figure: 141 tokens at 0.02 per 1M tokens, once read as 2.82 credits.
    expect(estimateCost(141, model('0.02'))).toBe('0.00000282');
    expect(estimateCost(141, model('0.02'), 'token')).toBe('2.82');
    expect(estimateCost(10, model(null))).toBeNull();
    expect(estimateCost(0, model('0.1'))).toBe('0');
  });
});

describe('semantic index on a damaged data folder', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'atelier-semantic-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const vectors = (title: string): VectorFile => ({
    model: DEFAULT_EMBEDDING_MODEL,
    dims: 2,
    // A long header: damage in the middle of the file lands in it, not in the floats.
    title: `${title} ${'a title long enough to hold the middle of the file '.repeat(4)}`,
    items: [
      { id: 'm1', hash: 'h1', snippet: 'one', vector: Float32Array.from([1, 0]) },
      { id: 'm2', hash: 'h2', snippet: 'two', vector: Float32Array.from([0, 1]) },
    ],
  });

  async function folder(): Promise<string> {
    const vectorsDir = join(dir, 'semantic', 'vectors');
    await mkdir(vectorsDir, { recursive: true });
    await writeFile(
      join(dir, 'semantic', 'settings.json'),
      JSON.stringify({ enabled: false, model: DEFAULT_EMBEDDING_MODEL }),
    );
    await writeFile(join(vectorsDir, 'conversation-a.vec'), encodeVectorFile(vectors('a')));
    await writeFile(join(vectorsDir, 'conversation-b.vec'), encodeVectorFile(vectors('b')));
    return vectorsDir;
  }

  async function open(recovery: Recovery) {
    const index = await openSemanticIndex({
      dataDir: dir,
      client: { embeddings: () => Promise.reject(new Error('not in this test')) },
      conversations: {
        list: () => ({ items: [], total: 0, problems: [] }),
        get: () => Promise.reject(new Error('none')),
        search: () => Promise.resolve([]),
      } as unknown as SemanticIndexOptions['conversations'],
      documents: {
        list: () => ({ items: [], problems: [] }),
        get: () => Promise.reject(new Error('none')),
      },
      models: () => Promise.resolve([]),
      recovery,
    });
    disposers.push(() => index.dispose());
    return index;
  }
  const disposers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const dispose of disposers.splice(0)) await dispose();
  });

  it.each(DAMAGES)('sets a vector file %s aside and keeps the others', async (how) => {
    const vectorsDir = await folder();
    const damaged = await damage(join(vectorsDir, 'conversation-b.vec'), how);
    const recovery = openRecovery(dir);
    const index = await open(recovery);
    expect(index.status()).toMatchObject({ enabled: false, indexed: 2 });
    const [aside, ...more] = recovery.items();
    expect(more).toEqual([]);
    expect(aside).toMatchObject({ file: 'semantic/vectors/conversation-b.vec' });
    expect(await readFile(join(dir, aside!.movedTo!))).toEqual(damaged);
    expect(existsSync(join(dir, aside!.movedTo! + REASON_SUFFIX))).toBe(true);
    expect(await readdir(vectorsDir)).toEqual(['conversation-a.vec']);
  });

  it.each(DAMAGES)('sets its settings file %s aside, says so, and starts off', async (how) => {
    await folder();
    const damaged = await damage(join(dir, 'semantic', 'settings.json'), how);
    const recovery = openRecovery(dir);
    const index = await open(recovery);
    expect(index.status()).toMatchObject({
      enabled: false,
      model: DEFAULT_EMBEDDING_MODEL,
      indexed: 4,
    });
    const [aside, ...more] = recovery.items();
    expect(more).toEqual([]);
    expect(aside).toMatchObject({ file: 'semantic/settings.json' });
    expect(aside?.reason).toMatch(/settings of search by meaning could not be read/);
    expect(await readFile(join(dir, aside!.movedTo!))).toEqual(damaged);
    await index.configure({ enabled: false });
    expect(await readFile(join(dir, aside!.movedTo!))).toEqual(damaged);
  });
});
