// Turns one bench run's figures into bench/REPORT.md: a fixed preface, the machine, tables, checks, goals.
import type { FirstScreenRun, FirstScreenRuns } from './first-screen';
import type { OpenConversationResult } from './open-conversation';
import type { StreamingResult } from './streaming';

type StreamOutcomeFigures = StreamingResult['work']['outcome'];

export interface StreamSetup {
  historyMessages: number;
  tokens: number;
  tokensPerChunk: number;
  chunks: number;
  chunkIntervalMs: number;
  answerChars: number;
  /** What the answer's source holds, to check both renderers showed all of it. */
  expected: { codeBlocks: number; tables: number; headings: number; displayMath: number };
}

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  os: string;
  node: string;
  chromium: string;
  date: string;
}

export interface BenchFigures {
  machine: Machine;
  setup: StreamSetup;
  /** plainText: the app as shipped with every markdown block shown as its source (work passes). */
  streaming: {
    real: StreamingResult;
    naive: StreamingResult;
    plainText: StreamingResult['work'];
    /** Work passes of the plain-text build, the bare page and the real build, interleaved. */
    cost: Record<'plain' | 'bare' | 'real', StreamingResult['work']>;
  };
  open: OpenConversationResult;
  firstScreen: FirstScreenRuns;
  durationS: number;
}

const PREFACE = `# Atelier performance bench

Written by \`npm run bench\` (bench/run.ts); every figure below comes from the one run described
under "Machine". Do not edit by hand: run the bench again.

## Method and goals

All three figures drive Debian's Chromium (headless, \`--no-sandbox --disable-gpu
--disable-background-networking --disable-component-update --no-first-run\`) with playwright-core,
a fresh browser context (empty cache) for every page load.

1. **Streaming.** The renderer is built three times by Vite from the app's own config
   (bench/vite.config.ts): as shipped; with MessageRow's \`./MessageMarkdown\` swapped for
   bench/naive/NaiveMessageMarkdown.tsx, which hands the *whole* message to react-markdown (the
   app's own MarkdownBlock: same remark-gfm, remark-math, math typesetting and components) on every
   render; and, as a baseline, with the app's markdown block swapped for a plain-text one
   (bench/plain/), everything else as shipped. Each build is served with an in-page stand-in for \`window.atelier\` (bench/feed/), which
   answers \`conversations.get\` with a 500-message conversation and then plays a turn as core does:
   \`start\`, the chunks on a fixed clock forwarded as core forwards them (one \`chat.event\` delta
   with whatever arrived, at most every \`CHAT_DELTA_INTERVAL_MS\` of shared/chat-stream.ts; late
   timers catch up, so both variants get the same text by the same time), \`done\`. Both variants
   therefore go through the real store, event batcher and virtualized message list
   with identical input; the in-page feed isolates the renderer (no web host, simulator or
   WebSocket in this figure). Each variant streams in fresh pages: work passes (five by default,
   \`BENCH_WORK_RUNS\`; interleaved, the order turned by one each run) with nothing of the bench running in the page (CDP Performance.getMetrics
   before and after; the median run gives the total-work figure and the goal's ratio), a plain pass (the same, plus frames counted with a
   requestAnimationFrame loop, which itself makes the page run a frame every vsync, long tasks from
   the Long Tasks API, and a MutationObserver counting the answer's updates on screen) and a traced
   pass (CDP Tracing with devtools.timeline and disabled-by-default-devtools.timeline: top-level
   RunTask events on the page's renderer main thread). The window runs from the first delta until
   2 s after \`done\` is shown, so the final render and code colouring count. The app's own cost
   per update is the plain-text build's work beside a bare page (bench/bare/, built by Vite, no
   framework) fed by the same stand-in, which appends each delta's text to the answer element and
   sets the scroller to its end, nothing else; its Message box has focus, as the app's has once a
   question is sent, so the caret blinks in both (before 2026-11-28 the bare page's box had no
   focus: its about 40 caret frames a stream, some 60 ms, were counted against the app only); their work passes (and the real build's) run
   interleaved, plain, bare, real, plain, ..., the median run of each standing for it.
2. **Opening a long conversation.** A 2,000-message conversation is written into a fresh data dir
   through core's own conversation library (one JSON file plus index.json), the real web host
   (\`startWebHost\`) is started on it, the page loads, and the bench clicks the conversation. A
   script in the page notes the click event's time and checks every frame for the last message's
   article; the time is taken in a task queued from that frame's callback, i.e. after it is
   painted. A fresh host per run, so core reads the file as on the first open after a start.
3. **First screen.** Navigation start to the first painted frame holding an enabled, focusable
   "Message" box (and, for the app, to the first with its own box, once its first render has
   replaced the first screen the page shows before its scripts run), in the real web host (empty data dir) and in a blank Vite React page with only
   such a box (bench/blank/, built in the same run), served twice: by the same web host beside
   the app (under /blank/, so it gets the host's response headers; the goal is judged against
   this one) and by a plain static server. Each load is a fresh context; the app's opens an address
   the host prints (each works once), which loads the page at once, with no redirect; the three pages
   load in turn, in an order that turns run by run. JavaScript
   bytes are every script response that finished before that moment, from CDP Network events
   (neither server compresses, so the wire bytes are uncompressed; gzip -9 and brotli sizes of the
   same bodies are computed for what a compressing server would send).

Goals (docs: ../shared/DESIGN.md "Performance stance"): while streaming, no task over 50 ms,
55+ frames per second, and total render work at least 10x below the naive renderer's.

Caveats: headless Chromium without a GPU composites in software and paces frames itself (the idle
frame rate is measured and shown); tracing slows the page down, so frame rate and long tasks are
taken from the plain pass; on a 2-core machine the page shares the CPU with the browser, the
compositor and the bench, so task wall times include time a task waited for a core (the trace's
thread CPU time is shown next to it).
`;

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const percent = (share: number) => `${(share * 100).toFixed(0)}%`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);
}

function verdict(ok: boolean): string {
  return ok ? 'met' : '**not met**';
}

/** The issue-14 goal for the app's own cost per streamed update, against the bare page. */
const COST_GOAL_RATIO = 1.5;

/** The plain-text build and the real one beside the bare page, from the interleaved work passes. */
export function costTable(figures: Pick<BenchFigures, 'streaming' | 'setup'>): string[] {
  const { cost } = figures.streaming;
  const { setup } = figures;
  const pages = [cost.plain, cost.bare, cost.real];
  const row = (label: string, pick: (w: StreamingResult['work']) => string) =>
    `| ${label} | ${pages.map(pick).join(' | ')} |`;
  const bare = Math.max(cost.bare.metrics.task, 1e-9);
  return [
    '',
    "The app's own cost per streamed update: the plain-text build beside the bare page that only " +
      'appends each delta and scrolls (bench/bare/), and the real build, work passes interleaved run by run.',
    '',
    '| Work pass, interleaved | Plain-text blocks | Bare page | Real renderer |',
    '| --- | ---: | ---: | ---: |',
    row(`Total main-thread work (TaskDuration), median of ${cost.bare.runsMs.length} runs`, (w) =>
      ms(w.metrics.task),
    ),
    row('Each run', (w) => w.runsMs.map((run) => run.toFixed(0)).join(', ') + ' ms'),
    row('of which script (ScriptDuration), median run', (w) => ms(w.metrics.script)),
    row('of which layout (LayoutDuration)', (w) => ms(w.metrics.layout)),
    row('of which style (RecalcStyleDuration)', (w) => ms(w.metrics.recalcStyle)),
    row('Main-thread CPU time (ThreadTime), median run', (w) => ms(w.metrics.threadCpu)),
    row('Renderer process CPU time (ProcessTime), median run', (w) => ms(w.metrics.processCpu)),
    row('Delta events', (w) => String(w.outcome.deltasSent)),
    row('Main-thread time per delta', (w) =>
      ms(w.metrics.task / Math.max(w.outcome.deltasSent, 1)),
    ),
    row('Main-thread time per chunk', (w) => ms(w.metrics.task / setup.chunks)),
    row('Against the bare page', (w) => `${(w.metrics.task / bare).toFixed(2)}x`),
    row('Cores used by other processes meanwhile', (w) => percent(w.cpu.others)),
    '',
  ];
}

export function costGoal(figures: Pick<BenchFigures, 'streaming'>): string {
  const { plain, bare, real } = figures.streaming.cost;
  const ratio = plain.metrics.task / Math.max(bare.metrics.task, 1e-9);
  const realRatio = real.metrics.task / Math.max(bare.metrics.task, 1e-9);
  return (
    `- The app's own cost per streamed update within ${COST_GOAL_RATIO}x of a bare page that appends ` +
    `and scrolls: ${verdict(ratio <= COST_GOAL_RATIO)} (plain-text build ${ms(plain.metrics.task)} ` +
    `against the bare page's ${ms(bare.metrics.task)}, ${ratio.toFixed(2)}x, medians of the ` +
    `interleaved runs; the real renderer, markdown included, ${ms(real.metrics.task)}, ` +
    `${realRatio.toFixed(2)}x)` +
    (bare.metrics.threadCpu > 0
      ? `; counted in main-thread CPU time, which waiting for a core does not inflate: ` +
        `${(plain.metrics.threadCpu / bare.metrics.threadCpu).toFixed(2)}x, real ` +
        `${(real.metrics.threadCpu / bare.metrics.threadCpu).toFixed(2)}x.`
      : '.')
  );
}

function streamingSection(figures: BenchFigures): string {
  const { setup } = figures;
  const { real, naive, plainText } = figures.streaming;
  const fps = (r: StreamingResult) => r.plain.outcome.frames / (r.plain.outcome.streamMs / 1000);
  const row = (label: string, pick: (r: StreamingResult) => string) =>
    `| ${label} | ${pick(real)} | ${pick(naive)} |`;
  const ratio = naive.work.metrics.task / Math.max(real.work.metrics.task, 1e-9);
  const plainRatio = naive.plain.metrics.task / Math.max(real.plain.metrics.task, 1e-9);
  const updates = (r: StreamingResult) => r.plain.outcome.answerUpdates;
  const tracedRatio = naive.traced.work.totalMs / Math.max(real.traced.work.totalMs, 1e-9);
  const cpuRatio = naive.traced.work.cpuMs / Math.max(real.traced.work.cpuMs, 1e-9);
  const kinds = Object.keys(real.traced.work.byKind);
  // What markdown rendering adds on top of the same app showing plain text, in each variant.
  const renderWork = (r: StreamingResult) => r.work.metrics.task - plainText.metrics.task;
  const renderRatio = renderWork(naive) / Math.max(renderWork(real), 1e-9);
  const budget = naive.work.metrics.task / 10;
  return [
    '## 1. Streaming a long answer',
    '',
    `A ${setup.tokens.toLocaleString('en')}-token answer (${setup.answerChars.toLocaleString('en')} characters: ` +
      `paragraphs, lists, ${setup.expected.codeBlocks} code blocks, ${setup.expected.tables} tables, ` +
      `${setup.expected.displayMath} display formulas and inline math) in ${setup.chunks} chunks of ` +
      `${setup.tokensPerChunk} tokens, one every ${setup.chunkIntervalMs} ms (${1000 / setup.chunkIntervalMs} chunks/s), ` +
      `into a conversation holding ${setup.historyMessages} messages. Token = a word or number with ` +
      'its leading space, or one symbol (bench/corpus.ts).',
    '',
    '| Work pass (nothing of the bench in the page) | Real renderer | Naive renderer |',
    '| --- | ---: | ---: |',
    row(`Total main-thread work (TaskDuration), median of ${real.work.runsMs.length} runs`, (r) =>
      ms(r.work.metrics.task),
    ),
    row('Each run', (r) => r.work.runsMs.map((run) => run.toFixed(0)).join(', ') + ' ms'),
    row('of which script (ScriptDuration), median run', (r) => ms(r.work.metrics.script)),
    row('of which layout (LayoutDuration)', (r) => ms(r.work.metrics.layout)),
    row('of which style (RecalcStyleDuration)', (r) => ms(r.work.metrics.recalcStyle)),
    row('Main-thread time per chunk (TaskDuration / chunks)', (r) =>
      ms(r.work.metrics.task / setup.chunks),
    ),
    row('Window (first delta to 2 s after done)', (r) => ms(r.work.windowMs)),
    row('Cores used by other processes meanwhile', (r) => percent(r.work.cpu.others)),
    '',
    'Baseline: the same app as shipped, with each markdown block shown as its source text ' +
      '(bench/plain/: the splitting, grouping, store, list and scrolling are the real ones; nothing ' +
      'is parsed as markdown). It is what the app costs to show each update at all.',
    '',
    '| Work pass | Plain-text blocks |',
    '| --- | ---: |',
    `| Total main-thread work (TaskDuration), median of ${plainText.runsMs.length} runs | ${ms(plainText.metrics.task)} |`,
    `| Each run | ${plainText.runsMs.map((run) => run.toFixed(0)).join(', ')} ms |`,
    `| of which script (ScriptDuration), median run | ${ms(plainText.metrics.script)} |`,
    `| of which layout (LayoutDuration) | ${ms(plainText.metrics.layout)} |`,
    `| of which style (RecalcStyleDuration) | ${ms(plainText.metrics.recalcStyle)} |`,
    '',
    ...costTable(figures),
    '| Markdown rendering on top of the baseline (work pass total minus the plain-text total) | Real renderer | Naive renderer |',
    '| --- | ---: | ---: |',
    row('Rendering work', (r) => ms(renderWork(r))),
    '',
    '| Plain pass (frame counter, long-task and update observers in the page) | Real renderer | Naive renderer |',
    '| --- | ---: | ---: |',
    row('Delta events from core (chunks merged as core merges them)', (r) =>
      String(r.plain.outcome.deltasSent),
    ),
    row('Updates of the answer on screen while streaming', (r) => String(updates(r))),
    row('Mean time between updates', (r) => ms(r.plain.outcome.streamMs / Math.max(updates(r), 1))),
    row('Main-thread time per chunk (TaskDuration / chunks)', (r) =>
      ms(r.plain.metrics.task / setup.chunks),
    ),
    row('Total main-thread work (TaskDuration)', (r) => ms(r.plain.metrics.task)),
    row('of which script (ScriptDuration)', (r) => ms(r.plain.metrics.script)),
    row('of which layout (LayoutDuration)', (r) => ms(r.plain.metrics.layout)),
    row('of which style (RecalcStyleDuration)', (r) => ms(r.plain.metrics.recalcStyle)),
    row('Window (first delta to 2 s after done)', (r) => ms(r.plain.windowMs)),
    row('Frames per second while streaming', (r) => fps(r).toFixed(1)),
    row('Frame gaps over 50 ms', (r) => String(r.plain.outcome.longFrameGaps)),
    row('Longest frame gap', (r) => ms(r.plain.outcome.longestFrameGapMs)),
    row('Long tasks (Long Tasks API, > 50 ms)', (r) => String(r.plain.longTasks.longTasks)),
    row('Longest task (Long Tasks API)', (r) =>
      r.plain.longTasks.longTasks ? ms(r.plain.longTasks.longestTaskMs) : 'none over 50 ms',
    ),
    row('Main-thread time per frame shown (TaskDuration / frames)', (r) =>
      ms(r.plain.metrics.task / Math.max(r.plain.outcome.frames, 1)),
    ),
    row('Idle page before streaming: fps', (r) => r.plain.idle.fps.toFixed(1)),
    row('Idle page before streaming: main-thread ms per s', (r) =>
      ms(r.plain.idle.taskMsPerSecond),
    ),
    row('Cores used by other processes meanwhile', (r) => percent(r.plain.cpu.others)),
    '',
    '| Traced pass (CDP Tracing, renderer main thread) | Real renderer | Naive renderer |',
    '| --- | ---: | ---: |',
    row('Top-level RunTask count', (r) => String(r.traced.work.tasks)),
    row('RunTask total, wall', (r) => ms(r.traced.work.totalMs)),
    row('RunTask total, thread CPU', (r) => ms(r.traced.work.cpuMs)),
    row('Wall time per chunk', (r) => ms(r.traced.work.totalMs / setup.chunks)),
    row('CPU time per chunk', (r) => ms(r.traced.work.cpuMs / setup.chunks)),
    row('Longest RunTask', (r) => ms(r.traced.work.longestMs)),
    row('RunTasks over 50 ms', (r) => String(r.traced.work.over50ms)),
    row('Frames per second (slowed by tracing)', (r) =>
      (r.traced.outcome.frames / (r.traced.outcome.streamMs / 1000)).toFixed(1),
    ),
    row('Trace size', (r) => `${r.traced.traceMb.toFixed(1)} MB`),
    row('Cores used by other processes meanwhile', (r) => percent(r.traced.cpu.others)),
    ...kinds.map((kind) =>
      row(`inside ${kind} (nested kinds overlap)`, (r) => ms(r.traced.work.byKind[kind] ?? 0)),
    ),
    '',
    `Naive / real total work: ${ratio.toFixed(1)}x (work pass, TaskDuration), ${plainRatio.toFixed(1)}x (plain pass), ` +
      `${tracedRatio.toFixed(1)}x (traced RunTask wall), ${cpuRatio.toFixed(1)}x (traced thread CPU). ` +
      `The naive renderer cannot keep up: it rendered the answer ${naive.plain.naive?.streamingRenders ?? 0} times ` +
      `while streaming (the batcher merges the chunks that arrive meanwhile), so its total is capped by the ` +
      'length of the window; per rendered frame it costs far more than the ratio says.',
    '',
    '### Goals',
    '',
    `- No task over 50 ms: ${verdict(real.plain.longTasks.longTasks === 0)} (real: ` +
      (real.plain.longTasks.longTasks === 0
        ? 'no long task without tracing'
        : `${real.plain.longTasks.longTasks} long tasks without tracing, longest ${ms(real.plain.longTasks.longestTaskMs)}`) +
      `; traced: ${real.traced.work.over50ms} RunTasks over 50 ms, longest ${ms(real.traced.work.longestMs)}).`,
    `- 55+ fps: ${verdict(fps(real) >= 55)} (real: ${fps(real).toFixed(1)} fps; the idle page runs at ${real.plain.idle.fps.toFixed(1)}).`,
    `- Total render work at least 10x below naive, counted as all of the page's main-thread work: ` +
      `${verdict(ratio >= 10)} (${ratio.toFixed(1)}x in the work pass). That needs the real page at ` +
      `${ms(budget)} or less; the same app showing plain text, with no markdown at all, costs ` +
      `${ms(plainText.metrics.task)}` +
      (plainText.metrics.task > budget
        ? ', so on this machine, at this update rate, no renderer can meet the goal counted this way.'
        : '.'),
    costGoal(figures),
    `- Total render work at least 10x below naive, counted as the rendering's own work (total minus ` +
      `the plain-text baseline): ${verdict(renderRatio >= 10)} (${renderRatio.toFixed(1)}x: ` +
      `${ms(renderWork(real))} against ${ms(renderWork(naive))}). The naive page showed fewer updates ` +
      `than the baseline, so its own share is, if anything, counted short.`,
    '',
    `Other processes used ${percent(real.plain.cpu.others)} of the cores during the real renderer's plain pass ` +
      `(${percent(naive.plain.cpu.others)} during the naive one's). When that is high, a task's wall time ` +
      'includes waiting for a core; compare the traced wall and thread CPU rows.',
  ].join('\n');
}

function checksSection(figures: BenchFigures): string {
  const { setup } = figures;
  const { real, naive } = figures.streaming;
  const checks: Array<[string, boolean]> = [];
  const delivered = (label: string, outcome: StreamOutcomeFigures): [string, boolean] => [
    `${label}: ${outcome.chunksSent} of ${setup.chunks} chunks sent as ${outcome.deltasSent} delta events, ${outcome.deltaEvents} delivered to the renderer, ` +
      `${outcome.answerLength.toLocaleString('en')} of ${setup.answerChars.toLocaleString('en')} characters, in ${ms(outcome.streamMs)}`,
    outcome.chunksSent === setup.chunks &&
      outcome.deltasSent > 0 &&
      outcome.deltaEvents === outcome.deltasSent &&
      outcome.answerLength === setup.answerChars,
  ];
  for (const r of [real, naive]) {
    for (const [pass, outcome] of [
      ['work', r.work.outcome],
      ['plain', r.plain.outcome],
      ['traced', r.traced.outcome],
    ] as const)
      checks.push(delivered(`${r.variant}, ${pass} pass`, outcome));
  }
  checks.push(delivered('plain-text baseline, work pass', figures.streaming.plainText.outcome));
  checks.push(delivered('bare page, work pass', figures.streaming.cost.bare.outcome));
  checks.push(delivered('real, interleaved work pass', figures.streaming.cost.real.outcome));
  const { plain: plainPass, bare: barePass } = figures.streaming.cost;
  checks.push([
    'plain-text build and bare page, work passes: the Message box had focus as the stream began ' +
      `(its caret blinking in both): ${plainPass.outcome.messageBoxFocused ? 'yes' : 'no'}, ` +
      (barePass.outcome.messageBoxFocused ? 'yes' : 'no'),
    plainPass.outcome.messageBoxFocused && barePass.outcome.messageBoxFocused,
  ]);
  const structure = (r: StreamingResult) => r.plain.rendered;
  for (const r of [real, naive]) {
    const s = structure(r);
    checks.push([
      `${r.variant}: the finished answer shows ${s.codeBlocks} code blocks (${s.highlightedSpans} highlighted spans), ` +
        `${s.tables} tables, ${s.headings} headings, ${s.math} formulas, ${s.listItems} list items, ` +
        `${s.textLength.toLocaleString('en')} characters of text`,
      s.codeBlocks === setup.expected.codeBlocks &&
        s.tables === setup.expected.tables &&
        s.headings === setup.expected.headings &&
        s.math >= setup.expected.displayMath &&
        s.highlightedSpans > 0,
    ]);
  }
  const a = structure(real);
  const b = structure(naive);
  checks.push([
    `real and naive show the same text and structure (code, tables, headings, formulas, list items)` +
      (a.textLength === b.textLength
        ? ''
        : `; their text differs by ${Math.abs(a.textLength - b.textLength)} characters`),
    a.textLength === b.textLength &&
      a.codeBlocks === b.codeBlocks &&
      a.tables === b.tables &&
      a.headings === b.headings &&
      a.math === b.math &&
      a.listItems === b.listItems,
  ]);
  const tally = naive.plain.naive;
  if (tally) {
    checks.push([
      `naive re-rendered the whole message: ${tally.streamingRenders} renders while streaming, ` +
        `longest text ${tally.longestText.toLocaleString('en')} characters (the whole answer, as it ended), ` +
        `${(tally.charsRendered / 1e6).toFixed(1)} M characters handed to react-markdown in all`,
      tally.longestText === setup.answerChars && tally.streamingRenders > 1,
    ]);
  } else {
    checks.push(['naive build counted its renders', false]);
  }
  checks.push(['the real build does not contain the naive component', real.plain.naive === null]);
  return [
    '### Checks that the figures are real',
    '',
    ...checks.map(([text, ok]) => `- ${ok ? 'ok' : '**FAILED**'}: ${text}`),
  ].join('\n');
}

function openSection(open: OpenConversationResult): string {
  const first = open.runs.map((run) => run.firstPaintMs);
  const markdown = open.runs.map((run) => run.markdownPaintMs);
  return [
    '## 2. Opening a 2,000-message conversation',
    '',
    `${open.messages.toLocaleString('en')} messages, ${kb(open.fileBytes)} on disk, real web host, ` +
      `${open.runs.length} runs (fresh host and page each).`,
    '',
    '| From the click to | Median | Runs (ms) |',
    '| --- | ---: | --- |',
    `| first paint of the last message | ${ms(median(first))} | ${first.map((v) => v.toFixed(0)).join(', ')} |`,
    `| first paint of it as markdown | ${ms(median(markdown))} | ${markdown.map((v) => v.toFixed(0)).join(', ')} |`,
    '',
    `- Last message painted as markdown within ${OPEN_GOAL_MS} ms (median): ` +
      `${verdict(median(markdown) <= OPEN_GOAL_MS)} (${ms(median(markdown))}).`,
    '',
    'The markdown chunk and the message list are fetched when the browser is idle after the first ' +
      'screen (or as soon as a conversation opens), so the first paint is normally already markdown; ' +
      'the second row is when it is shown formatted. ' +
      `Other processes used ${open.runs.map((run) => percent(run.othersCpu)).join(', ')} of the cores in these runs.` +
      (open.failures.length
        ? ` ${open.failures.length} run(s) failed and were run again: ${open.failures.join('; ')}`
        : ''),
  ].join('\n');
}

/** Issue 14's goals for the load path. */
const OPEN_GOAL_MS = 250;
const FIRST_SCREEN_GOAL = 1.3;

function firstScreenSection(runs: FirstScreenRuns): string {
  const medianOf = (list: FirstScreenRun[]) =>
    Math.max(median(list.map((run) => run.interactiveMs)), 1e-9);
  const appMedianOf = (list: FirstScreenRun[]) =>
    Math.max(median(list.map((run) => run.appMs)), 1e-9);
  const firstRatio = medianOf(runs.app) / medianOf(runs.blankHosted);
  const staticRatio = medianOf(runs.app) / medianOf(runs.blank);
  const runningRatio = appMedianOf(runs.app) / medianOf(runs.blankHosted);
  const total = (run: FirstScreenRun, pick: (s: FirstScreenRun['scripts'][number]) => number) =>
    run.scripts.reduce((sum, script) => sum + pick(script), 0);
  const line = (label: string, list: FirstScreenRun[]) => {
    const last = list[list.length - 1];
    return (
      `| ${label} | ${ms(median(list.map((run) => run.interactiveMs)))} | ` +
      `${list.map((run) => run.interactiveMs.toFixed(0)).join(', ')} | ` +
      `${ms(median(list.map((run) => run.appMs)))} | ` +
      `${last ? last.scripts.length : 0} | ${last ? kb(total(last, (s) => s.wireBytes)) : ''} | ` +
      `${last ? kb(total(last, (s) => s.bodyBytes)) : ''} | ${last ? kb(total(last, (s) => s.gzipBytes)) : ''} | ` +
      `${last ? kb(total(last, (s) => s.brotliBytes)) : ''} |`
    );
  };
  const files = (label: string, list: FirstScreenRun[]) =>
    (list[list.length - 1]?.scripts ?? []).map(
      (s) => `| ${label} | ${s.url} | ${kb(s.bodyBytes)} | ${kb(s.gzipBytes)} |`,
    );
  return [
    '## 3. First screen',
    '',
    '| Page | Median to usable "Message" box | Runs (ms) | Median to the app running | Scripts | Wire | Uncompressed | gzip -9 | brotli |',
    '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    line('Atelier (web host)', runs.app),
    line('Blank Vite React page, from the same web host', runs.blankHosted),
    line('Blank Vite React page, from a static server', runs.blank),
    '',
    'Scripts loaded before the box was usable (last run):',
    '',
    '| Page | Script | Uncompressed | gzip -9 |',
    '| --- | --- | ---: | ---: |',
    ...files('Atelier', runs.app),
    ...files('Blank', runs.blank),
    '',
    `- Within ${FIRST_SCREEN_GOAL}x the blank page served by the same web host (medians of ${runs.app.length} interleaved runs): ` +
      `${verdict(firstRatio <= FIRST_SCREEN_GOAL)} (${firstRatio.toFixed(2)}x).`,
    `- The app's first screen is rendered at build time into its page (scripts/first-screen.ts): its ` +
      `Message box takes typing from the first paint, the rest waits (inert), and the app's first ` +
      `render replaces it, keeping what was typed. The app itself runs (its own box painted) at ` +
      `${runningRatio.toFixed(2)}x the blank page's usable box.`,
    `- Against the blank page from a static server, which sends none of the host's headers: ${staticRatio.toFixed(2)}x. ` +
      `The difference between the two blank pages is what the host's headers cost any page on this ` +
      `machine, mostly the cross-origin opener policy: a fresh page opened with it switches browsing ` +
      `context group and waits for a new renderer process.`,
    '',
    `Other processes used ${percent(mean(runs.app.map((run) => run.othersCpu)))} (Atelier), ` +
      `${percent(mean(runs.blankHosted.map((run) => run.othersCpu)))} (blank, web host) and ` +
      `${percent(mean(runs.blank.map((run) => run.othersCpu)))} (blank, static server) of the cores on average while the pages loaded.`,
  ].join('\n');
}

/** Above this share of the cores taken by other processes, the figures say more about them. */
const DISTURBED_SHARE = 0.25;

function disturbance(figures: BenchFigures): string {
  const { real, naive } = figures.streaming;
  const shares = [
    real.plain.cpu.others,
    real.traced.cpu.others,
    naive.plain.cpu.others,
    naive.traced.cpu.others,
    ...figures.open.runs.map((run) => run.othersCpu),
    ...figures.firstScreen.app.map((run) => run.othersCpu),
    ...figures.firstScreen.blankHosted.map((run) => run.othersCpu),
    ...figures.firstScreen.blank.map((run) => run.othersCpu),
  ];
  const worst = Math.max(...shares);
  if (worst <= DISTURBED_SHARE) return '';
  return (
    `\n> **Disturbed run:** other processes on this machine used up to ${percent(worst)} of the cores ` +
    'during the measurements (see the "other processes" rows). Stalls and low frame rates in ' +
    'such passes come from waiting for a core; run the bench again on a quiet machine before ' +
    'drawing conclusions.\n'
  );
}

export function renderReport(figures: BenchFigures): string {
  const { machine } = figures;
  return [
    PREFACE,
    '## Machine',
    '',
    `${machine.cpus} cores (${machine.cpuModel}), ${machine.memoryGb.toFixed(0)} GB memory, ${machine.os}; ` +
      `Node ${machine.node}; Chromium ${machine.chromium}; run on ${machine.date}, ` +
      `whole bench (builds included) ${figures.durationS.toFixed(0)} s.`,
    disturbance(figures),
    streamingSection(figures),
    '',
    checksSection(figures),
    '',
    openSection(figures.open),
    '',
    firstScreenSection(figures.firstScreen),
    '',
  ].join('\n');
}
