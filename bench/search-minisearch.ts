// The bench's reference process: the previous MiniSearch index over the same library, built,
// saved and queried on request from bench/search.ts (a process of its own, so its memory is its own).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Conversation } from '../shared/types';
import { createWordIndex, type WordIndex } from './search-minisearch-index';

export type ReferenceRequest =
  { op: 'build'; dataDir: string } | { op: 'search'; query: string } | { op: 'exit' };

export type ReferenceReply =
  | {
      op: 'built';
      buildMs: number;
      rssPeakMb: number;
      saveMs: number;
      fileMb: number;
      documents: number;
    }
  | { op: 'searched'; ms: number; hits: number };

let index: WordIndex | null = null;

async function build(dataDir: string): Promise<ReferenceReply> {
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 25);
  const folder = join(dataDir, 'conversations');
  const started = performance.now();
  const words = createWordIndex();
  for (const name of await readdir(folder)) {
    if (!name.endsWith('.json') || name === 'index.json') continue;
    const c = JSON.parse(await readFile(join(folder, name), 'utf8')) as Conversation;
    words.setConversation(c, { size: 1, mtimeMs: 1 });
  }
  const buildMs = performance.now() - started;
  const saving = performance.now();
  const text = words.toJSON();
  await writeFile(join(dataDir, 'reference-words.index'), text);
  const saveMs = performance.now() - saving;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  index = words;
  return {
    op: 'built',
    buildMs,
    rssPeakMb: peak / 2 ** 20,
    saveMs,
    fileMb: Buffer.byteLength(text) / 2 ** 20,
    documents: words.size(),
  };
}

process.on('message', (request: ReferenceRequest) => {
  const send = (reply: ReferenceReply) => process.send?.(reply);
  if (request.op === 'exit') process.exit(0);
  if (request.op === 'build') void build(request.dataDir).then(send);
  if (request.op === 'search') {
    const started = performance.now();
    const hits = index?.search(request.query) ?? [];
    send({ op: 'searched', ms: performance.now() - started, hits: hits.length });
  }
});
