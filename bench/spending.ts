// The spending ledger over 100,000 entries: spending.summary as core asks it (through the ledger's worker) and record()'s cost to its caller.
import { mkdtemp, rm, writeFile, appendFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ledgerFile, openSpendingLedger } from '../electron/core/features/spending/ledger';
import { type LedgerWrite, openLedgerStore } from '../electron/core/library/spending-ledger';
import { openRecovery } from '../electron/core/library/recovery';
import type { SpendFeature } from '../shared/spending';
import type { ModelInfo } from '../shared/types';

const ENTRIES = 100_000;
const RUNS = 15;
const RECORDS = 200;
const DAY = 86_400_000;

/** How the ledger's 100,000 entries spread. */
type Spread = 'typical' | 'worst';

export interface SpendingBenchResult {
  entries: number;
  /** firstMs: the first summary of a run, which starts the worker and opens the file. */
  summary: Record<Spread, { firstMs: number; medianMs: number; maxMs: number; days: number }>;
  /** What record() holds its caller (core's thread), per call. */
  recordCallMs: number;
  /** From record() until the entry is committed (fsync'd) in the worker, per entry, 200 in a row. */
  recordWrittenMs: number;
}

const CHAT_SHARE: SpendFeature[] = [
  'chat',
  'chat',
  'chat',
  'chat',
  'chat',
  'chat',
  'titles',
  'images',
  'embeddings',
  'speech',
];

/**
 * A year of use: typical keeps one model per conversation, 40 calls a conversation; worst makes
 * every entry its own day, feature, model and conversation row (the per-day table as large as the ledger).
 */
function fill(file: string, spread: Spread): void {
  const store = openLedgerStore(file);
  const now = Date.now();
  const batch: LedgerWrite[] = [];
  for (let i = 0; i < ENTRIES; i++) {
    const feature = CHAT_SHARE[i % CHAT_SHARE.length]!;
    const conversation = Math.floor(i / 40);
    batch.push({
      at: now - Math.floor((i * 365 * DAY) / ENTRIES),
      feature,
      model:
        spread === 'worst' ? `m${i % 12}` : feature === 'chat' ? `m${conversation % 12}` : feature,
      conversationId:
        spread === 'worst'
          ? `c${i}`
          : feature === 'chat' || feature === 'titles'
            ? `c${conversation}`
            : null,
      itemId: null,
      units: { promptTokens: 900, completionTokens: 300 },
      estimate: null,
      charge: '0.000315',
      reported: '0.000316',
      demo: i % 50 === 0,
    });
    if (batch.length === 5000) store.add(batch.splice(0));
  }
  store.close();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function measureSpending(log: (line: string) => void): Promise<SpendingBenchResult> {
  const summary = {} as SpendingBenchResult['summary'];
  let recordCallMs = 0;
  let recordWrittenMs = 0;
  for (const spread of ['typical', 'worst'] as const) {
    const dir = await mkdtemp(join(tmpdir(), 'atelier-bench-spending-'));
    try {
      mkdirSync(join(dir, 'spending'));
      log(`spending: a ledger of ${ENTRIES} entries (${spread})`);
      fill(ledgerFile(dir), spread);
      const ledger = openSpendingLedger({
        file: ledgerFile(dir),
        recovery: openRecovery(dir),
        models: async () => [
          { id: 'm1', promptPrice: '0.00000015', completionPrice: '0.0000006' } as ModelInfo,
        ],
        priceBasis: () => 'auto',
        demo: () => false,
        refreshBalance: () => undefined,
        emit: () => undefined,
      });
      // The first summary opens the file in a new worker (as the first Spending view of a run).
      const times: number[] = [];
      for (let run = 0; run <= RUNS; run++) {
        const t = performance.now();
        await ledger.summary({ demo: false, days: 30 });
        times.push(performance.now() - t);
      }
      const [firstMs, ...rest] = times;
      summary[spread] = {
        firstMs: firstMs!,
        medianMs: median(rest),
        maxMs: Math.max(...rest),
        days: 30,
      };
      if (spread === 'typical') {
        let calls = 0;
        const t = performance.now();
        for (let i = 0; i < RECORDS; i++) {
          const c = performance.now();
          ledger.record({
            feature: 'chat',
            model: 'm1',
            conversationId: 'c1',
            units: { promptTokens: 900, completionTokens: 300 },
          });
          calls += performance.now() - c;
          await ledger.idle();
        }
        recordWrittenMs = (performance.now() - t) / RECORDS;
        recordCallMs = calls / RECORDS;
      }
      await ledger.dispose();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return { entries: ENTRIES, summary, recordCallMs, recordWrittenMs };
}

function renderSpendingSection(r: SpendingBenchResult): string {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  return [
    '## Spending ledger over 100,000 entries (issue 39)',
    '',
    `\`BENCH_ONLY=spending npm run bench\`. A ledger of ${r.entries.toLocaleString('en')} entries over a year, then`,
    "`spending.summary` for 30 days as core asks it (a message to the ledger's worker, SQLite there,",
    `the answer back), median of ${RUNS} after the first, and record() from a feature.`,
    '',
    '| | first (starts the worker, opens the file) | median | max |',
    '| --- | --- | --- | --- |',
    `| summary, typical (one model per conversation) | ${ms(r.summary.typical.firstMs)} | ${ms(r.summary.typical.medianMs)} | ${ms(r.summary.typical.maxMs)} |`,
    `| summary, worst (every entry its own day, model and conversation row) | ${ms(r.summary.worst.firstMs)} | ${ms(r.summary.worst.medianMs)} | ${ms(r.summary.worst.maxMs)} |`,
    '',
    `record(): ${r.recordCallMs.toFixed(3)} ms of its caller's time (core's thread); ${ms(r.recordWrittenMs)} until the entry is committed and synced in the worker.`,
    'Goal: the Spending view opens in under 200 ms; this is the core part of it. The first summary',
    'starts the worker (here from source, compiled by tsx); core opens the ledger at its start, so',
    'the first Spending view of a run finds it open.',
    '',
  ].join('\n');
}

export async function appendSpendingReport(
  outDir: string,
  reportFile: string | null,
  log: (line: string) => void,
): Promise<SpendingBenchResult> {
  const result = await measureSpending(log);
  await writeFile(join(outDir, 'spending.json'), JSON.stringify(result, null, 2));
  const section = renderSpendingSection(result);
  if (reportFile) await appendFile(reportFile, `\n${section}`);
  else console.log(section);
  return result;
}
