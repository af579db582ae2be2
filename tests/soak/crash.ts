// The crash test of issue 37: a person's work driven through the web host's bridge, the host killed with SIGKILL at seeded points, restarted on the same folder, and every promise about the data checked.
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSim, type RunningSim } from '../../sim/server';
import {
  checkLedger,
  checkLibrary,
  checkMediaReferences,
  checkSearch,
  checkSettingsAndUploads,
  FAILURE_KINDS,
  indexReady,
  observe,
  type FailureKind,
  type Finding,
} from './checks';
import { aimOf, type SoakSummary } from './crash-summary';
import { goneFiles, snapshotFolder, tempFilesOf, type FolderSnapshot } from './data-folder';
import { KILL_AT, planPoints, type Op, type PointPlan } from './plan';
import { RUN, runImport, runRestore, setUp } from './workload';
import { CallRefused, HostGone, openWorld, restartHost, turnsEnded, type World } from './world';

export interface SoakOptions {
  /** Kill points. */
  points: number;
  seed: number;
  /** Points one data folder lives through (killed and restarted each time) before a fresh one. */
  pointsPerFolder?: number;
  /** The most conversations of one generated ChatGPT import. */
  importSizeMax?: number;
  /** Conversations searched for their saved word after each restart, besides those just changed. */
  searchSample?: number;
  /** Progress lines; nothing by default. */
  log?: (line: string) => void;
  /** Leave the data folder of a point that failed, for a person to look at. */
  keepFailedFolders?: boolean;
}

interface PointOutcome {
  failures: Array<Finding>;
  setAside: string[];
  /** The restarted host runs and answers: the folder's life may go on. */
  alive: boolean;
}

/** What the person does once the plan's work is done and the kill has not come yet. */
const FILLER: readonly Op[] = ['rename', 'save', 'settings'];
const FILLER_PAUSE_MS = 20;

/** Runs the plan's work and kills the host during it; answers the kill time. */
async function workUntilKilled(
  w: World,
  plan: PointPlan,
  fail: Finding[],
): Promise<{ killAt: number; killAfterMs: number; landedIn: string }> {
  try {
    for (const op of plan.before) await runOp(w, op, plan, fail);
  } catch (e) {
    if (!(e instanceof HostGone)) throw e;
    fail.push({
      kind: 'host',
      detail: `the host died by itself during ${e.message}: ${w.host.stderr()}`,
    });
    return { killAt: Date.now(), killAfterMs: -1, landedIn: `${w.currentOp} (${e.message})` };
  }
  const aim = KILL_AT[plan.target];
  const measured = [...(w.callLengths[aim.call] ?? [])].sort((a, b) => a - b);
  const windowMs =
    aim.fixed || measured.length === 0
      ? aim.windowMs
      : measured[Math.floor(measured.length / 2)]! * 1.25;
  const killAfterMs = Math.round(plan.killFraction * windowMs);
  let killAt = 0;
  let killed: Promise<void> | null = null;
  // This host, not whichever runs when the timer fires.
  const host = w.host;
  const arm = () => {
    killed ??= new Promise<void>((resolve) => {
      setTimeout(() => {
        killAt = Date.now();
        void host.kill().then(resolve);
      }, killAfterMs);
    });
  };
  w.killTrigger = { call: aim.call, arm };
  const landedIn = await workUntilHostGone(w, plan, fail, arm);
  w.killTrigger = null;
  if (killAt === 0)
    fail.push({
      kind: 'host',
      detail: `the host died by itself during ${landedIn}: ${host.stderr()}`,
    });
  await killed;
  await w.bridge.closed;
  return { killAt, killAfterMs, landedIn };
}

/** The aimed operation and what follows it, until a call finds the host gone; answers where. */
async function workUntilHostGone(
  w: World,
  plan: PointPlan,
  fail: Finding[],
  arm: () => void,
): Promise<string> {
  try {
    await runOp(w, plan.target, plan, fail);
    // The aimed operation had nothing to send its call for (no conversation to rename, say).
    arm();
    for (const op of plan.after) await runOp(w, op, plan, fail);
    // Every operation ended before the kill: the person waits for the answers still streaming,
    // then goes on renaming and changing things until the kill comes.
    w.currentOp = 'waiting for the answers';
    await turnsEnded(w, KILL_AT.stream.windowMs + 10_000);
    for (let i = 0; ; i += 1) {
      await runOp(w, FILLER[i % FILLER.length]!, plan, fail);
      await new Promise((resolve) => setTimeout(resolve, FILLER_PAUSE_MS));
    }
  } catch (e) {
    if (!(e instanceof HostGone)) throw e;
    return `${w.currentOp} (${e.message})`;
  }
}

async function runOp(w: World, op: Op, plan: PointPlan, fail: Finding[]): Promise<void> {
  w.currentOp = op;
  const started = Date.now();
  try {
    await RUN[op](w, plan);
    w.currentOp = 'waiting for the answers';
    (w.opLengths[op] ??= []).push(Date.now() - started);
  } catch (e) {
    if (e instanceof CallRefused) fail.push({ kind: 'host', detail: `${op}: ${e.message}` });
    else throw e;
  }
}

/** After the restart: the interrupted import and restore run again, as a person would. */
async function rerunInterrupted(w: World, fail: Finding[]): Promise<boolean> {
  let ran = false;
  for (const batch of w.imports.filter((b) => !b.answered)) {
    ran = true;
    try {
      await runImport(w, batch);
    } catch (e) {
      if (!(e instanceof CallRefused)) throw e;
      fail.push({ kind: 'host', detail: `the import run again after the restart: ${e.message}` });
    }
  }
  for (const job of w.restores.filter((j) => !j.answered)) {
    ran = true;
    try {
      await runRestore(w, job);
    } catch (e) {
      if (!(e instanceof CallRefused)) throw e;
      fail.push({ kind: 'host', detail: `the restore run again after the restart: ${e.message}` });
    }
  }
  // Whatever was not run again stays as it is; nothing is expected of it any more.
  w.imports = w.imports.filter((b) => b.answered);
  w.restores = [];
  return ran;
}

/** Restarts the host on the folder and checks every promise; the new host is left running. */
async function restartAndCheck(
  w: World,
  killAt: number,
  killedPid: number,
  options: Required<Pick<SoakOptions, 'searchSample'>>,
): Promise<PointOutcome> {
  const fail: Finding[] = [];
  const atKill = await snapshotFolder(w.dir);
  try {
    await restartHost(w);
  } catch (e) {
    fail.push({ kind: 'host', detail: `the host did not start again: ${(e as Error).message}` });
    return { failures: fail, setAside: [], alive: false };
  }
  try {
    return {
      failures: fail,
      setAside: await checkAfterRestart(w, atKill, killAt, killedPid, options, fail),
      alive: true,
    };
  } catch (e) {
    if (!(e instanceof HostGone || e instanceof CallRefused)) throw e;
    fail.push({
      kind: 'host',
      detail: `the restarted host failed during the checks (${e.message}): ${w.host.stderr()}`,
    });
    return { failures: fail, setAside: [], alive: false };
  }
}

/** The checks on a restarted host; answers the files found set aside. */
async function checkAfterRestart(
  w: World,
  atKill: FolderSnapshot,
  killAt: number,
  killedPid: number,
  options: Required<Pick<SoakOptions, 'searchSample'>>,
  fail: Finding[],
): Promise<string[]> {
  await indexReady(w);
  const afterStart = await snapshotFolder(w.dir);
  const stale = tempFilesOf(afterStart).filter((p) => atKill.has(p));
  for (const p of stale.filter((path) => !w.told.has(`stale ${path}`))) {
    w.told.add(`stale ${p}`);
    fail.push({
      kind: 'stale-temp',
      detail: `${p} (left by the killed process ${killedPid}) is still there`,
    });
  }
  const gone = goneFiles(atKill, afterStart);
  for (const p of gone.deleted)
    fail.push({
      kind: 'silent-drop',
      detail: `${p} was deleted at the restart (not under recovered/)`,
    });

  const seen = await observe(w);
  checkLibrary(w, seen, killAt, fail);
  await checkSettingsAndUploads(w, fail);
  await checkMediaReferences(w, seen, fail);
  await checkLedger(w, fail);
  if (await rerunInterrupted(w, fail)) {
    const again = await observe(w);
    const before = fail.length;
    checkLibrary(w, again, killAt, fail);
    // Only what the second run could change is new; the rest was said above.
    const fresh = fail.splice(before).filter((f) => f.kind === 'duplicate' || f.kind === 'loss');
    fail.push(...fresh.filter((f) => !fail.some((g) => g.detail === f.detail)));
    await indexReady(w);
    await checkSearch(w, again, options.searchSample, fail);
  } else {
    await checkSearch(w, seen, options.searchSample, fail);
  }
  return gone.setAside;
}

function emptyCounts(): Record<FailureKind, number> {
  return Object.fromEntries(FAILURE_KINDS.map((k) => [k, 0])) as Record<FailureKind, number>;
}

/** Runs the crash test; the simulator and every host it starts are gone when it resolves. */
export async function runCrashSoak(options: SoakOptions): Promise<SoakSummary> {
  const started = Date.now();
  const perFolder = Math.max(1, options.pointsPerFolder ?? 4);
  const searchSample = options.searchSample ?? 20;
  const log = options.log ?? (() => undefined);
  const plans = planPoints(options.seed, options.points, options.importSizeMax ?? 150);
  const summary: SoakSummary = {
    seed: options.seed,
    points: 0,
    folders: 0,
    durationMs: 0,
    byOperation: {},
    landedIn: {},
    opLengths: {},
    counts: emptyCounts(),
    setAside: [],
    ledgerEntries: 0,
    failures: [],
    keptFolders: [],
  };
  const sim = await startSim({ port: 0, debugPort: 0, minDebugPollMs: 0 });
  try {
    for (let first = 0; first < plans.length; first += perFolder) {
      summary.folders += 1;
      await runFolder(sim, plans, first, Math.min(plans.length, first + perFolder), {
        ...options,
        searchSample,
        log,
        summary,
      });
    }
  } finally {
    await sim.close();
  }
  summary.durationMs = Date.now() - started;
  return summary;
}

async function runFolder(
  sim: RunningSim,
  plans: PointPlan[],
  from: number,
  to: number,
  ctx: SoakOptions & { searchSample: number; log: (line: string) => void; summary: SoakSummary },
): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'atelier-soak-'));
  removeOnExit(dir);
  let w: World | null = null;
  let failed = false;
  try {
    w = await openWorld(sim, dir, `sk${ctx.seed.toString(36)}x${from.toString(36)}`);
    try {
      await setUp(w);
    } catch (e) {
      if (!(e instanceof HostGone || e instanceof CallRefused)) throw e;
      failed = true;
      ctx.summary.counts.host += 1;
      ctx.summary.failures.push({
        point: from + 1,
        kind: 'host',
        killedIn: 'setting up',
        killAfterMs: -1,
        landedIn: 'setting up',
        detail: `the first steps failed: ${e.message}`,
      });
      return;
    }
    for (let index = from; index < to; index += 1) {
      const plan = plans[index]!;
      w.picks = plan.picks;
      const fail: Finding[] = [];
      const killedPid = w.host.pid;
      const { killAt, killAfterMs, landedIn } = await workUntilKilled(w, plan, fail);
      const outcome = await restartAndCheck(w, killAt, killedPid, ctx);
      const all = [...fail, ...outcome.failures];
      const killedIn = plan.target;
      ctx.summary.points += 1;
      ctx.summary.byOperation[killedIn] = (ctx.summary.byOperation[killedIn] ?? 0) + 1;
      ctx.summary.landedIn[landedIn] = (ctx.summary.landedIn[landedIn] ?? 0) + 1;
      ctx.summary.setAside.push(...outcome.setAside.map((p) => `point ${index + 1}: ${p}`));
      for (const f of all) {
        ctx.summary.counts[f.kind] += f.count ?? 1;
        ctx.summary.failures.push({ point: index + 1, killedIn, killAfterMs, landedIn, ...f });
      }
      failed ||= all.length > 0;
      ctx.log(
        `point ${index + 1}/${ctx.points}: killed ${killAfterMs} ms after ${aimOf(killedIn)}, in ${landedIn}` +
          (all.length > 0
            ? `: ${all.length} failure(s), first: ${all[0]!.kind}: ${all[0]!.detail}`
            : ': ok'),
      );
      if (!outcome.alive) break;
    }
  } finally {
    for (const [op, lengths] of Object.entries(w?.opLengths ?? {}))
      (ctx.summary.opLengths[op] ??= []).push(...lengths);
    ctx.summary.ledgerEntries += w?.ledger.size ?? 0;
    w?.bridge.close();
    await w?.host.stop().catch(() => undefined);
    liveFolders.delete(dir);
    if (failed && ctx.keepFailedFolders) ctx.summary.keptFolders.push(dir);
    else await rm(dir, { recursive: true, force: true });
  }
}

/** Data folders in use; an interrupted run (Ctrl+C) removes them as it exits. */
const liveFolders = new Set<string>();
let exitHookSet = false;

function removeOnExit(dir: string): void {
  liveFolders.add(dir);
  if (exitHookSet) return;
  exitHookSet = true;
  process.once('exit', () => {
    for (const folder of liveFolders)
      rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
  });
}
