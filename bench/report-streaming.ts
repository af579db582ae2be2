// The report's figure 1: streaming a long answer, the app's own cost per update, and the checks
// that the streamed figures are real.
import type { BenchFigures } from './report-figures';
import { ms, percent, verdict } from './report-format';
import type { StreamingResult } from './streaming';

type StreamOutcomeFigures = StreamingResult['work']['outcome'];

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

export function streamingSection(figures: BenchFigures): string {
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

export function checksSection(figures: BenchFigures): string {
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
