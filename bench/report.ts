// Turns one bench run's figures into bench/REPORT.md: a fixed preface, the machine, tables, checks, goals.
import type { FirstScreenRun, FirstScreenRuns } from './first-screen';
import type { OpenConversationResult } from './open-conversation';
import type { BenchFigures } from './report-figures';
import { kb, mean, median, ms, percent, verdict } from './report-format';
import { checksSection, streamingSection } from './report-streaming';

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
