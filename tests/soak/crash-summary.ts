// The crash test's summary: what a run found, point by point, and the summary as a person reads it.
import type { FailureKind, Finding } from './checks';
import { KILL_AT } from './plan';

export interface SoakFailure extends Finding {
  point: number;
  /** The operation the kill was aimed at, and how long after it sent its call (KILL_AT) the kill came. */
  killedIn: string;
  killAfterMs: number;
  /** The operation and call in flight when the kill came. */
  landedIn: string;
}

export interface SoakSummary {
  seed: number;
  points: number;
  folders: number;
  durationMs: number;
  /** Kill points per operation aimed at. */
  byOperation: Record<string, number>;
  /** Where the kills landed: the operation and the call in flight. */
  landedIn: Record<string, number>;
  /** How long each operation took when it ran whole (ms). */
  opLengths: Record<string, number[]>;
  counts: Record<FailureKind, number>;
  /** Files found under recovered/ after a restart (not a failure by itself: the data is kept). */
  setAside: string[];
  failures: SoakFailure[];
  /** Folders left for a look (keepFailedFolders). */
  keptFolders: string[];
  /** Spending ledger entries the hosts said they recorded, each checked after every later kill. */
  ledgerEntries: number;
}

/** "the transfer.import of import": where a kill was aimed, in words. */
export function aimOf(op: string): string {
  const aim = (KILL_AT as Record<string, { call: string } | undefined>)[op];
  return aim ? `the ${aim.call} of ${op}` : op;
}

/** Details shown of one point's failures of one kind; the rest are counted. */
const SHOWN_PER_GROUP = 4;

/** The summary as a person reads it. */
export function formatSummary(s: SoakSummary): string {
  const c = s.counts;
  const lines = [
    `Crash soak: ${s.points} kill points, seed ${s.seed}, ${s.folders} data folder(s), ${(s.durationMs / 1000).toFixed(0)} s`,
    `  kill points by operation: ${Object.entries(s.byOperation)
      .map(([op, n]) => `${op} ${n}`)
      .join(', ')}`,
    `  kills landed in: ${Object.entries(s.landedIn)
      .sort((a, b) => b[1] - a[1])
      .map(([where, n]) => `${where} ${n}`)
      .join(', ')}`,
    `  operation lengths, median and longest (ms): ${Object.entries(s.opLengths)
      .map(([op, ms]) => {
        const sorted = [...ms].sort((a, b) => a - b);
        return `${op} ${sorted[Math.floor(sorted.length / 2)]}/${sorted.at(-1)}`;
      })
      .join(', ')}`,
    `  losses (acknowledged, then missing):        ${c.loss}`,
    `  streamed text lost beyond the last second:  ${c['stream-loss']}`,
    `  silent drops (files deleted at restart):    ${c['silent-drop']}`,
    `  duplicates:                                 ${c.duplicate}`,
    `  dangling references:                        ${c.dangling}`,
    `  search misses:                              ${c['search-miss']}`,
    `  stale temporary files:                      ${c['stale-temp']}`,
    `  answers left "streaming":                   ${c['still-streaming']}`,
    `  deleted, then back after the restart:       ${c.resurrected}`,
    `  host failures (start, refused, unanswered): ${c.host}`,
    `  files set aside under recovered/:           ${s.setAside.length}`,
    `  spending ledger entries kept across kills:  ${s.ledgerEntries}`,
  ];
  if (s.failures.length > 0) lines.push('Failures (each told once, at the point it was found):');
  // One line per point and kind, with its first few details: an import's 150 copies are one finding.
  const groups = new Map<string, SoakFailure[]>();
  for (const f of s.failures) {
    const key = `${f.point} ${f.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  for (const group of groups.values()) {
    const f = group[0]!;
    const count = group.reduce((n, g) => n + (g.count ?? 1), 0);
    lines.push(
      `  point ${f.point} (killed ${f.killAfterMs} ms after ${aimOf(f.killedIn)}, in ${f.landedIn}): ${count} ${f.kind}`,
      ...group.slice(0, SHOWN_PER_GROUP).map((g) => `    ${g.detail}`),
    );
    if (group.length > SHOWN_PER_GROUP)
      lines.push(`    … and ${group.length - SHOWN_PER_GROUP} more like these`);
  }
  if (s.setAside.length > 0) lines.push('Set aside:', ...s.setAside.map((p) => `  ${p}`));
  if (s.keptFolders.length > 0) lines.push('Folders kept:', ...s.keptFolders.map((d) => `  ${d}`));
  return lines.join('\n');
}
