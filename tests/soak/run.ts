// `npm run soak`: the crash test over many kill points (SOAK_POINTS, default 100; seed SOAK_SEED), its summary printed and written to tests/soak/last-run.log.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { runCrashSoak } from './crash';
import { formatSummary } from './crash-summary';

const DEFAULT_POINTS = 100;
const DEFAULT_SEED = 37;
/** Beside this script; *.log is not committed. */
const SUMMARY_FILE = fileURLToPath(new URL('./last-run.log', import.meta.url));

function numberFrom(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number, got ${raw}`);
  return value;
}

async function main(): Promise<void> {
  // An interrupt still runs the exit hook that kills the hosts this run started.
  process.once('SIGINT', () => process.exit(130));
  process.once('SIGTERM', () => process.exit(143));
  const points = numberFrom('SOAK_POINTS', DEFAULT_POINTS);
  const seed = numberFrom('SOAK_SEED', DEFAULT_SEED);
  console.log(`Crash soak: ${points} kill points, seed ${seed}`);
  const summary = await runCrashSoak({
    points,
    seed,
    pointsPerFolder: numberFrom('SOAK_POINTS_PER_FOLDER', 4),
    keepFailedFolders: process.env.SOAK_KEEP === '1',
    log: (line) => console.log(line),
  });
  const text = formatSummary(summary);
  console.log(text);
  await writeFile(SUMMARY_FILE, `${text}\n`);
  console.log(`Written to ${SUMMARY_FILE}`);
  const failures = Object.values(summary.counts).reduce((a, b) => a + b, 0);
  process.exitCode = failures > 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error('The crash soak could not run:', error);
  process.exit(2);
});
