// Search over 2,000 conversations × 100 messages, measured in core (no browser): the background
// build of the SQLite word index (time, RSS peak, event-loop delay), query times, a restart, and
// the previous MiniSearch index on the same data beside it (in a process of its own).
import { fork, type ChildProcess } from 'node:child_process';
import { appendFile, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  openConversationLibrary,
  type ConversationLibrary,
} from '../electron/core/library/conversations';
import { cpuShare, cpuSnapshot } from './cpu-usage';
import type { ReferenceReply, ReferenceRequest } from './search-minisearch';
import {
  conversationIdOf,
  LIBRARY_CONVERSATIONS,
  LIBRARY_MESSAGES,
  RARE_WORD,
  writeLibrary,
} from './search-data';

const REFERENCE = fileURLToPath(new URL('./search-minisearch.ts', import.meta.url));
const RUNS = 5;
const QUERY_GOAL_MS = 100;
/** Event-loop delay (p99) under which the build counts as "in the background". */
const LOOP_GOAL_MS = 50;

/** The queries, by kind: each is run RUNS times, interleaved with the reference. */
export const QUERIES: { kind: string; query: string }[] = [
  { kind: 'rare word', query: RARE_WORD },
  { kind: 'rare word + word', query: `${RARE_WORD.toUpperCase()} ferry` },
  { kind: 'word in most messages', query: 'the' },
  { kind: 'word in most messages', query: 'token' },
  { kind: 'common word', query: 'gradient' },
  { kind: 'two words', query: 'gradient matrix' },
  { kind: 'two words', query: 'worker thread' },
  { kind: 'two words', query: 'cache latency' },
  { kind: 'prefix of 2 letters', query: 'gr' },
  { kind: 'prefix of 2 letters', query: 'th' },
  { kind: 'prefix of 3 letters', query: 'gra' },
  { kind: 'prefix of 3 letters', query: 'inc' },
  { kind: 'word + prefix', query: 'stream tok' },
  { kind: 'Russian word', query: 'память' },
  { kind: 'Russian word (ё as е)', query: 'елка' },
  { kind: 'Russian two words', query: 'йогурт индекс' },
  { kind: 'Russian prefix', query: 'сообщ' },
  { kind: 'three words', query: 'careful incremental design' },
  { kind: 'three words', query: 'the stream token' },
  { kind: 'code words', query: 'moving_average window' },
  { kind: 'no match', query: 'xylophone' },
  { kind: 'no match, one word missing', query: 'gradient xylophone' },
  { kind: 'FTS syntax as words', query: '"token" OR NEAR(' },
];

interface Stats {
  median: number;
  p95: number;
  max: number;
}

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? 0 };
}

export interface SearchBenchResult {
  conversations: number;
  messages: number;
  libraryMb: number;
  seedSeconds: number;
  build: {
    ms: number;
    rssBeforeMb: number;
    rssPeakMb: number;
    loopP99Ms: number;
    loopMaxMs: number;
    fileMb: number;
    othersCpu: number;
  };
  queries: {
    kind: string;
    query: string;
    hits: number;
    ms: Stats;
    reference: Stats | null;
    referenceHits: number | null;
  }[];
  restart: { readyMs: number; changedReadyMs: number; changedFound: boolean; openMs: number };
  reference: Extract<ReferenceReply, { op: 'built' }> | null;
  referenceError: string | null;
}

function startReference(): {
  child: ChildProcess;
  ask(request: ReferenceRequest): Promise<ReferenceReply>;
} {
  const child = fork(REFERENCE, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  let waiting: { resolve(reply: ReferenceReply): void; reject(e: Error): void } | null = null;
  child.on('message', (reply: ReferenceReply) => waiting?.resolve(reply));
  child.on('exit', () => waiting?.reject(new Error('the MiniSearch reference process ended')));
  return {
    child,
    ask(request) {
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        child.send(request);
      });
    },
  };
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

export async function measureSearch(
  outDir: string,
  log: (line: string) => void,
): Promise<SearchBenchResult> {
  const dataDir = join(outDir, 'search-data');
  const seedStarted = performance.now();
  log(`writing ${LIBRARY_CONVERSATIONS} conversations × ${LIBRARY_MESSAGES} messages`);
  const bytes = await writeLibrary(dataDir);
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  // The background build, from nothing: core opens the library (the list answers), the worker builds.
  log('building the SQLite word index in the background');
  const rssBefore = process.memoryUsage.rss();
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 25);
  const cpuBefore = await cpuSnapshot();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const started = performance.now();
  const lib: ConversationLibrary = await openConversationLibrary(dataDir);
  loop.enable();
  await lib.searchReady();
  const buildMs = performance.now() - started;
  loop.disable();
  clearInterval(sampler);
  const othersCpu = cpuShare(cpuBefore, await cpuSnapshot()).others;
  const fileMb = (await stat(join(dataDir, 'search', 'words.sqlite'))).size / 2 ** 20;
  log(`built in ${(buildMs / 1000).toFixed(1)} s, RSS peak ${(peak / 2 ** 20).toFixed(0)} MB`);

  // The reference: MiniSearch over the same files, in its own process.
  let reference: SearchBenchResult['reference'] = null;
  let referenceError: string | null = null;
  let ref: ReturnType<typeof startReference> | null = null;
  try {
    log('building the MiniSearch reference (previous version) in its own process');
    const started = startReference();
    const built = await started.ask({ op: 'build', dataDir });
    if (built.op === 'built') reference = built;
    ref = started;
  } catch (e) {
    referenceError = (e as Error).message;
  }

  log(`${QUERIES.length} queries × ${RUNS} runs, interleaved with the reference`);
  const times = QUERIES.map(() => [] as number[]);
  const refTimes = QUERIES.map(() => [] as number[]);
  const hits = QUERIES.map(() => 0);
  const refHits = QUERIES.map(() => null as number | null);
  for (let run = 0; run < RUNS; run++)
    for (const [i, { query }] of QUERIES.entries()) {
      const ours = await timed(() => lib.search(query));
      times[i]!.push(ours.ms);
      hits[i] = ours.value.length;
      if (ref) {
        const theirs = await ref.ask({ op: 'search', query });
        if (theirs.op === 'searched') {
          refTimes[i]!.push(theirs.ms);
          refHits[i] = theirs.hits;
        }
      }
    }
  if (ref) {
    ref.child.send({ op: 'exit' });
    await rm(join(dataDir, 'reference-words.index'), { force: true });
  }
  await lib.flush();

  // A restart on the built index, then one with a file changed behind its back.
  log('restarting on the built index');
  const again = await timed(async () => {
    const reopened = await openConversationLibrary(dataDir);
    await reopened.searchReady();
    return reopened;
  });
  const file = join(dataDir, 'conversations', `${conversationIdOf(17)}.json`);
  const body = JSON.parse(await readFile(file, 'utf8')) as { messages: { content: string }[] };
  body.messages[3]!.content += ' A quokkaphant walked in.';
  await writeFile(file, JSON.stringify(body));
  let openMs = 0;
  const changed = await timed(async () => {
    const opening = performance.now();
    const reopened = await openConversationLibrary(dataDir);
    openMs = performance.now() - opening;
    await reopened.searchReady();
    return reopened;
  });
  const changedFound = (await changed.value.search('quokkaphant')).length === 1;

  return {
    conversations: LIBRARY_CONVERSATIONS,
    messages: LIBRARY_CONVERSATIONS * LIBRARY_MESSAGES,
    libraryMb: bytes / 2 ** 20,
    seedSeconds,
    build: {
      ms: buildMs,
      rssBeforeMb: rssBefore / 2 ** 20,
      rssPeakMb: peak / 2 ** 20,
      loopP99Ms: loop.percentile(99) / 1e6,
      loopMaxMs: loop.max / 1e6,
      fileMb,
      othersCpu,
    },
    queries: QUERIES.map((q, i) => ({
      ...q,
      hits: hits[i]!,
      ms: stats(times[i]!),
      reference: refTimes[i]!.length > 0 ? stats(refTimes[i]!) : null,
      referenceHits: refHits[i]!,
    })),
    restart: { readyMs: again.ms, changedReadyMs: changed.ms, changedFound, openMs },
    reference,
    referenceError,
  };
}

const f0 = (n: number) => n.toFixed(0);
const f1 = (n: number) => n.toFixed(1);
const mark = (met: boolean) => (met ? '**met**' : '**not met**');

export function renderSearchSection(r: SearchBenchResult): string {
  const worstMedian = Math.max(...r.queries.map((q) => q.ms.median));
  const worstP95 = Math.max(...r.queries.map((q) => q.ms.p95));
  const queriesMet = worstMedian < QUERY_GOAL_MS;
  const backgroundMet = r.build.loopP99Ms < LOOP_GOAL_MS;
  const ref = r.reference;
  const lines = [
    `## Search over ${r.messages.toLocaleString('en')} messages in ${r.conversations.toLocaleString('en')} conversations`,
    '',
    `Method: \`bench/search.ts\` writes ${r.conversations} conversations × ${r.messages / r.conversations} messages ` +
      `(bench/corpus.ts text, every eighth conversation in Russian; ${f0(r.libraryMb)} MB of files, ${f1(r.seedSeconds)} s) ` +
      `in the current on-disk format, then in core (this process, no browser) opens the library and lets the ` +
      `SQLite FTS5 word index build in its worker from nothing, sampling core's RSS every 25 ms and its ` +
      `event-loop delay (\`monitorEventLoopDelay\`, 10 ms resolution). Each query then runs ${RUNS} times through ` +
      `\`library.search\` (core → worker → core), interleaved query by query with the previous MiniSearch index ` +
      `built over the same files in a process of its own. Other processes used ${f0(r.build.othersCpu * 100)} % of the CPUs during the build.`,
    '',
    '| build from nothing | SQLite FTS5 (worker) | MiniSearch (previous, reference) |',
    '|---|---|---|',
    `| time | ${f1(r.build.ms / 1000)} s | ${ref ? `${f1(ref.buildMs / 1000)} s` : '–'} |`,
    `| process RSS peak | ${f0(r.build.rssPeakMb)} MB (${f0(r.build.rssBeforeMb)} MB before) | ${ref ? `${f0(ref.rssPeakMb)} MB` : '–'} |`,
    `| core event-loop delay p99 / max during the build | ${f1(r.build.loopP99Ms)} / ${f1(r.build.loopMaxMs)} ms | (built on its own thread, blocking it) |`,
    `| saving | each batch in its own transaction (no whole save) | ${ref ? `${f1(ref.saveMs / 1000)} s for the whole ${f0(ref.fileMb)} MB file` : '–'} |`,
    `| on disk | ${f0(r.build.fileMb)} MB | ${ref ? `${f0(ref.fileMb)} MB` : '–'} |`,
    '',
    `- Built in the background (core's event-loop p99 under ${LOOP_GOAL_MS} ms while it builds): ${mark(backgroundMet)} (${f1(r.build.loopP99Ms)} ms).`,
    `- Under ${QUERY_GOAL_MS} ms per query (every query's median): ${mark(queriesMet)} (worst median ${f1(worstMedian)} ms, worst p95 ${f1(worstP95)} ms).`,
    ...(r.referenceError ? [`- The reference could not run: ${r.referenceError}.`] : []),
    '',
    `| query | kind | hits | median / p95 / max ms | reference median / p95 / max ms (hits) |`,
    '|---|---|---|---|---|',
    ...r.queries.map(
      (q) =>
        `| \`${q.query.replaceAll('|', '\\|')}\` | ${q.kind} | ${q.hits} | ${f1(q.ms.median)} / ${f1(q.ms.p95)} / ${f1(q.ms.max)} | ` +
        (q.reference
          ? `${f1(q.reference.median)} / ${f1(q.reference.p95)} / ${f1(q.reference.max)} (${q.referenceHits})`
          : '–') +
        ' |',
    ),
    '',
    `Restart on the built index: search ready ${f0(r.restart.readyMs)} ms after the library opens. ` +
      `With one conversation file changed behind its back: ready in ${f0(r.restart.changedReadyMs)} ms ` +
      `(the library itself opened in ${f0(r.restart.openMs)} ms); its new word found: ${r.restart.changedFound ? 'yes' : 'no'}.`,
    '',
  ];
  return lines.join('\n');
}

/** Runs the search bench and appends its section to the report. */
export async function appendSearchReport(
  outDir: string,
  reportFile: string | null,
  log: (line: string) => void,
): Promise<SearchBenchResult> {
  const result = await measureSearch(outDir, log);
  await writeFile(join(outDir, 'search.json'), JSON.stringify(result, null, 2));
  const section = renderSearchSection(result);
  if (reportFile) await appendFile(reportFile, `\n${section}`);
  else console.log(section);
  return result;
}
