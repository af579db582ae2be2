// CPU time from /proc (Linux): how busy the machine was, and how much of that was the bench and its browser.
import { readdir, readFile } from 'node:fs/promises';

export interface CpuSnapshot {
  /** Jiffies of all cores: busy (not idle or iowait) and in all. */
  busy: number;
  total: number;
  /** Jiffies used by this process and its descendants (the browser, tsx workers). */
  ours: number;
}

export interface CpuShare {
  /** Busy share of all cores over the interval, 0..1 (a VM's steal time counts as busy). */
  busy: number;
  /** Share of all cores used by processes outside the bench (other work on the machine), 0..1. */
  others: number;
}

async function processTicks(): Promise<Map<number, { ppid: number; ticks: number }>> {
  const table = new Map<number, { ppid: number; ticks: number }>();
  for (const name of await readdir('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      // The command name may hold spaces and parentheses; the fields start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      const ticks = Number(fields[11]) + Number(fields[12]);
      table.set(pid, { ppid, ticks });
    } catch {
      // The process ended while the table was read.
    }
  }
  return table;
}

export async function cpuSnapshot(): Promise<CpuSnapshot> {
  const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
  const values = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  const table = await processTicks();
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of table) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  let ours = 0;
  const pending = [process.pid];
  while (pending.length > 0) {
    const pid = pending.pop() as number;
    ours += table.get(pid)?.ticks ?? 0;
    pending.push(...(children.get(pid) ?? []));
  }
  return { busy: total - idle, total, ours };
}

export function cpuShare(before: CpuSnapshot, after: CpuSnapshot): CpuShare {
  const total = Math.max(after.total - before.total, 1);
  const busy = after.busy - before.busy;
  const ours = after.ours - before.ours;
  return { busy: busy / total, others: Math.max(busy - ours, 0) / total };
}

/**
 * Other helpers may be compiling or testing on the same machine: waits (up to `maxMs`) for a
 * half second in which processes outside the bench use under 10% of the cores. Returns that share.
 */
export async function waitForQuietMachine(maxMs: number): Promise<number> {
  const deadline = Date.now() + maxMs;
  for (;;) {
    const before = await cpuSnapshot();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { others } = cpuShare(before, await cpuSnapshot());
    if (others < 0.1 || Date.now() >= deadline) return others;
  }
}
